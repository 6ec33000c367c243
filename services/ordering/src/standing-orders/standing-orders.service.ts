import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  addDays,
  AppError,
  calendarDay,
  Caller,
  ChangeDeliveryRequest,
  type DeliveryException,
  deliveredLines,
  type LeadTimeProduct,
  isLiveProduct,
  ListStandingOrdersRequest,
  occurrenceOn,
  occurrencesBetween,
  PAGE_CURSOR_TIME_FORMAT,
  PAGE_LIMIT_DEFAULT,
  type PageCursor,
  PauseStandingOrderRequest,
  pinnedDeliveries,
  raisedWithinNotice,
  SaveStandingOrderRequest,
  SCHEDULE_LIMITS,
  STANDING_ORDER_LIMITS,
  type StandingOrder,
  StandingOrderMessages,
  type StandingOrdersPage,
  type UpcomingDeliveriesPage,
  type UpcomingDelivery,
  UpcomingDeliveriesRequest,
  DeliveryMessages,
  deliveryChangeable,
  ErrorCode,
} from '@bakery/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogClient } from '../catalog/catalog.client';
import { DeliveryScheduleService } from '../delivery/delivery-schedule.service';
import { type StandingOrderRow, STANDING_ORDER_COLUMNS, termsOf, toStandingOrder } from './standing-order.row';

/** How far ahead a date can be inside the bakery's notice: the longest weekday lead, the longest product lead time, a day. */
const NOTICE_DAYS_MAX = SCHEDULE_LIMITS.leadDaysMax + SCHEDULE_LIMITS.productLeadDaysMax + 1;

/**
 * Standing orders: customers' own (admins: any customer's, for orders taken by phone), at most
 * STANDING_ORDER_LIMITS.perCustomer each; one-date changes until that date's cut-off; the coming
 * deliveries. Orders are made from them by StandingOrderMaterializer.
 */
@Injectable()
export class StandingOrdersService {
  constructor(
    private readonly db: DataSource,
    private readonly catalog: CatalogClient,
    private readonly delivery: DeliveryScheduleService,
  ) {}

  /**
   * Creates one, or with `id` replaces it (same body). The new terms do not reach what the bakery
   * can no longer change: a date past its cut-off, and a product raised inside its lead time, keep
   * what they had, written as those dates' own quantities in the same transaction (`pinnedDeliveries`).
   * `beforeWrite` runs once the request passed its checks, before anything is written.
   */
  async save(req: SaveStandingOrderRequest, id?: string, beforeWrite?: () => Promise<void>): Promise<StandingOrder> {
    const customerId = this.ownerFor(req.caller, req.customerId, id === undefined);
    const fields: Record<string, string[]> = {};
    if (req.endDate && req.endDate < req.startDate) fields.endDate = [StandingOrderMessages.endBeforeStart];
    const ids = req.lines.map((l) => l.productId.toLowerCase());
    if (new Set(ids).size !== ids.length) fields.lines = [StandingOrderMessages.duplicateProduct];
    else if (req.lines.every((l) => l.quantities.every((q) => q === 0))) fields.lines = [StandingOrderMessages.nothingOrdered];
    if (Object.keys(fields).length > 0) throw AppError.validation(fields);
    const products = await this.catalog.products(ids);
    const unavailable = req.lines.findIndex((l) => !isLiveProduct(products.get(l.productId.toLowerCase()) ?? { isActive: false, reviewStatus: 'rejected' }));
    // as adding it to the cart answers: the product's state, not the request's shape
    if (unavailable >= 0) throw new AppError(ErrorCode.NotFound, StandingOrderMessages.productUnavailable, undefined, { productId: req.lines[unavailable].productId });
    await beforeWrite?.();

    const values = [
      req.name,
      req.startDate,
      req.endDate ?? null,
      req.everyWeeks,
      req.deliveryTimeSlot ?? null,
      req.specialInstructions ?? null,
      JSON.stringify(req.lines.map((l) => ({ productId: l.productId.toLowerCase(), quantities: l.quantities }))),
    ];
    if (id === undefined) {
      return this.db.transaction(async (m) => {
        // the customer's row lock: concurrent creations count one after the other
        await m.query(`SELECT pg_advisory_xact_lock(hashtext('standing-orders:' || $1))`, [customerId]);
        const [{ n }]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM standing_orders WHERE customer_id = $1`, [customerId]);
        if (n >= STANDING_ORDER_LIMITS.perCustomer) throw AppError.conflict(StandingOrderMessages.tooMany);
        const [row]: StandingOrderRow[] = await m.query(
          `INSERT INTO standing_orders (id, customer_id, name, start_date, end_date, every_weeks, delivery_time_slot, special_instructions, lines)
           VALUES ($8, $9, $1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING ${STANDING_ORDER_COLUMNS}`,
          [...values, randomUUID(), customerId],
        );
        await this.keepClosedDates(m, null, row, products);
        return toStandingOrder(row, this.delivery.today());
      });
    }
    return this.db.transaction(async (m) => {
      const before = await this.locked(m, req.caller, id);
      const [[row]]: [StandingOrderRow[], number] = await m.query(
        `UPDATE standing_orders SET name = $1, start_date = $2, end_date = $3, every_weeks = $4, delivery_time_slot = $5,
                special_instructions = $6, lines = $7::jsonb, updated_at = now()
          WHERE id = $8 RETURNING ${STANDING_ORDER_COLUMNS}`,
        [...values, id],
      );
      await this.keepClosedDates(m, before, row, products);
      return toStandingOrder(row, this.delivery.today());
    });
  }

  /** A page of the own standing orders; an admin's: of all, or of one customer's (at most perCustomer, so one page). */
  async list(req: ListStandingOrdersRequest): Promise<StandingOrdersPage> {
    const { rows, next } = await this.page(req);
    const today = this.delivery.today();
    return { standingOrders: rows.map((r) => toStandingOrder(r, today)), next };
  }

  async get(caller: Caller, id: string): Promise<StandingOrder> {
    return toStandingOrder(await this.visible(caller, id), this.delivery.today());
  }

  async remove(caller: Caller, id: string): Promise<void> {
    await this.visible(caller, id);
    await this.db.query(`DELETE FROM standing_orders WHERE id = $1`, [id]);
  }

  async pause(req: PauseStandingOrderRequest): Promise<StandingOrder> {
    await this.visible(req.caller, req.id);
    const [[row]]: [StandingOrderRow[], number] = await this.db.query(
      `UPDATE standing_orders SET paused = true, paused_until = $2, updated_at = now() WHERE id = $1 RETURNING ${STANDING_ORDER_COLUMNS}`,
      [req.id, req.until ?? null],
    );
    return toStandingOrder(row, this.delivery.today());
  }

  /** Ends a pause; the dates it covered that the bakery can no longer change stay without a delivery (`keepClosedDates`). */
  async resume(caller: Caller, id: string): Promise<StandingOrder> {
    return this.db.transaction(async (m) => {
      const before = await this.locked(m, caller, id);
      const [[row]]: [StandingOrderRow[], number] = await m.query(
        `UPDATE standing_orders SET paused = false, paused_until = NULL, updated_at = now() WHERE id = $1 RETURNING ${STANDING_ORDER_COLUMNS}`,
        [id],
      );
      await this.keepClosedDates(m, before, row, await this.catalog.products(row.lines.map((l) => l.productId)));
      return toStandingOrder(row, this.delivery.today());
    });
  }

  /** Every delivery from today for `weeks` weeks of a page of the visible standing orders (as list's), by date. */
  async upcoming(req: UpcomingDeliveriesRequest): Promise<UpcomingDeliveriesPage> {
    const { weeks } = req;
    const { rows, next } = await this.page(req);
    const ctx = await this.delivery.context();
    const today = this.delivery.today();
    const to = addDays(today, weeks * 7 - 1);
    const exceptions = await this.exceptionsOf(this.db.manager, rows.map((r) => r.id), today, to);
    const deliveries = rows
      .flatMap((row) =>
        occurrencesBetween(termsOf(row), exceptions.get(row.id) ?? [], today, to, ctx).map((o) => ({
          standingOrderId: row.id,
          date: o.date,
          cutoffAt: o.cutoffAt.toISOString(),
          skipped: o.skipped,
          lines: o.lines,
        })),
      )
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { deliveries, next };
  }

  /** Skips one date, or gives it other quantities, until that date's cut-off (409 after). */
  async changeDelivery(req: ChangeDeliveryRequest): Promise<UpcomingDelivery> {
    const row = await this.visible(req.caller, req.id);
    if ((req.skip === undefined) === (req.lines === undefined)) throw AppError.validation({ skip: [StandingOrderMessages.skipOrLines] });
    if (req.lines) {
      const ids = req.lines.map((l) => l.productId.toLowerCase());
      if (new Set(ids).size !== ids.length) throw AppError.validation({ lines: [StandingOrderMessages.duplicateProduct] });
      if (req.lines.every((l) => l.quantity === 0)) throw AppError.validation({ lines: [StandingOrderMessages.nothingOrdered] });
      const products = await this.catalog.products(ids.filter((id) => !termsOf(row).lines.some((l) => l.productId === id)));
      const bad = req.lines.findIndex((l) => {
        const known = termsOf(row).lines.some((x) => x.productId === l.productId.toLowerCase());
        const product = products.get(l.productId.toLowerCase());
        return !known && !(product && isLiveProduct(product));
      });
      if (bad >= 0) throw new AppError(ErrorCode.NotFound, StandingOrderMessages.productUnavailable, undefined, { productId: req.lines[bad].productId });
    }
    return this.db.transaction(async (m) => {
      // under the row lock, the terms as they are now (a save may have changed them since `row`)
      const terms = termsOf(await this.locked(m, req.caller, row.id));
      const ctx = await this.delivery.context();
      const exceptions = (await this.exceptionsOf(m, [row.id], req.date, req.date)).get(row.id) ?? [];
      // the date must be one of its deliveries by its own terms (before this date's change)
      const planned = occurrenceOn(terms, exceptions.filter((e) => e.date !== req.date), req.date, ctx);
      if (!planned) throw AppError.validation({ date: [StandingOrderMessages.notADelivery] });
      if (!deliveryChangeable(planned, ctx.now)) throw AppError.conflict(DeliveryMessages.orderBeingPrepared);
      const current = exceptions.find((e) => e.date === req.date);
      const skip = req.skip ?? current?.skip ?? false;
      const lines = req.lines ? req.lines.map((l) => ({ productId: l.productId.toLowerCase(), quantity: l.quantity })) : (current?.lines ?? null);
      const after = occurrenceOn(terms, [{ date: req.date, skip, lines }], req.date, ctx)!;
      // the bakery's notice: a product with a lead time may not rise on the date once it began
      // (bringing back a skipped date raises all of it); catalog's answers are cached
      const before = deliveredLines(occurrenceOn(terms, exceptions, req.date, ctx));
      const products = await this.catalog.products(deliveredLines(after).map((l) => l.productId));
      const late = raisedWithinNotice(before, deliveredLines(after), req.date, ctx, (productId) => products.get(productId));
      if (late.length > 0) throw AppError.validation({ lines: [calendarDay(req.date, ctx, late).message!] });
      await this.writeExceptions(m, row.id, [{ date: req.date, skip, lines, pinned: false }]);
      return { standingOrderId: row.id, date: req.date, cutoffAt: after.cutoffAt.toISOString(), skipped: after.skipped, lines: after.lines };
    });
  }

  /**
   * The standing order under its row lock, if the caller may change it (`visible`'s rule): a change
   * of its terms, a one-date change and the materialiser's run of a date take turns, each on what
   * the other wrote (`keepClosedDates`).
   */
  private async locked(m: EntityManager, caller: Caller, id: string): Promise<StandingOrderRow> {
    const [row]: StandingOrderRow[] = await m.query(`SELECT ${STANDING_ORDER_COLUMNS} FROM standing_orders WHERE id = $1 FOR UPDATE`, [id]);
    return this.visibleTo(caller, row);
  }

  /**
   * Writes, with new terms (`after`; `before` null for a new standing order), what they must leave
   * as it was: dates past their cut-off, and products raised inside their lead time
   * (`pinnedDeliveries`); and lifts the earlier pins the new terms no longer need.
   */
  private async keepClosedDates(m: EntityManager, before: StandingOrderRow | null, after: StandingOrderRow, products: Map<string, LeadTimeProduct>): Promise<void> {
    const ctx = await this.delivery.context();
    const from = this.delivery.today();
    const to = addDays(from, NOTICE_DAYS_MAX);
    const exceptions = before ? ((await this.exceptionsOf(m, [after.id], from, to)).get(after.id) ?? []) : [];
    const { pins, lifted } = pinnedDeliveries(before && termsOf(before), termsOf(after), exceptions, from, to, ctx, (productId) => products.get(productId));
    await this.writeExceptions(m, after.id, pins);
    if (lifted.length > 0) {
      await m.query(`DELETE FROM standing_order_exceptions WHERE standing_order_id = $1 AND delivery_date = ANY($2::date[]) AND pinned`, [after.id, lifted]);
    }
  }

  /** Writes dates' own changes (a skip or quantities, or a pin), replacing what those dates had. */
  private async writeExceptions(m: EntityManager, id: string, exceptions: DeliveryException[]): Promise<void> {
    if (exceptions.length === 0) return;
    await m.query(
      `INSERT INTO standing_order_exceptions (standing_order_id, delivery_date, skip, lines, pinned)
       SELECT $1, e.date, e.skip, e.lines, COALESCE(e.pinned, false) FROM jsonb_to_recordset($2::jsonb) AS e(date date, skip boolean, lines jsonb, pinned boolean)
       ON CONFLICT (standing_order_id, delivery_date) DO UPDATE SET skip = EXCLUDED.skip, lines = EXCLUDED.lines, pinned = EXCLUDED.pinned`,
      [id, JSON.stringify(exceptions)],
    );
  }

  /** The one-date changes of standing orders within dates, by standing order. */
  async exceptionsOf(m: EntityManager, ids: string[], from: string, to: string): Promise<Map<string, DeliveryException[]>> {
    const byOrder = new Map<string, DeliveryException[]>();
    if (ids.length === 0) return byOrder;
    const rows: { id: string; date: string; skip: boolean; lines: DeliveryException['lines']; pinned: boolean }[] = await m.query(
      `SELECT standing_order_id AS id, to_char(delivery_date, 'YYYY-MM-DD') AS date, skip, lines, pinned
         FROM standing_order_exceptions WHERE standing_order_id = ANY($1::uuid[]) AND delivery_date BETWEEN $2::date AND $3::date`,
      [ids, from, to],
    );
    for (const r of rows) byOrder.set(r.id, [...(byOrder.get(r.id) ?? []), { date: r.date, skip: r.skip, lines: r.lines, pinned: r.pinned }]);
    return byOrder;
  }

  /** Whose standing order a new one is: the customer's own, or for an admin the customer named (required). */
  private ownerFor(caller: Caller, customerId: string | undefined, creating: boolean): string {
    if (caller.role !== 'admin') {
      if (customerId !== undefined) throw AppError.forbidden(StandingOrderMessages.customerIdAdminOnly);
      return caller.userId;
    }
    if (creating && customerId === undefined) throw AppError.validation({ customerId: [StandingOrderMessages.customerIdRequired] });
    return customerId ?? caller.userId;
  }

  /**
   * One page of the standing orders a list shows, oldest first (keyset on created_at, id: one made
   * while someone walks the pages comes on the last page, and none is shown twice or hidden).
   */
  private async page(req: ListStandingOrdersRequest): Promise<{ rows: StandingOrderRow[]; next: PageCursor | null }> {
    const scope = this.scope(req.caller, req.customerId);
    const limit = req.limit ?? PAGE_LIMIT_DEFAULT;
    const params: unknown[] = [];
    const conditions: string[] = [];
    if (scope) conditions.push(`customer_id = $${params.push(scope)}`);
    if (req.after) conditions.push(`(created_at, id) > ($${params.push(req.after.createdAt)}::timestamptz, $${params.push(req.after.id)}::uuid)`);
    // one row more than the page: whether there is a next page, without a page that comes back empty
    const rows: (StandingOrderRow & { cursorAt: string })[] = await this.db.query(
      `SELECT ${STANDING_ORDER_COLUMNS}, to_char(created_at AT TIME ZONE 'UTC', '${PAGE_CURSOR_TIME_FORMAT}') AS "cursorAt"
         FROM standing_orders ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY created_at, id LIMIT $${params.push(limit + 1)}`,
      params,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { rows: page, next: rows.length > limit ? { createdAt: last.cursorAt, id: last.id } : null };
  }

  /** Which customer's standing orders a list shows: own for customers (customerId 403), any or one for admins. */
  private scope(caller: Caller, customerId?: string): string | null {
    if (caller.role === 'admin') return customerId ?? null;
    if (customerId !== undefined) throw AppError.forbidden(StandingOrderMessages.customerIdAdminOnly);
    return caller.userId;
  }

  /** The standing order if the caller may see it; someone else's is as unknown as a missing one. */
  /** The standing order as stored, if the caller may see it (404 otherwise). */
  async visible(caller: Caller, id: string): Promise<StandingOrderRow> {
    const [row]: StandingOrderRow[] = await this.db.query(`SELECT ${STANDING_ORDER_COLUMNS} FROM standing_orders WHERE id = $1`, [id]);
    return this.visibleTo(caller, row);
  }

  private visibleTo(caller: Caller, row: StandingOrderRow | undefined): StandingOrderRow {
    if (!row || (caller.role !== 'admin' && row.customerId !== caller.userId)) throw AppError.notFound(StandingOrderMessages.notFound);
    return row;
  }
}
