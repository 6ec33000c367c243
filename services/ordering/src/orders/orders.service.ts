import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AppError,
  Caller,
  ChangedCartPrice,
  changeableUntil,
  ChangeStatusRequest,
  DeliveryMessages,
  ErrorCode,
  formatCents,
  Order,
  OrderCancelledEvent,
  OrderCursor,
  OrderFilters,
  ORDERS_PAGE_SIZE,
  OrdersPage,
  OrderingEvents,
  OrderingMessages,
  OrderPlacedEvent,
  OrderStatus,
  OrderStatusChangedEvent,
  parseAmount,
  PlaceOrderMessages,
  PlaceOrderRequest,
  holdRefusal,
  ReservedLine,
  type ScheduleContext,
  TotalChangedDetails,
} from '@bakery/contracts';
import { EventBus, EventTransaction, OUTBOX_INSERT } from '@bakery/event-bus';
import { In, Repository } from 'typeorm';
import { CartItem } from '../cart/cart-item.entity';
import { CatalogClient, isLive } from '../catalog/catalog.client';
import { DeliveryScheduleService } from '../delivery/delivery-schedule.service';
import { statusChangeProblem } from '../domain/order-status';
import { orderIdFor } from '../domain/order-id';
import { requestFingerprint } from '../domain/request-fingerprint';
import { InvoicesService } from '../invoices/invoices.service';
import { ORDERING_CONFIG, OrderingConfig } from '../ordering.config';
import { atCustomerPrices, belowMinimum, type CustomerPricing, customerPricing, customerTotals } from '../pricing/customer-pricing';
import { CustomerTermsClient } from '../pricing/customer-terms.client';
import { PricingService } from '../pricing/pricing.service';
import { OrderItemRow } from './order-item.entity';
import { customerScopeOnly, orderListWhere, type OrderListWhere } from './order-list.query';
import { OrderRow } from './order.entity';
import { toOrder } from './order.mapper';
import { assertLeadTimes, assertOrderable } from './orderable';

/** How long counting a filtered list may take before the list goes without its total. */
const COUNT_BUDGET_MS = 40;

/** Postgres cancelled the statement (statement_timeout). */
function isQueryCanceled(err: unknown): boolean {
  const code = (err as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (err as { code?: string }).code;
  return code === '57014';
}

/** A cart line held by a placement. */
interface ClaimedLine {
  id: string;
  productId: string;
  quantity: number;
  /** the price the line was added or last changed at (null: from before it was kept) */
  unitPrice: string | null;
  createdAt: Date;
}

@Injectable()
export class OrdersService {
  constructor(
    @InjectRepository(OrderRow) private readonly orders: Repository<OrderRow>,
    @InjectRepository(CartItem) private readonly cart: Repository<CartItem>,
    private readonly catalog: CatalogClient,
    private readonly delivery: DeliveryScheduleService,
    private readonly pricing: PricingService,
    private readonly terms: CustomerTermsClient,
    private readonly invoices: InvoicesService,
    private readonly bus: EventBus,
    @Inject(ORDERING_CONFIG) private readonly config: OrderingConfig,
  ) {}

  /**
   * Places the customer's cart as an order (a saga with compensations):
   * 1. claim the cart's lines for this placement (one statement; the row locks make concurrent
   *    claims exclusive), so a cart is placed at most once however many requests place it;
   * 2. with `expectedTotal`: price the lines with catalog's current prices; a different total is a
   *    409 naming the changed prices, before anything is reserved;
   * 3. reserve every line in catalog at once (all or nothing; 409 names what is short); the order
   *    uses the prices the reservation read under its row locks, so the total is checked again
   *    (released and 409 if a price moved in between);
   * 4. one statement writes the order and its items, deletes the claimed lines and records
   *    `order.placed`, only while this placement still holds every line it claimed;
   * 5. whatever fails after the claim releases the reservation and the claim.
   * Prices come from catalog, never from the client, at the customer's own prices (their price
   * list); the customer's terms come with the order contact in one request to customers: an
   * account on hold is refused (403), a subtotal below the minimum order too (400 naming it),
   * both before anything is reserved, and the delivery fee is waived at the free-delivery threshold.
   */
  async place(request: PlaceOrderRequest): Promise<Order> {
    // absent and null are the same: no date, no slot, no instructions
    const req = {
      ...request,
      deliveryDate: request.deliveryDate ?? null,
      deliveryTimeSlot: request.deliveryTimeSlot ?? null,
      specialInstructions: request.specialInstructions ?? null,
    };
    const orderId = orderIdFor(req.customerId, req.idempotencyKey);
    const fingerprint = requestFingerprint(req);
    // a retry answers what the first request got, even once its slot has ended
    if (req.idempotencyKey) {
      const already = await this.findRow(orderId);
      if (already) return this.answerRetry(already, fingerprint);
    }

    const schedule = await this.delivery.context();
    this.assertOrderable(req.deliveryDate, req.deliveryTimeSlot, schedule);

    const lines = await this.claimCart(req.customerId, orderId);
    if (lines.length === 0) {
      // a concurrent retry with the same Idempotency-Key may have just placed it
      const placed = req.idempotencyKey ? await this.findRow(orderId) : null;
      if (placed) return this.answerRetry(placed, fingerprint);
      throw await this.nothingToPlace(req.customerId);
    }

    let reserved = false;
    try {
      const expectedTotal = req.expectedTotal == null ? null : formatCents(parseAmount(req.expectedTotal));
      const [resolved, settings, current] = await Promise.all([
        this.terms.resolve(req.customerId, true),
        this.pricing.get(),
        this.catalog.products(lines.map((l) => l.productId)),
      ]);
      const held = holdRefusal(resolved);
      if (held) throw AppError.forbidden(held);
      const customer = resolved.contact!;
      const pricing = customerPricing(settings, resolved);
      this.assertLeadTimes(req.deliveryDate, current, schedule);
      // lines whose product is gone or not live count for nothing, as in the cart; reserving them fails below
      const priced = lines.flatMap((l) => {
        const product = current.get(l.productId);
        return isLive(product) ? [{ productId: l.productId, name: product.name, unitPrice: pricing.priceOf(product.id, product.price), quantity: l.quantity }] : [];
      });
      this.assertMinimum(priced, pricing);
      if (expectedTotal !== null) this.assertTotal(expectedTotal, lines, priced, pricing);

      const reservation = await this.catalog
        .reserve(
          orderId,
          lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        )
        .catch((err: unknown) => {
          // a refusal (409) reserved nothing, and must not release what a retry with this
          // Idempotency-Key holds; an answer that never came may hide a reservation
          reserved = !(err instanceof AppError && err.code === ErrorCode.Conflict);
          throw err;
        });
      reserved = true;
      // the prices catalog read under its locks, at the customer's prices: checked again
      const charged = atCustomerPrices(reservation.lines, pricing);
      this.assertMinimum(charged, pricing);
      if (expectedTotal !== null) this.assertTotal(expectedTotal, lines, charged, pricing);

      const position = new Map(lines.map((l, i) => [l.productId, i]));
      const totals = customerTotals(charged, pricing);
      const placedAt = new Date();
      const order = Object.assign(new OrderRow(), {
        id: orderId,
        customerId: req.customerId,
        status: 'pending' as const,
        subtotal: totals.subtotal,
        deliveryFee: totals.deliveryFee,
        tax: totals.tax,
        total: totals.total,
        taxRate: pricing.taxRate,
        deliveryDate: req.deliveryDate,
        deliveryTimeSlot: req.deliveryTimeSlot,
        specialInstructions: req.specialInstructions,
        customerBusinessName: customer.businessName,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        idempotencyKey: req.idempotencyKey ?? null,
        requestFingerprint: fingerprint,
        createdAt: placedAt,
        updatedAt: placedAt,
        items: charged.map((line, i) =>
          Object.assign(new OrderItemRow(), {
            id: randomUUID(),
            orderId,
            createdAt: placedAt,
            position: position.get(line.productId) ?? i,
            productId: line.productId,
            productName: line.name,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            totalPrice: totals.lineTotals[i],
          }),
        ),
      });
      const placed: OrderPlacedEvent & { total: string } = {
        orderId,
        customerId: req.customerId,
        lines: reservation.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        total: totals.total,
      };
      if (await this.writeOrder(order, lines.map((l) => l.id), placed)) return this.present(order, schedule);
      // Not written: the lines were taken back meanwhile (edited, or taken over), or a concurrent
      // retry with the same Idempotency-Key wrote this very order.
      const existing = await this.findRow(orderId);
      if (existing) return this.answerRetry(existing, fingerprint);
      throw AppError.conflict(PlaceOrderMessages.cartChanged);
    } catch (err) {
      // A concurrent retry with the same Idempotency-Key won the race: its order stands.
      const existing = req.idempotencyKey ? await this.findRow(orderId).catch(() => null) : null;
      if (existing) return this.answerRetry(existing, fingerprint);
      if (reserved) await this.catalog.release(orderId).catch(() => undefined); // catalog's TTL sweeper is the backstop
      await this.releaseClaim(req.customerId, orderId).catch(() => undefined); // a stale claim is taken over anyway
      throw err;
    }
  }

  /**
   * The ordering windows (libs/contracts/src/delivery-rules.ts), before anything is claimed: a
   * date the spec refuses (format, before today, too far ahead) keeps its message; then the
   * schedule's (closed weekday, closure, cut-off passed), naming the next date that can be
   * ordered; a slot the day does not offer, or one of today's that has ended.
   */
  private assertOrderable(date: string | null, slot: PlaceOrderRequest['deliveryTimeSlot'], schedule: ScheduleContext): void {
    assertOrderable(date, slot, schedule, this.config.maxDeliveryDaysAhead); // ./orderable, shared with changing an order
  }

  /** A product in the cart whose lead time rules out the date: 400, naming it and the next date that can be ordered. */
  private assertLeadTimes(date: string | null, products: Map<string, { name: string; leadDays: number }>, schedule: ScheduleContext): void {
    assertLeadTimes(date, products.values(), schedule, this.config.maxDeliveryDaysAhead);
  }

  /** The order as answered, with until when it can be changed. */
  private present(row: OrderRow, schedule: Pick<ScheduleContext, 'schedule' | 'timeZone'>): Order {
    return toOrder(row, changeableUntil(row.deliveryDate, schedule.schedule, schedule.timeZone));
  }

  private async presentAll(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const schedule = await this.delivery.context();
    return rows.map((row) => this.present(row, schedule));
  }

  /**
   * Takes the customer's cart lines that no other placement holds (or whose holder is older than
   * the placing budget: it crashed) for `orderId`, oldest line first. Concurrent claims wait on
   * each other's row locks and then see the line taken, so each line goes to one placement. The
   * same order id (a retry with the same Idempotency-Key) may take them again.
   */
  private async claimCart(customerId: string, orderId: string): Promise<ClaimedLine[]> {
    const [rows]: [ClaimedLine[], number] = await this.cart.query(
      `UPDATE cart_items SET claimed_by = $2, claimed_at = now()
        WHERE id IN (
          SELECT id FROM cart_items
           WHERE customer_id = $1
             AND (claimed_by IS NULL OR claimed_by = $2 OR claimed_at < now() - make_interval(secs => $3::double precision / 1000))
           ORDER BY id FOR UPDATE)
        RETURNING id, product_id AS "productId", quantity, unit_price AS "unitPrice", created_at AS "createdAt"`,
      [customerId, orderId, this.config.cartClaimTakeoverMs],
    );
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  }

  /**
   * Why a placement found no line to claim: another placement holds them (409), one just ordered
   * them (409, "Your cart is empty": the loser of a race), or the cart was empty all along (400,
   * as the spec's "Place order with empty cart" has always answered).
   */
  private async nothingToPlace(customerId: string): Promise<AppError> {
    const [state]: { held: boolean; justOrdered: boolean }[] = await this.cart.query(
      `SELECT EXISTS (SELECT 1 FROM cart_items WHERE customer_id = $1) AS held,
              EXISTS (SELECT 1 FROM orders WHERE customer_id = $1
                         AND created_at > now() - make_interval(secs => $2::double precision / 1000)) AS "justOrdered"`,
      [customerId, this.config.cartClaimTakeoverMs],
    );
    if (state.held) return AppError.conflict(PlaceOrderMessages.cartBeingOrdered);
    const fields = { cart: [OrderingMessages.cartEmpty] };
    return state.justOrdered ? new AppError(ErrorCode.Conflict, OrderingMessages.cartEmpty, fields) : AppError.validation(fields, OrderingMessages.cartEmpty);
  }

  private async releaseClaim(customerId: string, orderId: string): Promise<void> {
    await this.cart.query(
      `UPDATE cart_items SET claimed_by = NULL, claimed_at = NULL
        WHERE id IN (SELECT id FROM cart_items WHERE customer_id = $1 AND claimed_by = $2 ORDER BY id FOR UPDATE)`,
      [customerId, orderId],
    );
  }

  /** 400 naming the minimum order when the subtotal at the customer's prices is below it (nothing is written). */
  private assertMinimum(priced: ReservedLine[], pricing: CustomerPricing): void {
    const refusal = belowMinimum(priced, pricing.terms);
    if (refusal) throw new AppError(ErrorCode.ValidationFailed, refusal, { cart: [refusal] }, { minimumOrder: pricing.terms.minimumOrder });
  }

  /**
   * 409 with the changed prices when the order would not cost `expectedTotal` (the customer saw
   * another total); "old" is the price each line was added or last changed at.
   */
  private assertTotal(expectedTotal: string, lines: ClaimedLine[], priced: ReservedLine[], pricing: CustomerPricing): void {
    const total = customerTotals(priced, pricing).total;
    if (parseAmount(total) === parseAmount(expectedTotal)) return;
    const byProduct = new Map(priced.map((p) => [p.productId, p]));
    const changedLines: ChangedCartPrice[] = lines.flatMap((line) => {
      const current = byProduct.get(line.productId);
      if (!current || line.unitPrice === null || parseAmount(line.unitPrice) === parseAmount(current.unitPrice)) return [];
      return [
        {
          productId: line.productId,
          productName: current.name,
          oldPrice: formatCents(parseAmount(line.unitPrice)),
          newPrice: formatCents(parseAmount(current.unitPrice)),
        },
      ];
    });
    const details: TotalChangedDetails = { expectedTotal, total, changedLines };
    throw AppError.conflict(PlaceOrderMessages.totalChanged, { ...details });
  }

  /** A retry with the same Idempotency-Key gets the same order, if it asks for the same thing. */
  private async answerRetry(row: OrderRow, fingerprint: string): Promise<Order> {
    if (row.requestFingerprint !== null && row.requestFingerprint !== fingerprint) {
      throw AppError.unprocessable(PlaceOrderMessages.idempotencyKeyReused);
    }
    const [order] = await this.presentAll([row]);
    return order;
  }

  /**
   * The order, its items, the cart lines it empties and `order.placed` in the outbox, as ONE
   * statement: atomic like a transaction, in one round trip instead of six (placing orders is
   * the busiest write of the system). It writes (and deletes the claimed lines) only if this
   * placement still holds every line it claimed: it locks them first, so an edit or a takeover
   * either waits for it or has already taken a line back, and then nothing is written or deleted.
   * Answers whether it wrote. Every statement that locks several cart lines locks them in id order,
   * so two of them never wait on each other in a circle. Standing orders' deliveries are written
   * in batches by `writeOrders` (the same tables, without cart lines or request keys).
   */
  async writeOrder(order: OrderRow, claimedLineIds: string[], placed: OrderPlacedEvent | null): Promise<boolean> {
    // an order with nothing delivered announces nothing (there is nothing to confirm or count)
    const event = placed ? this.bus.outboxRow(OrderingEvents.orderPlaced, placed) : null;
    const items = order.items.map((i) => ({
      shortfall: i.shortfall ?? 0,
      id: i.id,
      position: i.position,
      product_id: i.productId,
      product_name: i.productName,
      quantity: i.quantity,
      unit_price: i.unitPrice,
      total_price: i.totalPrice,
    }));
    const written: { id: string }[] = await this.orders.query(
      `WITH held AS (
         SELECT id FROM cart_items WHERE id = ANY($16::uuid[]) AND claimed_by = $1::uuid ORDER BY id FOR UPDATE
       ), still_held AS (
         SELECT count(*) = cardinality($16::uuid[]) AS every_line FROM held
       ), emptied_cart AS (
         DELETE FROM cart_items WHERE id IN (SELECT id FROM held) AND (SELECT every_line FROM still_held)
       ), new_order AS (
         INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, delivery_date, delivery_time_slot,
                             special_instructions, customer_business_name, customer_email, customer_phone, idempotency_key,
                             request_fingerprint, created_at, updated_at, standing_order_id, tax_rate)
         SELECT $1::uuid, $2::uuid, $22::varchar, $3::numeric, $4::numeric, $5::numeric, $6::numeric, $7::date, $8::varchar, $9::text,
                $10::varchar, $11::varchar, $12::varchar, $13::varchar, $20::varchar, $14::timestamptz, $14::timestamptz, $21::uuid, $23::numeric
          WHERE (SELECT every_line FROM still_held)
         RETURNING id
       ), new_items AS (
         INSERT INTO order_items (id, order_id, position, product_id, product_name, quantity, unit_price, total_price, created_at, shortfall)
         SELECT x.id, o.id, x.position, x.product_id, x.product_name, x.quantity, x.unit_price, x.total_price, $14::timestamptz, x.shortfall
           FROM new_order o, jsonb_to_recordset($15::jsonb)
             AS x(id uuid, position smallint, product_id uuid, product_name text, quantity int, unit_price numeric, total_price numeric, shortfall int)
       ), announced AS (
         ${OUTBOX_INSERT.replace(/\s*VALUES\s*$/, '')} SELECT $17::uuid, $18::varchar, $19::jsonb FROM new_order WHERE $17::uuid IS NOT NULL
       )
       SELECT id FROM new_order`,
      [
        order.id,
        order.customerId,
        order.subtotal,
        order.deliveryFee,
        order.tax,
        order.total,
        order.deliveryDate,
        order.deliveryTimeSlot,
        order.specialInstructions,
        order.customerBusinessName,
        order.customerEmail,
        order.customerPhone,
        order.idempotencyKey,
        order.createdAt,
        JSON.stringify(items),
        claimedLineIds,
        ...(event ? event.values : [null, null, null]),
        order.requestFingerprint,
        order.standingOrderId ?? null,
        order.status,
        order.taxRate ?? null,
      ],
    );
    if (written.length === 0) return false;
    if (event) this.bus.kick();
    return true;
  }

  /**
   * Many standing-order deliveries as ONE statement (`writeOrder`'s work without cart lines): the
   * orders, their items and their `order.placed` rows. An order another instance or an earlier
   * run already wrote (same id, or the same standing order and date) is left as it is. Answers the
   * ids this call wrote.
   */
  async writeOrders(batch: { order: OrderRow; placed: OrderPlacedEvent | null }[]): Promise<Set<string>> {
    if (batch.length === 0) return new Set();
    const orders = batch.map(({ order: o }) => ({
      id: o.id,
      customer_id: o.customerId,
      status: o.status,
      subtotal: o.subtotal,
      delivery_fee: o.deliveryFee,
      tax: o.tax,
      total: o.total,
      delivery_date: o.deliveryDate,
      delivery_time_slot: o.deliveryTimeSlot,
      special_instructions: o.specialInstructions,
      customer_business_name: o.customerBusinessName,
      customer_email: o.customerEmail,
      customer_phone: o.customerPhone,
      standing_order_id: o.standingOrderId ?? null,
      tax_rate: o.taxRate ?? null,
      created_at: o.createdAt,
    }));
    const items = batch.flatMap(({ order: o }) =>
      o.items.map((i) => ({
        id: i.id,
        order_id: o.id,
        position: i.position,
        product_id: i.productId,
        product_name: i.productName,
        quantity: i.quantity,
        unit_price: i.unitPrice,
        total_price: i.totalPrice,
        shortfall: i.shortfall ?? 0,
        created_at: o.createdAt,
      })),
    );
    // an order with nothing delivered announces nothing (there is nothing to confirm or count)
    const events = batch.flatMap(({ order, placed }) => {
      if (!placed) return [];
      // the order's total rides along as at checkout, so the order value metric counts these too
      const [id, type, envelope] = this.bus.outboxRow(OrderingEvents.orderPlaced, { ...placed, total: order.total }).values;
      return [{ id, type, envelope: JSON.parse(envelope) as unknown, order_id: order.id }];
    });
    const written: { id: string }[] = await this.orders.query(
      `WITH new_orders AS (
         INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, delivery_date, delivery_time_slot,
                             special_instructions, customer_business_name, customer_email, customer_phone, created_at, updated_at,
                             standing_order_id, tax_rate)
         SELECT o.id, o.customer_id, o.status, o.subtotal, o.delivery_fee, o.tax, o.total, o.delivery_date, o.delivery_time_slot,
                o.special_instructions, o.customer_business_name, o.customer_email, o.customer_phone, o.created_at, o.created_at,
                o.standing_order_id, o.tax_rate
           FROM jsonb_to_recordset($1::jsonb) AS o(id uuid, customer_id uuid, status varchar, subtotal numeric, delivery_fee numeric,
                tax numeric, total numeric, delivery_date date, delivery_time_slot varchar, special_instructions text,
                customer_business_name varchar, customer_email varchar, customer_phone varchar, standing_order_id uuid,
                tax_rate numeric, created_at timestamptz)
         ON CONFLICT DO NOTHING
         RETURNING id
       ), new_items AS (
         INSERT INTO order_items (id, order_id, position, product_id, product_name, quantity, unit_price, total_price, created_at, shortfall)
         SELECT x.id, x.order_id, x.position, x.product_id, x.product_name, x.quantity, x.unit_price, x.total_price, x.created_at, x.shortfall
           FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, order_id uuid, position smallint, product_id uuid, product_name text,
                quantity int, unit_price numeric, total_price numeric, shortfall int, created_at timestamptz)
          WHERE x.order_id IN (SELECT id FROM new_orders)
       ), announced AS (
         ${OUTBOX_INSERT.replace(/\s*VALUES\s*$/, '')} SELECT e.id, e.type, e.envelope
           FROM jsonb_to_recordset($3::jsonb) AS e(id uuid, type varchar, envelope jsonb, order_id uuid)
          WHERE e.order_id IN (SELECT id FROM new_orders)
       )
       SELECT id FROM new_orders`,
      [JSON.stringify(orders), JSON.stringify(items), JSON.stringify(events)],
    );
    if (written.length > 0 && events.length > 0) this.bus.kick();
    return new Set(written.map((w) => w.id));
  }

  /**
   * Customers get their own orders, admins every order, narrowed by `filters`; newest first, a
   * page of `limit` (at most ORDERS_PAGE_SIZE) at a time, starting after `after`. With `withTotal`
   * the page also says how many orders the filters match, when counting them fits COUNT_BUDGET_MS
   * (null otherwise): a count must not make a screen's cost grow with the history.
   */
  async list(
    caller: Caller,
    after: OrderCursor | null,
    limit = ORDERS_PAGE_SIZE,
    filters: OrderFilters = {},
    withTotal = false,
  ): Promise<OrdersPage> {
    const where = orderListWhere(caller, filters, after, this.config.timeZone);
    // The cursor's time is Postgres's own text of created_at (microseconds), not a JS Date's.
    const [page, total] = await Promise.all([
      this.orders.query(
        `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM orders ${where.sql}
          ORDER BY created_at DESC, id DESC LIMIT $${where.params.length + 1}`,
        [...where.params, limit],
      ) as Promise<{ id: string; at: string }[]>,
      withTotal ? this.total(caller, filters) : Promise.resolve(undefined),
    ]);
    const counted = total === undefined ? {} : { total };
    if (page.length === 0) return { orders: [], next: null, ...counted };
    const found = await this.orders.find({ where: { id: In(page.map((p) => p.id)) }, relations: { items: true } });
    const byId = new Map(found.map((row) => [row.id, row]));
    const rows = page.map((p) => byId.get(p.id)).filter((row): row is OrderRow => row !== undefined);
    const last = page[page.length - 1];
    return { orders: await this.presentAll(rows), next: page.length === limit ? { createdAt: last.at, id: last.id } : null, ...counted };
  }

  /**
   * How many orders match. A list narrowed by nothing but its customer reads the aggregates the
   * trigger keeps (one row per customer, whatever the history: counting a million orders takes
   * longer than the budget, so every first page would spend it); any other list is counted.
   */
  private async total(caller: Caller, filters: OrderFilters): Promise<number | null> {
    const scope = customerScopeOnly(caller, filters);
    if (!scope) return this.countWithinBudget(orderListWhere(caller, filters, null, this.config.timeZone));
    const [row]: { n: number }[] = scope.customerId
      ? await this.orders.query(`SELECT orders AS n FROM order_stats_customer WHERE customer_id = $1`, [scope.customerId])
      : await this.orders.query(`SELECT coalesce(sum(orders), 0)::int AS n FROM order_stats_customer`);
    return row?.n ?? 0;
  }

  /** How many orders match, or null when Postgres cannot count them within COUNT_BUDGET_MS. */
  private async countWithinBudget(where: OrderListWhere): Promise<number | null> {
    try {
      return await this.orders.manager.transaction(async (manager) => {
        await manager.query(`SET LOCAL statement_timeout = ${COUNT_BUDGET_MS}`);
        // one core: a count cut off at the budget then costs the budget, not three times it
        await manager.query(`SET LOCAL max_parallel_workers_per_gather = 0`);
        const [{ n }]: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM orders ${where.sql}`, where.params);
        return n;
      });
    } catch (err) {
      if (isQueryCanceled(err)) return null;
      throw err;
    }
  }

  async get(caller: Caller, orderId: string): Promise<Order> {
    const [order] = await this.presentAll([await this.visibleRow(caller, orderId)]);
    return order;
  }

  /**
   * Admin status change, as the transitions table allows (409 otherwise); cancelling returns the
   * stock (once, through order.cancelled).
   */
  async changeStatus(req: ChangeStatusRequest): Promise<Order> {
    return this.transition(req.orderId, req.status, (row) => statusChangeProblem(row.status, req.status, 'admin'));
  }

  /**
   * The customer's Cancel button: own orders (404 for anyone else's), pending only (the
   * transitions table), until its delivery date's cut-off (409 after: the bakery is preparing it).
   */
  async cancelByCustomer(caller: Caller, orderId: string): Promise<Order> {
    await this.visibleRow(caller, orderId);
    const schedule = await this.delivery.context();
    return this.transition(orderId, 'cancelled', (row) => {
      const refused = statusChangeProblem(row.status, 'cancelled', 'customer');
      if (refused) return refused;
      const until = changeableUntil(row.deliveryDate, schedule.schedule, schedule.timeZone);
      return until && schedule.now.getTime() >= until.getTime() ? DeliveryMessages.orderBeingPrepared : null;
    });
  }

  private async transition(orderId: string, status: OrderStatus, problem: (row: OrderRow) => string | null): Promise<Order> {
    // delivered issues the invoice in the same transaction: what it needs of customers is asked before it opens
    const invoicing = await this.invoices.prepareStatusChange(orderId, status);
    await this.bus.inTransaction(async (tx) => {
      // Row lock: two concurrent changes cannot both see "pending" and both cancel.
      const row = await tx.manager.findOne(OrderRow, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw AppError.notFound(OrderingMessages.orderNotFound);
      const refusal = problem(row);
      if (refusal) throw AppError.conflict(refusal, { status: row.status });
      if (row.status === status) return;
      const previousStatus = row.status;
      await tx.manager.update(OrderRow, { id: orderId }, { status });
      // delivered: its invoice; cancelled after an invoice: its credit note (all or nothing with the change)
      await this.invoices.afterStatusChange(tx.manager, orderId, status, invoicing);
      await this.publishStatusChange(tx, { orderId, customerId: row.customerId, status, previousStatus });
    });
    const [order] = await this.presentAll([(await this.findRow(orderId))!]);
    return order;
  }

  private async publishStatusChange(tx: EventTransaction, event: OrderStatusChangedEvent): Promise<void> {
    await tx.publish(OrderingEvents.orderStatusChanged, event);
    if (event.status === 'cancelled') {
      const cancelled: OrderCancelledEvent = { orderId: event.orderId };
      await tx.publish(OrderingEvents.orderCancelled, cancelled);
    }
  }

  private async visibleRow(caller: Caller, orderId: string): Promise<OrderRow> {
    const row = await this.findRow(orderId);
    // Someone else's order is as unknown as one that does not exist.
    if (!row || (caller.role !== 'admin' && row.customerId !== caller.userId)) {
      throw AppError.notFound(OrderingMessages.orderNotFound);
    }
    return row;
  }

  private findRow(orderId: string): Promise<OrderRow | null> {
    return this.orders.findOne({ where: { id: orderId }, relations: { items: true } });
  }
}
