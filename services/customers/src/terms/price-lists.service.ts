import { Injectable } from '@nestjs/common';
import {
  AppError,
  canonicalPercentage,
  CatalogPatterns,
  CustomerTermsEvents,
  CustomerTermsMessages,
  type FieldErrors,
  type FixedPrice,
  formatCents,
  ListPriceListsRequest,
  PAGE_CURSOR_TIME_FORMAT,
  PAGE_LIMIT_DEFAULT,
  parseAmount,
  type PriceList,
  type PriceListChangedEvent,
  type PriceListCustomersPage,
  PriceListCustomersRequest,
  type PriceListDto,
  type PriceListsPage,
  type Product,
} from '@bakery/contracts';
import { EventBus, type EventTransaction } from '@bakery/event-bus';
import { RpcClient } from '@bakery/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { TermsBroadcaster } from './terms-broadcaster';

interface PriceListRow {
  id: string;
  name: string;
  percentage: string;
  created_at: Date;
  updated_at: Date;
  cursor_at: string;
  customer_count: number;
}

/** Postgres's error code of a failed statement (TypeORM wraps the driver's error). */
function pgCode(err: unknown): string | undefined {
  return (err as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (err as { code?: string }).code;
}

/**
 * Price lists: a name, a percentage of the default price and fixed prices for some products. The
 * customers service owns them with the customers' terms (the list a customer is on), so deleting a
 * list in use is refused in one place, under the database's own foreign key. Every change
 * publishes `price-list.changed` and, once committed, the broadcast the gateways' catalogue caches
 * drop the list on.
 */
@Injectable()
export class PriceListsService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly rpc: RpcClient,
    private readonly broadcaster: TermsBroadcaster,
  ) {}

  /** One page, newest first (keyset on created_at, id), each list with its fixed prices and how many customers use it. */
  async list(req: ListPriceListsRequest): Promise<PriceListsPage> {
    const limit = req.limit ?? PAGE_LIMIT_DEFAULT;
    const after = req.after ?? null;
    const [rows, total] = await Promise.all([
      this.db.query(
        `${SELECT_LISTS} ${after ? `WHERE (l.created_at, l.id) < ($2::timestamptz, $3::uuid)` : ''}
          ORDER BY l.created_at DESC, l.id DESC LIMIT $1`,
        after ? [limit + 1, after.createdAt, after.id] : [limit + 1],
      ) as Promise<PriceListRow[]>,
      req.withTotal ? this.db.query(`SELECT count(*)::int AS n FROM price_lists`).then((r: { n: number }[]) => r[0].n) : Promise.resolve(undefined),
    ]);
    const page = rows.slice(0, limit);
    const lists = await this.withPrices(this.db.manager, page);
    const last = page[page.length - 1];
    return {
      priceLists: lists,
      next: rows.length > limit ? { createdAt: last.cursor_at, id: last.id } : null,
      ...(total === undefined ? {} : { total }),
    };
  }

  async get(id: string): Promise<PriceList> {
    return this.find(this.db.manager, id);
  }

  async create(dto: PriceListDto): Promise<PriceList> {
    const fixed = await this.checkedFixedPrices(dto);
    return this.write(async (tx) => {
      const [{ id }]: { id: string }[] = await tx.manager.query(
        `INSERT INTO price_lists (name, percentage) VALUES ($1, $2::numeric) RETURNING id`,
        [dto.name, canonicalPercentage(dto.percentage)],
      );
      await this.writePrices(tx.manager, id, fixed);
      return id;
    });
  }

  /** Replaces the list: name, percentage and every fixed price. */
  async update(id: string, dto: PriceListDto): Promise<PriceList> {
    const fixed = await this.checkedFixedPrices(dto);
    return this.write(async (tx) => {
      const [updated]: [{ id: string }[], number] = await tx.manager.query(
        `UPDATE price_lists SET name = $2, percentage = $3::numeric, updated_at = now() WHERE id = $1 RETURNING id`,
        [id, dto.name, canonicalPercentage(dto.percentage)],
      );
      if (updated.length === 0) throw AppError.notFound(CustomerTermsMessages.priceListNotFound);
      await tx.manager.query(`DELETE FROM price_list_prices WHERE price_list_id = $1`, [id]);
      await this.writePrices(tx.manager, id, fixed);
      return id;
    });
  }

  /**
   * Deletes a list no customer is on: 409 with how many are otherwise. The list's row lock makes a
   * concurrent assignment (its foreign key takes a share lock on the row) wait or come first, and
   * the key refuses a delete that would leave a customer on a missing list.
   */
  async delete(id: string): Promise<{ id: string }> {
    return this.bus
      .inTransaction(async (tx) => {
        const [found]: { id: string }[] = await tx.manager.query(`SELECT id FROM price_lists WHERE id = $1 FOR UPDATE`, [id]);
        if (!found) throw AppError.notFound(CustomerTermsMessages.priceListNotFound);
        const [{ n }]: { n: number }[] = await tx.manager.query(`SELECT count(*)::int AS n FROM customer_terms WHERE price_list_id = $1`, [id]);
        if (n > 0) throw AppError.conflict(CustomerTermsMessages.priceListInUse, { customerCount: n });
        await tx.manager.query(`DELETE FROM price_lists WHERE id = $1`, [id]);
        await this.announce(tx, { priceListId: id, deleted: true });
        return { id };
      })
      .catch((err: unknown) => {
        if (pgCode(err) === '23503') throw AppError.conflict(CustomerTermsMessages.priceListInUse);
        throw err;
      });
  }

  /** The customers on a list, one page at a time (newest customer first). */
  async customers(req: PriceListCustomersRequest): Promise<PriceListCustomersPage> {
    await this.find(this.db.manager, req.id);
    const limit = req.limit ?? PAGE_LIMIT_DEFAULT;
    const after = req.after ?? null;
    const rows: { id: string; business_name: string | null; email: string | null; cursor_at: string }[] = await this.db.query(
      `SELECT p.user_id AS id, p.business_name, p.email, to_char(p.created_at AT TIME ZONE 'UTC', '${PAGE_CURSOR_TIME_FORMAT}') AS cursor_at
         FROM customer_terms t JOIN customer_profiles p ON p.user_id = t.user_id
        WHERE t.price_list_id = $1 ${after ? 'AND (p.created_at, p.user_id) < ($3::timestamptz, $4::uuid)' : ''}
        ORDER BY p.created_at DESC, p.user_id DESC LIMIT $2`,
      after ? [req.id, limit + 1, after.createdAt, after.id] : [req.id, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      customers: page.map((r) => ({ id: r.id, businessName: r.business_name, email: r.email })),
      next: rows.length > limit ? { createdAt: last.cursor_at, id: last.id } : null,
    };
  }

  /** A write with its event; a name another list has is a 409. Answers the list as written. */
  private async write(work: (tx: EventTransaction) => Promise<string>): Promise<PriceList> {
    try {
      return await this.bus.inTransaction(async (tx) => {
        const id = await work(tx);
        await this.announce(tx, { priceListId: id });
        return this.find(tx.manager, id);
      });
    } catch (err) {
      if (pgCode(err) === '23505') throw AppError.validation({ name: [CustomerTermsMessages.nameTaken] });
      throw err;
    }
  }

  private async announce(tx: EventTransaction, event: PriceListChangedEvent): Promise<void> {
    await tx.publish(CustomerTermsEvents.priceListChanged, event);
    tx.afterCommit(() => this.broadcaster.priceListChanged(event));
  }

  /**
   * The fixed prices in canonical form, each naming a product catalog knows (any state: a list
   * may price a product before it goes live); an unknown one is a 400 on its line.
   */
  private async checkedFixedPrices(dto: PriceListDto): Promise<FixedPrice[]> {
    const fixed = (dto.fixedPrices ?? []).map((f) => ({ productId: f.productId.toLowerCase(), price: formatCents(parseAmount(f.price)) }));
    if (fixed.length === 0) return fixed;
    const known = await this.rpc.request<Product[]>(CatalogPatterns.getProducts, { ids: fixed.map((f) => f.productId) });
    const ids = new Set(known.map((p) => p.id.toLowerCase()));
    const problems: FieldErrors = {};
    fixed.forEach((f, i) => {
      if (!ids.has(f.productId)) problems[`fixedPrices.${i}.productId`] = ['No product has this id'];
    });
    if (Object.keys(problems).length > 0) throw AppError.validation(problems);
    return fixed;
  }

  private async writePrices(m: EntityManager, id: string, fixed: FixedPrice[]): Promise<void> {
    if (fixed.length === 0) return;
    await m.query(
      `INSERT INTO price_list_prices (price_list_id, product_id, price)
       SELECT $1, product_id, price FROM unnest($2::uuid[], $3::numeric[]) AS f(product_id, price)`,
      [id, fixed.map((f) => f.productId), fixed.map((f) => f.price)],
    );
  }

  private async find(m: EntityManager, id: string): Promise<PriceList> {
    const rows: PriceListRow[] = await m.query(`${SELECT_LISTS} WHERE l.id = $1`, [id]);
    if (rows.length === 0) throw AppError.notFound(CustomerTermsMessages.priceListNotFound);
    const [list] = await this.withPrices(m, rows);
    return list;
  }

  private async withPrices(m: EntityManager, rows: PriceListRow[]): Promise<PriceList[]> {
    if (rows.length === 0) return [];
    const prices: { price_list_id: string; product_id: string; price: string }[] = await m.query(
      `SELECT price_list_id, product_id, price::text AS price FROM price_list_prices WHERE price_list_id = ANY($1::uuid[]) ORDER BY product_id`,
      [rows.map((r) => r.id)],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      percentage: r.percentage,
      fixedPrices: prices.filter((p) => p.price_list_id === r.id).map((p) => ({ productId: p.product_id, price: p.price })),
      customerCount: r.customer_count,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    }));
  }
}

const SELECT_LISTS = `
  SELECT l.id, l.name, l.percentage::text AS percentage, l.created_at, l.updated_at,
         to_char(l.created_at AT TIME ZONE 'UTC', '${PAGE_CURSOR_TIME_FORMAT}') AS cursor_at,
         (SELECT count(*)::int FROM customer_terms t WHERE t.price_list_id = l.id) AS customer_count
    FROM price_lists l`;
