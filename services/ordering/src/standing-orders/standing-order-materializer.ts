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
/** Deliveries placed at once by one instance (each waits mostly on catalog and Postgres). */
const CONCURRENCY = 8;

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (err as { code?: string }).code;
  return code === '23505';
}

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
      // CONCURRENCY workers take the next delivery as soon as they are free
      let next = 0;
      const worker = async () => {
        while (next < deliveries.length && !this.task.isStopped) {
          const { row, occurrence } = deliveries[next++];
          if (await this.place(row, occurrence, ctx, pricing, contactOf)) placed++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
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
   * One delivery as an order, through the checkout's parts: stock reserved (here: what there is
   * of each line), current prices, exact totals, one statement writing the order with
   * `order.placed`. Answers whether this call wrote it (false: another instance or an earlier
   * run did).
   */
  async place(
    row: StandingOrderRow,
    occurrence: Occurrence,
    ctx: ScheduleContext,
    pricing: Pricing,
    contactOf: (customerId: string) => Promise<OrderContact>,
  ): Promise<boolean> {
    const orderId = orderIdFor(row.customerId, `standing-order:${row.id}:${occurrence.date}`);
    try {
      const [reservation, customer] = await Promise.all([
        this.rpc.request<ReserveAvailableResponse>(CatalogPatterns.reserveAvailable, { orderId, lines: occurrence.lines }),
        contactOf(row.customerId),
      ]);
      const priced = priceDelivery(occurrence.lines, reservation.lines, reservation.shortfalls, pricing);
      const now = new Date();
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
        items: priced.items.map((item, position) =>
          Object.assign(new OrderItemRow(), { id: randomUUID(), orderId, createdAt: now, position, ...item }),
        ),
      });
      const event: OrderPlacedEvent = {
        orderId,
        customerId: row.customerId,
        lines: reservation.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        standingOrderId: row.id,
        shortfalls: priced.items
          .filter((i) => i.shortfall > 0)
          .map((i) => ({ productId: i.productId, name: i.productName, shortfall: i.shortfall })),
        customerName: customer.businessName ?? customer.email,
      };
      return await this.orders.writeOrder(order, [], event);
    } catch (err) {
      // another instance, or an earlier run, wrote this delivery: its order stands with this reservation
      if (isUniqueViolation(err) || (await this.orderExists(orderId))) return false;
      await this.rpc.request(CatalogPatterns.release, { orderId }).catch(() => undefined); // the TTL is the backstop
      if (!(err instanceof AppError)) this.logger.warn({ err, standingOrderId: row.id, date: occurrence.date }, 'standing order delivery not placed; will retry');
      return false;
    }
  }

  private async orderExists(orderId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM orders WHERE id = $1`, [orderId]).catch(() => []);
    return rows.length > 0;
  }
}
