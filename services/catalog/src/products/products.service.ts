import { Injectable } from '@nestjs/common';
import {
  AppError,
  CatalogEvents,
  CatalogMessages,
  CreateProductDto,
  Product,
  ProductChangedEvent,
  ProductDeletedEvent,
  Role,
  SubmitProductDto,
  UpdateProductDto,
} from '@bakery/contracts';
import { EventBus, type EventTransaction } from '@bakery/event-bus';
import { DataSource, EntityManager, In } from 'typeorm';
import { isUuid } from '../domain/ids';
import { applyUpdate, compareForListing, newProduct, newSubmission, ProductFields, visibleTo } from '../domain/products';
import { AlertsService } from '../inventory/alerts.service';
import { ProductEntity, toProduct } from './product.entity';

/** The catalogue: products as admins manage them and customers see them. */
@Injectable()
export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly alerts: AlertsService,
  ) {}

  async list(role: Role): Promise<Product[]> {
    const repo = this.dataSource.getRepository(ProductEntity);
    const rows = role === 'admin' ? await repo.find() : await repo.find({ where: { isActive: true, reviewStatus: 'approved' } });
    return rows.sort(compareForListing).map(toProduct);
  }

  /** A customer asking for a product that is not live gets the same 404 as for one that does not exist. */
  async get(id: string, role: Role = 'admin'): Promise<Product> {
    const product = await this.find(this.dataSource.manager, id);
    if (!visibleTo(role, product)) throw AppError.notFound(CatalogMessages.productNotFound);
    return toProduct(product);
  }

  async getMany(ids: string[]): Promise<Product[]> {
    const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return [];
    const found = await this.dataSource.getRepository(ProductEntity).findBy({ id: In(wanted) });
    const byId = new Map(found.map((p) => [p.id, p]));
    return wanted.flatMap((id) => (byId.has(id) ? [toProduct(byId.get(id)!)] : []));
  }

  create(dto: CreateProductDto): Promise<Product> {
    return this.insert(newProduct(dto), 'created');
  }

  submit(customerId: string, dto: SubmitProductDto): Promise<Product> {
    return this.insert(newSubmission(customerId, dto), 'submitted');
  }

  update(id: string, changes: UpdateProductDto): Promise<Product> {
    return this.bus.inTransaction(async (tx) => {
      const current = await this.find(tx.manager, id, true);
      const next = applyUpdate(current, changes);
      await tx.manager.getRepository(ProductEntity).save(Object.assign(current, next));
      return this.afterWrite(tx, id, 'updated');
    });
  }

  toggleActive(id: string): Promise<Product> {
    return this.bus.inTransaction(async (tx) => {
      const current = await this.find(tx.manager, id, true);
      await tx.manager.getRepository(ProductEntity).update({ id }, { isActive: !current.isActive });
      return this.afterWrite(tx, id, current.isActive ? 'deactivated' : 'activated');
    });
  }

  /** Removes the product; ordering drops it from open carts on product.deleted. */
  async delete(id: string): Promise<{ productId: string }> {
    if (!isUuid(id)) throw AppError.notFound(CatalogMessages.productNotFound);
    return this.bus.inTransaction(async (tx) => {
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

  private insert(fields: ProductFields, change: 'created' | 'submitted'): Promise<Product> {
    return this.bus.inTransaction(async (tx) => {
      const repo = tx.manager.getRepository(ProductEntity);
      const saved = await repo.save(repo.create(fields));
      return this.afterWrite(tx, saved.id, change);
    });
  }

  /** Every catalogue write ends here: alert kept in step with stock, caches told, fresh row answered. */
  private async afterWrite(tx: EventTransaction, id: string, change: ProductChangedEvent['change']): Promise<Product> {
    const product = await this.find(tx.manager, id);
    await this.alerts.sync(tx, product);
    await tx.publish<ProductChangedEvent>(CatalogEvents.productChanged, { productId: id, change });
    return toProduct(product);
  }

  private async find(manager: EntityManager, id: string, forUpdate = false): Promise<ProductEntity> {
    const product = isUuid(id)
      ? await manager.getRepository(ProductEntity).findOne({
          where: { id },
          ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!product) throw AppError.notFound(CatalogMessages.productNotFound);
    return product;
  }
}
