import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AppError,
  Caller,
  ChangeStatusRequest,
  CustomersPatterns,
  isUuid,
  Order,
  OrderCancelledEvent,
  OrderContact,
  OrderCursor,
  ORDERS_PAGE_SIZE,
  OrdersPage,
  OrderEvents,
  OrderingEvents,
  OrderingMessages,
  OrderPlacedEvent,
  OrderStatus,
  OrderStatusChangedEvent,
  PlaceOrderRequest,
} from '@bakery/contracts';
import { EventBus, EventTransaction, OUTBOX_INSERT } from '@bakery/event-bus';
import { RpcClient } from '@bakery/platform';
import { In, Repository } from 'typeorm';
import { CartItem } from '../cart/cart-item.entity';
import { CatalogClient } from '../catalog/catalog.client';
import { customerMayCancel, deliveryDateProblem, statusChangeProblem } from '../domain/order-rules';
import { orderIdFor } from '../domain/order-id';
import { computeTotals } from '../domain/totals';
import { ORDERING_CONFIG, OrderingConfig } from '../ordering.config';
import { PricingService } from '../pricing/pricing.service';
import { OrderItemRow } from './order-item.entity';
import { OrderRow } from './order.entity';
import { toOrder } from './order.mapper';

@Injectable()
export class OrdersService {
  constructor(
    @InjectRepository(OrderRow) private readonly orders: Repository<OrderRow>,
    @InjectRepository(CartItem) private readonly cart: Repository<CartItem>,
    private readonly catalog: CatalogClient,
    private readonly pricing: PricingService,
    private readonly rpc: RpcClient,
    private readonly bus: EventBus,
    @Inject(ORDERING_CONFIG) private readonly config: OrderingConfig,
  ) {}

  /**
   * Places the customer's cart as an order (a saga with one compensation):
   * 1. reserve every line in catalog at once (all or nothing; 409 names what is short);
   * 2. in one transaction: the order and its items, the cart lines cleared, `order.placed` in the outbox;
   * 3. if that transaction fails, release the reservation.
   * Prices come from catalog's answer, never from the client.
   */
  async place(req: PlaceOrderRequest): Promise<Order> {
    const dateProblem = deliveryDateProblem(req.deliveryDate, new Date(), this.config.timeZone);
    if (dateProblem) throw AppError.validation({ deliveryDate: [dateProblem] });

    const orderId = orderIdFor(req.customerId, req.idempotencyKey);
    if (req.idempotencyKey) {
      const already = await this.findRow(orderId);
      if (already) return toOrder(already);
    }

    const lines = await this.cart.find({ where: { customerId: req.customerId }, order: { createdAt: 'ASC' } });
    if (lines.length === 0) throw AppError.validation({ cart: [OrderingMessages.cartEmpty] }, OrderingMessages.cartEmpty);

    const [customer, pricing] = await Promise.all([
      this.rpc.request<OrderContact>(CustomersPatterns.orderContact, { userId: req.customerId }),
      this.pricing.get(),
    ]);
    const position = new Map(lines.map((l, i) => [l.productId, i]));
    const reservation = await this.catalog.reserve(
      orderId,
      lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    );

    const totals = computeTotals(reservation.lines, pricing);
    const now = new Date();
    const order = Object.assign(new OrderRow(), {
      id: orderId,
      customerId: req.customerId,
      status: 'pending' as const,
      subtotal: totals.subtotal,
      deliveryFee: totals.deliveryFee,
      tax: totals.tax,
      total: totals.total,
      deliveryDate: req.deliveryDate,
      deliveryTimeSlot: req.deliveryTimeSlot,
      specialInstructions: req.specialInstructions,
      customerBusinessName: customer.businessName,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      idempotencyKey: req.idempotencyKey ?? null,
      createdAt: now,
      updatedAt: now,
      items: reservation.lines.map((line, i) =>
        Object.assign(new OrderItemRow(), {
          id: randomUUID(),
          orderId,
          createdAt: now,
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
    try {
      await this.writeOrder(order, placed);
    } catch (err) {
      // A concurrent retry with the same Idempotency-Key won the race: its order stands.
      const existing = await this.findRow(orderId);
      if (existing) return toOrder(existing);
      await this.catalog.release(orderId).catch(() => undefined); // catalog's TTL sweeper is the backstop
      throw err;
    }
    return toOrder(order);
  }

  /**
   * The order, its items, the cart lines it empties and `order.placed` in the outbox, as ONE
   * statement: atomic like a transaction, in one round trip instead of six (placing orders is
   * the busiest write of the system).
   */
  private async writeOrder(order: OrderRow, placed: OrderPlacedEvent): Promise<void> {
    const event = this.bus.outboxRow(OrderEvents.orderPlaced, placed);
    const items = order.items.map((i) => ({
      id: i.id,
      position: i.position,
      product_id: i.productId,
      product_name: i.productName,
      quantity: i.quantity,
      unit_price: i.unitPrice,
      total_price: i.totalPrice,
    }));
    await this.orders.query(
      `WITH new_order AS (
         INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, delivery_date, delivery_time_slot,
                             special_instructions, customer_business_name, customer_email, customer_phone, idempotency_key,
                             created_at, updated_at)
         VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
         RETURNING id
       ), new_items AS (
         INSERT INTO order_items (id, order_id, position, product_id, product_name, quantity, unit_price, total_price, created_at)
         SELECT x.id, (SELECT id FROM new_order), x.position, x.product_id, x.product_name, x.quantity, x.unit_price, x.total_price, $14
           FROM jsonb_to_recordset($15::jsonb)
             AS x(id uuid, position smallint, product_id uuid, product_name text, quantity int, unit_price numeric, total_price numeric)
       ), emptied_cart AS (
         DELETE FROM cart_items WHERE customer_id = $2 AND product_id = ANY($16::uuid[])
       ), announced AS (
         ${OUTBOX_INSERT} ($17, $18, $19)
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
        order.items.map((i) => i.productId),
        ...event.values,
      ],
    );
    this.bus.kick();
  }

  /** Customers get their own orders, admins every order; newest first, a page at a time. */
  async list(caller: Caller, after: OrderCursor | null, limit = ORDERS_PAGE_SIZE): Promise<OrdersPage> {
    const size = Math.min(Math.max(1, Math.trunc(limit) || ORDERS_PAGE_SIZE), ORDERS_PAGE_SIZE);
    if (after && (!isUuid(after.id) || Number.isNaN(Date.parse(after.createdAt)))) {
      throw AppError.validation({ after: ['Not a cursor of this list'] });
    }
    // The cursor's time is Postgres's own text of created_at (microseconds), not a JS Date's.
    const page: { id: string; at: string }[] = await this.orders.query(
      `SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM orders
        WHERE ($1::uuid IS NULL OR customer_id = $1)
          AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
        ORDER BY created_at DESC, id DESC
        LIMIT $4`,
      [caller.role === 'admin' ? null : caller.userId, after?.createdAt ?? null, after?.id ?? null, size],
    );
    if (page.length === 0) return { orders: [], next: null };
    const found = await this.orders.find({ where: { id: In(page.map((p) => p.id)) }, relations: { items: true } });
    const byId = new Map(found.map((row) => [row.id, row]));
    const rows = page.map((p) => byId.get(p.id)).filter((row): row is OrderRow => row !== undefined);
    const last = page[page.length - 1];
    return { orders: rows.map(toOrder), next: page.length === size ? { createdAt: last.at, id: last.id } : null };
  }

  async get(caller: Caller, orderId: string): Promise<Order> {
    return toOrder(await this.visibleRow(caller, orderId));
  }

  /** Admin status change; cancelling returns the stock (once, through order.cancelled). */
  async changeStatus(req: ChangeStatusRequest): Promise<Order> {
    return this.transition(req.orderId, req.status, (row) => statusChangeProblem(row.status, req.status));
  }

  /** The customer's Cancel button: own orders, pending only. */
  async cancelByCustomer(caller: Caller, orderId: string): Promise<Order> {
    await this.visibleRow(caller, orderId);
    return this.transition(orderId, 'cancelled', (row) => (customerMayCancel(row.status) ? null : OrderingMessages.notPending));
  }

  private async transition(orderId: string, status: OrderStatus, problem: (row: OrderRow) => string | null): Promise<Order> {
    if (!isUuid(orderId)) throw AppError.notFound(OrderingMessages.orderNotFound);
    await this.bus.inTransaction(async (tx) => {
      // Row lock: two concurrent changes cannot both see "pending" and both cancel.
      const row = await tx.manager.findOne(OrderRow, { where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw AppError.notFound(OrderingMessages.orderNotFound);
      const refusal = problem(row);
      if (refusal) throw AppError.conflict(refusal, { status: row.status });
      if (row.status === status) return;
      const previousStatus = row.status;
      await tx.manager.update(OrderRow, { id: orderId }, { status });
      await this.publishStatusChange(tx, { orderId, customerId: row.customerId, status, previousStatus });
    });
    return toOrder((await this.findRow(orderId))!);
  }

  private async publishStatusChange(tx: EventTransaction, event: OrderStatusChangedEvent): Promise<void> {
    await tx.publish(OrderingEvents.orderStatusChanged, event);
    if (event.status === 'cancelled') {
      const cancelled: OrderCancelledEvent = { orderId: event.orderId };
      await tx.publish(OrderEvents.orderCancelled, cancelled);
    }
  }

  private async visibleRow(caller: Caller, orderId: string): Promise<OrderRow> {
    const row = isUuid(orderId) ? await this.findRow(orderId) : null;
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
