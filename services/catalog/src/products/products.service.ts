import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CatalogEvents,
  CatalogMessages,
  CreateProductDto,
  CustomerProduct,
  Product,
  ProductDeletedEvent,
  ProductionInfo,
  type ProductsPage,
  REPLY_PAGE_BYTES,
  Role,
  SubmissionMessages,
  SubmitProductDto,
  toCustomerProduct,
  UpdateProductDto,
} from '@bakery/contracts';
import { EventBus, type EventTransaction } from '@bakery/event-bus';
import { pageBySize } from '@bakery/platform';
import { DataSource, EntityManager, In } from 'typeorm';
import { CATALOG_CONFIG, CatalogConfig } from '../catalog.config';
import { applyUpdate, compareForListing, LIVE_PRODUCT_WHERE, newProduct, newSubmission, ProductFields, visibleTo } from '../domain/products';
import { AlertsService } from '../inventory/alerts.service';
import { RATE_WINDOW, UploadsService } from '../uploads/uploads.service';
import { CatalogueChangeRelay } from './catalogue-change-relay';
import { ProductEntity, toProduct } from './product.entity';

/** The catalogue: products as admins manage them and customers see them. */
@Injectable()
export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly alerts: AlertsService,
    private readonly uploads: UploadsService,
    private readonly changes: CatalogueChangeRelay,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  /**
   * A page of the listing from `offset` (ListProductsRequest): admins get every product whole;
   * customers the live ones, in their shape (toCustomerProduct).
   */
  async list(role: Role, offset = 0): Promise<ProductsPage> {
    const { page, next } = pageBySize(await this.listing(role), offset, REPLY_PAGE_BYTES);
    return { products: page, next };
  }

  private async listing(role: Role): Promise<Product[] | CustomerProduct[]> {
    const repo = this.dataSource.getRepository(ProductEntity);
    if (role === 'admin') return (await repo.find()).sort(compareForListing).map(toProduct);
    const live = await repo.find({ where: LIVE_PRODUCT_WHERE });
    return live.sort(compareForListing).map((p) => toCustomerProduct(toProduct(p)));
  }

  /**
   * A customer asking for a product that is not live gets the same 404 as for one that does not
   * exist, and a live one in their shape. Without a role (other services) the product is whole.
   */
  async get(id: string, role: Role = 'admin'): Promise<Product | CustomerProduct> {
    const product = await this.find(this.dataSource.manager, id);
    if (!visibleTo(role, product)) throw AppError.notFound(CatalogMessages.productNotFound);
    return role === 'admin' ? toProduct(product) : toCustomerProduct(toProduct(product));
  }

  async getMany(ids: string[]): Promise<Product[]> {
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return [];
    const found = await this.dataSource.getRepository(ProductEntity).findBy({ id: In(wanted) });
    const byId = new Map(found.map((p) => [p.id, p]));
    return wanted.flatMap((id) => (byId.has(id) ? [toProduct(byId.get(id)!)] : []));
  }

  /**
   * What ordering's production documents need of products (any state, unknown ids left out, in
   * the order asked): small rows, so a day's products fit one answer.
   */
  async productionInfo(ids: string[]): Promise<ProductionInfo[]> {
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return [];
    const rows: ProductionInfo[] = await this.dataSource.query(
      `SELECT id AS "productId", name, category, batch_size AS "batchSize" FROM products WHERE id = ANY($1::uuid[])`,
      [wanted],
    );
    const byId = new Map(rows.map((row) => [row.productId, row]));
    return wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** An admin's product; its photo, if any, must be a registered upload. */
  create(dto: CreateProductDto): Promise<Product> {
    return this.insert(newProduct(dto), async (manager) => {
      if (dto.imageUrl) await this.uploads.assertRegistered(manager, dto.imageUrl);
    });
  }

  /**
   * A customer's submission: the photo must be an upload this customer registered; 409 with
   * SUBMISSION_PENDING_MAX waiting for review, 429 past SUBMISSION_RATE_PER_HOUR. One customer's
   * submissions are counted and written under an advisory lock on them, so concurrent ones queue
   * and cannot pass the limits together.
   */
  submit(customerId: string, dto: SubmitProductDto): Promise<Product> {
    const customer = customerId.toLowerCase();
    return this.insert(newSubmission(customer, dto), async (manager) => {
      await this.uploads.assertRegistered(manager, dto.imageUrl, customer);
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`catalog.submissions:${customer}`]);
      const [{ pending, recent }]: { pending: number; recent: number }[] = await manager.query(
        `SELECT count(*) FILTER (WHERE review_status = 'pending_review')::int AS pending,
                count(*) FILTER (WHERE created_at > now() - interval '${RATE_WINDOW}')::int AS recent
           FROM products WHERE submitted_by = $1`,
        [customer],
      );
      const { submissionPendingMax, submissionRatePerHour } = this.config;
      if (pending >= submissionPendingMax) throw AppError.conflict(SubmissionMessages.pendingCap(submissionPendingMax));
      if (recent >= submissionRatePerHour) throw AppError.tooManyRequests(SubmissionMessages.rate(submissionRatePerHour));
    });
  }

  /** An admin's edit; a new photo must be a registered upload (keeping the current one always works). */
  update(id: string, changes: UpdateProductDto): Promise<Product> {
    return this.write(async (tx) => {
      const current = await this.find(tx.manager, id, true);
      if (changes.imageUrl && changes.imageUrl !== current.imageUrl) await this.uploads.assertRegistered(tx.manager, changes.imageUrl);
      const next = applyUpdate(current, changes);
      await tx.manager.getRepository(ProductEntity).save(Object.assign(current, next));
      return this.afterWrite(tx, id);
    });
  }

  toggleActive(id: string): Promise<Product> {
    return this.write(async (tx) => {
      const current = await this.find(tx.manager, id, true);
      await tx.manager.getRepository(ProductEntity).update({ id }, { isActive: !current.isActive });
      return this.afterWrite(tx, id);
    });
  }

  /** Removes the product; ordering drops it from open carts on product.deleted. */
  delete(id: string): Promise<{ productId: string }> {
    return this.write(async (tx) => {
      const [deleted]: [{ id: string }[], number] = await tx.manager.query('DELETE FROM products WHERE id = $1 RETURNING id', [id]);
      if (deleted.length === 0) throw AppError.notFound(CatalogMessages.productNotFound);
      await tx.publish<ProductDeletedEvent>(CatalogEvents.productDeleted, { productId: id });
      return { productId: id };
    });
  }

  /** Approved products at or below their threshold, lowest stock first (the admin dashboard's list). */
  async lowStock(limit?: number): Promise<Product[]> {
    const query = this.dataSource
      .getRepository(ProductEntity)
      .createQueryBuilder('p')
      .where(`p.review_status = 'approved'`)
      .andWhere('p.stock <= p.low_stock_threshold')
      .orderBy('p.stock', 'ASC')
      .addOrderBy('p.name', 'ASC')
      .addOrderBy('p.id', 'ASC');
    if (limit) query.take(limit);
    return (await query.getMany()).map(toProduct);
  }

  /** Inserts a product once `checks` (in the same transaction) have passed; a refusal writes nothing. */
  private insert(fields: ProductFields, checks: (manager: EntityManager) => Promise<void>): Promise<Product> {
    return this.write(async (tx) => {
      await checks(tx.manager);
      const repo = tx.manager.getRepository(ProductEntity);
      const saved = await repo.save(repo.create(fields));
      return this.afterWrite(tx, saved.id);
    });
  }

  /**
   * Every catalogue write goes through here: committed, then the caches told before the answer
   * goes (`catalog.changed`: see catalogue-change-relay.ts), so whoever acts on the answer reads
   * the change.
   */
  private async write<T>(work: (tx: EventTransaction) => Promise<T>): Promise<T> {
    const answer = await this.bus.inTransaction(work);
    await this.changes.announce();
    return answer;
  }

  /** A written product's last steps: alert kept in step with stock, fresh row answered. */
  private async afterWrite(tx: EventTransaction, id: string): Promise<Product> {
    const product = await this.find(tx.manager, id);
    await this.alerts.sync(tx, product);
    return toProduct(product);
  }

  private async find(manager: EntityManager, id: string, forUpdate = false): Promise<ProductEntity> {
    const product = await manager.getRepository(ProductEntity).findOne({
      where: { id },
      ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!product) throw AppError.notFound(CatalogMessages.productNotFound);
    return product;
  }
}
