import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  addDays,
  AppError,
  CatalogPatterns,
  CustomersPatterns,
  dueDates,
  dueOccurrencesOn,
  type Occurrence,
  type OrderContact,
  type OrderPlacedEvent,
  type Pricing,
  type ReserveAvailableResponse,
  SCHEDULE_LIMITS,
  slotsOn,
  type ScheduleContext,
} from '@bakery/contracts';
import { PeriodicTask, RpcClient, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { DataSource } from 'typeorm';
import { DeliveryScheduleService } from '../delivery/delivery-schedule.service';
import { orderIdFor } from '../domain/order-id';
import { priceDelivery } from '../domain/standing-delivery';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';
import { OrderItemRow } from '../orders/order-item.entity';
import { OrderRow } from '../orders/order.entity';
import { OrdersService } from '../orders/orders.service';
import { PricingService } from '../pricing/pricing.service';
import { STANDING_ORDER_COLUMNS, type StandingOrderRow, termsOf } from './standing-order.row';
import { StandingOrdersService } from './standing-orders.service';

/** Standing orders read per query while looking for due deliveries. */
const PAGE = 500;
/**
 * Deliveries placed together: one catalog transaction reserves them all, one statement writes
 * them all (a cut-off makes thousands due at once; one by one, each paid a transaction in catalog
 * and one in ordering).
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
    private readonly rpc: RpcClient,
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
    const ctx = await this.delivery.context();
    const today = this.delivery.today();
    const lookAhead = SCHEDULE_LIMITS.leadDaysMax + 1;
    // the due dates are the same for every standing order: worked out once per sweep
    const due = dueDates(today, lookAhead, ctx);
    if (due.length === 0) return 0;
    // one price list for the whole sweep: the delivery fee and tax rate of this moment
    const pricing = await this.pricing.get();
    // and each customer's contact asked once (a customer has up to 10 standing orders)
    const contacts = new Map<string, Promise<OrderContact>>();
    const contactOf = (customerId: string) => {
      if (!contacts.has(customerId)) contacts.set(customerId, this.rpc.request<OrderContact>(CustomersPatterns.orderContact, { userId: customerId }));
      return contacts.get(customerId)!;
    };
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
      const batches = Array.from({ length: Math.ceil(deliveries.length / BATCH) }, (_, i) => deliveries.slice(i * BATCH, (i + 1) * BATCH));
      // CONCURRENCY workers take the next batch as soon as they are free
      let next = 0;
      const worker = async () => {
        while (next < batches.length && !this.task.isStopped) placed += await this.place(batches[next++], ctx, pricing, contactOf);
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batches.length) }, worker));
      if (rows.length < PAGE) break;
    }
    return placed;
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
    deliveries: { row: StandingOrderRow; occurrence: Occurrence }[],
    ctx: ScheduleContext,
    pricing: Pricing,
    contactOf: (customerId: string) => Promise<OrderContact>,
  ): Promise<number> {
    const ids = deliveries.map(({ row, occurrence }) => orderIdFor(row.customerId, `standing-order:${row.id}:${occurrence.date}`));
    try {
      const [reservations, customers] = await Promise.all([
        this.rpc.request<ReserveAvailableResponse[]>(CatalogPatterns.reserveAvailableMany, {
          reservations: deliveries.map(({ occurrence }, i) => ({ orderId: ids[i], lines: occurrence.lines })),
        }),
        Promise.all(deliveries.map(({ row }) => contactOf(row.customerId))),
      ]);
      const now = new Date();
      const batch = deliveries.map(({ row, occurrence }, i) => this.orderOf(ids[i], row, occurrence, reservations[i], customers[i], ctx, pricing, now));
      return (await this.orders.writeOrders(batch)).size;
    } catch (err) {
      // the orders that were written stand with their reservations; the rest give theirs back
      const written = await this.existingOrders(ids);
      const unwritten = ids.filter((id) => !written.has(id));
      await Promise.all(unwritten.map((orderId) => this.rpc.request(CatalogPatterns.release, { orderId }).catch(() => undefined))); // the TTL is the backstop
      if (!(err instanceof AppError)) this.logger.warn({ err, deliveries: unwritten.length }, 'standing order deliveries not placed; will retry');
      return 0;
    }
  }

  /** One delivery's order and its `order.placed`. */
  private orderOf(
    orderId: string,
    row: StandingOrderRow,
    occurrence: Occurrence,
    reservation: ReserveAvailableResponse,
    customer: OrderContact,
    ctx: ScheduleContext,
    pricing: Pricing,
    now: Date,
  ): { order: OrderRow; placed: OrderPlacedEvent } {
    const priced = priceDelivery(occurrence.lines, reservation.lines, reservation.shortfalls, pricing);
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
