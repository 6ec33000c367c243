import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  addDays,
  AppError,
  deliveryFeeFor,
  dueDates,
  dueOccurrencesOn,
  formatCents,
  lineTotalCents,
  type Occurrence,
  type OrderPlacedEvent,
  OrderingEvents,
  type PricingSettings,
  type ResolvedTerms,
  type ReserveAvailableResponse,
  SCHEDULE_LIMITS,
  slotsOn,
  type ScheduleContext,
  type StandingDeliverySkippedEvent,
} from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { PeriodicTask, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { DataSource } from 'typeorm';
import { CatalogClient } from '../catalog/catalog.client';
import { DeliveryScheduleService } from '../delivery/delivery-schedule.service';
import { batchesByCustomer } from '../domain/delivery-batches';
import { orderIdFor } from '../domain/order-id';
import { priceDelivery } from '../domain/standing-delivery';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';
import { OrderItemRow } from '../orders/order-item.entity';
import { OrderRow } from '../orders/order.entity';
import { OrdersService } from '../orders/orders.service';
import { atCustomerPrices, customerPricing } from '../pricing/customer-pricing';
import { CustomerTermsClient } from '../pricing/customer-terms.client';
import { PricingService } from '../pricing/pricing.service';
import { STANDING_ORDER_COLUMNS, type StandingOrderRow, termsOf } from './standing-order.row';
import { StandingOrdersService } from './standing-orders.service';

/** Standing orders read per query while looking for due deliveries. */
const PAGE = 500;
/**
 * Deliveries placed together: one catalog transaction reserves them all, one statement writes
 * them all (a cut-off makes thousands due at once; one by one, each paid a transaction in catalog
 * and one in ordering). A batch may run past it to hold all of its last customer's deliveries
 * (`batchesByCustomer`).
 */
const BATCH = 50;
/** Batches in flight at once per instance (each waits mostly on catalog and Postgres). */
const CONCURRENCY = 2;

/**
 * Turns standing orders' due deliveries into real orders, every STANDING_ORDER_INTERVAL_SECONDS
 * in every instance: a delivery is due once its date's cut-off has passed, until its date has
 * (so dates missed while ordering was down are made when it is back).
 *
 * Why this and not pg-boss: exactly once does not come from the scheduler but from the data. The
 * order id of a delivery is derived from the standing order and the date (`orderIdFor`), catalog's
 * reservation is idempotent by order id, and `orders_standing_delivery_idx` (unique on standing
 * order and date) refuses a second order for the same delivery. So any number of instances may
 * sweep at once, a crash between reserving and writing is finished by the next sweep (same id,
 * same reservation; catalog's TTL gives the stock back if nobody ever writes it), and a restart of
 * NATS or Postgres only delays the next sweep. A job queue would add a second store of what is
 * due, which can disagree with the standing orders themselves; the sweep reads them directly and
 * uses the service's own tested PeriodicTask.
 *
 * Customer terms (issue 19): a delivery is priced at its customer's prices and delivery fee (their
 * price list and overrides, asked of customers once per customer per sweep). The minimum order
 * is not applied: the standing order was agreed, and a shortfall must not cancel a delivery. A
 * delivery whose customer is on hold at its cut-off is skipped: a skip of that date is written
 * (standing_order_exceptions, as the customer's own skip is, so the sweep never looks at it again
 * and lifting the hold after the cut-off does not bring it back; the date shows as skipped) with
 * `standing-delivery.skipped` in the same transaction, once per delivery however many instances
 * sweep, which notifications turns into the admins' alert. No stock is taken for it.
 */
@Injectable()
export class StandingOrderMaterializer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;

  constructor(
    private readonly db: DataSource,
    private readonly delivery: DeliveryScheduleService,
    private readonly standingOrders: StandingOrdersService,
    private readonly orders: OrdersService,
    private readonly pricing: PricingService,
    private readonly terms: CustomerTermsClient,
    private readonly bus: EventBus,
    private readonly catalog: CatalogClient,
    @Inject(ORDERING_CONFIG) config: Pick<OrderingConfig, 'standingOrderIntervalSeconds'>,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask(config.standingOrderIntervalSeconds * 1000, () => this.run(), (err) =>
      logger.warn({ err }, 'standing orders run failed; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Places every due delivery that has no order yet; answers how many orders it wrote. */
  async run(): Promise<number> {
    // the due dates are the same for every standing order: worked out once per sweep
    const { ctx, today, lookAhead, due } = await this.dueNow();
    if (due.length === 0) return 0;
    // one set of settings for the whole sweep: the delivery fee and tax rate of this moment
    const pricing = await this.pricing.get();
    // and each customer's terms and contact asked once (a failure again by the next batch)
    const termsOf = this.terms.perSweep(true);
    let placed = 0;
    for (let after = '00000000-0000-0000-0000-000000000000'; !this.task.isStopped; ) {
      const rows: StandingOrderRow[] = await this.db.query(
        `SELECT ${STANDING_ORDER_COLUMNS} FROM standing_orders
          WHERE id > $1 AND start_date <= $2::date AND (end_date IS NULL OR end_date >= $3::date)
          ORDER BY id LIMIT ${PAGE}`,
        [after, addDays(today, lookAhead), today],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      const deliveries = await this.dueDeliveries(rows, today, due);
      // CONCURRENCY workers take the next batch as soon as they are free; no two share a customer
      const batches = batchesByCustomer(deliveries, ({ row }) => row.customerId, BATCH);
      let next = 0;
      const worker = async () => {
        while (next < batches.length && !this.task.isStopped) placed += await this.place(batches[next++], ctx, pricing, termsOf);
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batches.length) }, worker));
      if (rows.length < PAGE) break;
    }
    return placed;
  }

  /**
   * Places one standing order's due deliveries now, as the next sweep would. A change that can take
   * dates away from it (new terms, a pause, its removal) comes after this, so a delivery whose
   * cut-off has passed becomes its order even when the sweep has not run since the cut-off (up to
   * STANDING_ORDER_INTERVAL_SECONDS). 503 when one could not be placed (catalog or customers not
   * answering): the change would drop it, so the caller tries again.
   */
  async placeDueOf(row: StandingOrderRow): Promise<void> {
    const { ctx, today, due } = await this.dueNow();
    if (due.length === 0) return;
    const rows = [row];
    const deliveries = await this.dueDeliveries(rows, today, due);
    if (deliveries.length === 0) return;
    await this.place(deliveries, ctx, await this.pricing.get(), this.terms.perSweep(true));
    if ((await this.dueDeliveries(rows, today, due)).length > 0) throw AppError.unavailable('Changing this standing order');
  }

  /** The bakery's calendar now, and the dates whose deliveries are due (`dueDates`). */
  private async dueNow() {
    const ctx = await this.delivery.context();
    const today = this.delivery.today();
    const lookAhead = SCHEDULE_LIMITS.leadDaysMax + 1;
    return { ctx, today, lookAhead, due: dueDates(today, lookAhead, ctx) };
  }

  /** The due deliveries of these standing orders that have no order yet. */
  private async dueDeliveries(rows: StandingOrderRow[], today: string, due: { date: string; cutoffAt: Date }[]) {
    const ids = rows.map((r) => r.id);
    const exceptions = await this.standingOrders.exceptionsOf(this.db.manager, ids, today, due[due.length - 1].date);
    const made: { id: string; date: string }[] = await this.db.query(
      `SELECT standing_order_id AS id, to_char(delivery_date, 'YYYY-MM-DD') AS date FROM orders
        WHERE standing_order_id = ANY($1::uuid[]) AND delivery_date >= $2::date`,
      [ids, today],
    );
    const done = new Set(made.map((m) => `${m.id}/${m.date}`));
    return rows.flatMap((row) =>
      dueOccurrencesOn(termsOf(row), exceptions.get(row.id) ?? [], due)
        .filter((o) => !done.has(`${row.id}/${o.date}`))
        .map((occurrence) => ({ row, occurrence })),
    );
  }

  /**
   * Deliveries as orders, through the checkout's parts: stock reserved (here: what there is of
   * each line, all of the batch in one catalog transaction), current prices, exact totals, one
   * statement writing the orders with their `order.placed`. Answers how many this call wrote (the
   * others another instance or an earlier run did, or they failed and the next sweep retries them).
   */
  async place(
    batch: { row: StandingOrderRow; occurrence: Occurrence }[],
    ctx: ScheduleContext,
    pricing: PricingSettings,
    termsOf: (customerId: string) => Promise<ResolvedTerms>,
  ): Promise<number> {
    // each customer's terms first: a customer on hold gets no order, and no stock is taken for it
    let terms: ResolvedTerms[];
    try {
      terms = await Promise.all(batch.map(({ row }) => termsOf(row.customerId)));
    } catch (err) {
      if (!(err instanceof AppError)) this.logger.warn({ err, deliveries: batch.length }, 'customer terms not known; standing order deliveries will be retried');
      return 0;
    }
    await this.skipHeld(batch.flatMap((delivery, i) => (terms[i].onHold ? [{ ...delivery, terms: terms[i] }] : [])));
    const deliveries = batch.flatMap((delivery, i) => (terms[i].onHold ? [] : [{ ...delivery, terms: terms[i] }]));
    if (deliveries.length === 0) return 0;
    const ids = deliveries.map(({ row, occurrence }) => orderIdFor(row.customerId, `standing-order:${row.id}:${occurrence.date}`));
    try {
      const reservations = await this.catalog.reserveAvailableMany(deliveries.map(({ occurrence }, i) => ({ orderId: ids[i], lines: occurrence.lines })));
      const now = new Date();
      const orders = deliveries.map(({ row, occurrence, terms: customer }, i) => this.orderOf(ids[i], row, occurrence, reservations[i], customer, ctx, pricing, now));
      return (await this.orders.writeOrders(orders)).size;
    } catch (err) {
      // the orders that were written stand with their reservations; the rest give theirs back
      const written = await this.existingOrders(ids);
      const unwritten = ids.filter((id) => !written.has(id));
      await Promise.all(unwritten.map((orderId) => this.catalog.release(orderId).catch(() => undefined))); // the TTL is the backstop
      if (!(err instanceof AppError)) this.logger.warn({ err, deliveries: unwritten.length }, 'standing order deliveries not placed; will retry');
      return 0;
    }
  }

  /**
   * Skips these deliveries (their customers are on hold): one statement per batch writes a skip of
   * each date that has neither a skip nor an order yet, and `standing-delivery.skipped` for each
   * it wrote, so two instances sweeping at once announce each skip once. A failure is retried by
   * the next sweep (nothing was written).
   */
  private async skipHeld(held: { row: StandingOrderRow; occurrence: Occurrence; terms: ResolvedTerms }[]): Promise<void> {
    if (held.length === 0) return;
    try {
      await this.bus.inTransaction(async (tx) => {
        const skipped: { id: string; date: string }[] = await tx.manager.query(
          `INSERT INTO standing_order_exceptions (standing_order_id, delivery_date, skip, lines)
           SELECT s.id, s.date, true, NULL FROM unnest($1::uuid[], $2::date[]) AS s(id, date)
            WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.standing_order_id = s.id AND o.delivery_date = s.date)
           ON CONFLICT (standing_order_id, delivery_date) DO UPDATE SET skip = true WHERE NOT standing_order_exceptions.skip
           RETURNING standing_order_id AS id, to_char(delivery_date, 'YYYY-MM-DD') AS date`,
          [held.map((h) => h.row.id), held.map((h) => h.occurrence.date)],
        );
        const wrote = new Set(skipped.map((s) => `${s.id}/${s.date}`));
        for (const { row, occurrence, terms } of held) {
          if (!wrote.has(`${row.id}/${occurrence.date}`)) continue;
          const event: StandingDeliverySkippedEvent = {
            standingOrderId: row.id,
            customerId: row.customerId,
            deliveryDate: occurrence.date,
            reason: 'on_hold',
            customerName: terms.contact?.businessName ?? terms.contact?.email ?? undefined,
            standingOrderName: row.name,
          };
          await tx.publish(OrderingEvents.standingDeliverySkipped, event);
        }
      });
    } catch (err) {
      this.logger.warn({ err, deliveries: held.length }, 'held customers’ deliveries not skipped yet; will retry');
    }
  }

  /** One delivery's order and its `order.placed`, at the customer's prices and delivery fee. */
  private orderOf(
    orderId: string,
    row: StandingOrderRow,
    occurrence: Occurrence,
    reservation: ReserveAvailableResponse,
    terms: ResolvedTerms,
    ctx: ScheduleContext,
    settings: PricingSettings,
    now: Date,
  ): { order: OrderRow; placed: OrderPlacedEvent } {
    const customer = terms.contact!;
    const charge = customerPricing(settings, terms);
    const reserved = atCustomerPrices(reservation.lines, charge);
    const shortfalls = reservation.shortfalls.map((s) => ({ ...s, unitPrice: s.unitPrice === null ? null : charge.priceOf(s.productId, s.unitPrice) }));
    // the fee this delivery pays: waived when what is delivered reaches the customer's threshold
    const subtotal = reserved.reduce((sum, line) => sum + lineTotalCents(line.unitPrice, line.quantity), 0);
    const pricing = { deliveryFee: formatCents(deliveryFeeFor(subtotal, charge.terms)), taxRate: settings.taxRate };
    const priced = priceDelivery(occurrence.lines, reserved, shortfalls, pricing);
    const slot = row.deliveryTimeSlot && slotsOn(occurrence.date, ctx).includes(row.deliveryTimeSlot) ? row.deliveryTimeSlot : null;
    const order = Object.assign(new OrderRow(), {
      id: orderId,
      customerId: row.customerId,
      // nothing could be delivered: the order stays on record, cancelled and charged nothing
      status: priced.delivered ? ('pending' as const) : ('cancelled' as const),
      subtotal: priced.subtotal,
      deliveryFee: priced.deliveryFee,
      tax: priced.tax,
      total: priced.total,
      taxRate: settings.taxRate,
      deliveryDate: occurrence.date,
      deliveryTimeSlot: slot,
      specialInstructions: row.specialInstructions,
      customerBusinessName: customer.businessName,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      idempotencyKey: null,
      requestFingerprint: null,
      standingOrderId: row.id,
      createdAt: now,
      updatedAt: now,
      items: priced.items.map((item, position) => Object.assign(new OrderItemRow(), { id: randomUUID(), orderId, createdAt: now, position, ...item })),
    });
    // announced even when nothing could be delivered: the admin's shortfall alert comes from it
    const placed: OrderPlacedEvent = {
      orderId,
      customerId: row.customerId,
      lines: reservation.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      standingOrderId: row.id,
      shortfalls: priced.items.filter((i) => i.shortfall > 0).map((i) => ({ productId: i.productId, name: i.productName, shortfall: i.shortfall })),
      customerName: customer.businessName ?? customer.email,
    };
    return { order, placed };
  }

  private async existingOrders(ids: string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM orders WHERE id = ANY($1::uuid[])`, [ids]).catch(() => ids.map((id) => ({ id })));
    return new Set(rows.map((r) => r.id));
  }
}
