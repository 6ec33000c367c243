import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AdjustStockResponse,
  type AmendedLineChange,
  belowMinimumMessage,
  AmendOrderRequest,
  AppError,
  Caller,
  CatalogMessages,
  changeableUntil,
  ErrorCode,
  holdRefusal,
  minimumOrderShortfall,
  Order,
  OrderAmendedEvent,
  OrderChangeMessages,
  OrderingEvents,
  OrderingMessages,
  parseAmount,
  priceResolver,
  type ReorderResult,
  type ScheduleContext,
} from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import type { Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { CartItem } from '../cart/cart-item.entity';
import { CatalogClient, isLive } from '../catalog/catalog.client';
import { DeliveryScheduleService } from '../delivery/delivery-schedule.service';
import {
  amendedItems,
  amendedLinesProblems,
  changedFields,
  changeRefusal,
  heldLines,
  lineChanges,
  planReorder,
  risingProducts,
  type QuantityLine,
  type ReorderProduct,
} from '../domain/order-changes';
import { computeTotals } from '../domain/totals';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';
import { atCustomerPrices, customerPricing } from '../pricing/customer-pricing';
import { CustomerTermsClient } from '../pricing/customer-terms.client';
import { PricingService } from '../pricing/pricing.service';
import { OrderItemRow } from './order-item.entity';
import { OrderRow } from './order.entity';
import { toOrder } from './order.mapper';
import { assertLeadTimes, assertOrderable, assertSlot } from './orderable';

/**
 * "Order again" and changing an order (issue 17). The rules are plain functions in
 * ../domain/order-changes; this applies them to the cart, the order and catalog's stock.
 */
@Injectable()
export class OrderChangesService {
  constructor(
    @InjectRepository(OrderRow) private readonly orders: Repository<OrderRow>,
    @InjectRepository(CartItem) private readonly cart: Repository<CartItem>,
    private readonly catalog: CatalogClient,
    private readonly delivery: DeliveryScheduleService,
    private readonly pricing: PricingService,
    private readonly terms: CustomerTermsClient,
    private readonly bus: EventBus,
    @Inject(ORDERING_CONFIG) private readonly config: Pick<OrderingConfig, 'maxDeliveryDaysAhead'>,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Puts the products of one of the customer's orders (any status) that can still be ordered into
   * their cart, at the same quantities, capped as POST /api/cart caps a line (planReorder), and
   * says what was left out and why. In one transaction that locks the cart's lines of those
   * products: a line added meanwhile that would take one past its cap makes it a 409, with
   * nothing added.
   */
  async reorder(caller: Caller, orderId: string): Promise<ReorderResult> {
    if (caller.role !== 'customer') throw AppError.forbidden(OrderChangeMessages.customersOnly);
    const order = await this.orders.findOne({ where: { id: orderId }, relations: { items: true } });
    // someone else's order is as unknown as one that does not exist
    if (!order || order.customerId !== caller.userId) throw AppError.notFound(OrderingMessages.orderNotFound);
    const items = [...order.items].sort((a, b) => a.position - b.position);
    const ids = [...new Set(items.map((i) => i.productId.toLowerCase()))];
    // the cart takes the customer's own prices (a customer on hold may still fill a cart)
    const [found, terms] = await Promise.all([this.catalog.products(ids), this.terms.resolve(caller.userId)]);
    const priceOf = priceResolver(terms.priceList);
    const products = new Map<string, ReorderProduct>(
      [...found.values()].map((p) => [p.id.toLowerCase(), { name: p.name, price: priceOf(p.id, p.price), stock: p.stock, live: isLive(p) }]),
    );

    return this.cart.manager.transaction(async (m) => {
      const held: { productId: string; quantity: number }[] = await m.query(
        `SELECT product_id AS "productId", quantity FROM cart_items
          WHERE customer_id = $1 AND product_id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
        [caller.userId, ids],
      );
      const { additions, result } = planReorder(items, products, new Map(held.map((h) => [h.productId.toLowerCase(), h.quantity])));
      if (additions.length === 0) return result;
      // one statement, merged as POST /api/cart merges (the line takes today's price, and no
      // placement holds it any more); a line that another request made meanwhile and that would go
      // past its cap is not written, and then nothing is
      const written: { productId: string }[] = await m.query(
        `WITH wanted AS (
           SELECT * FROM unnest($2::uuid[], $3::int[], $4::numeric[], $5::int[]) AS w(product_id, quantity, unit_price, line_max)
         )
         INSERT INTO cart_items (customer_id, product_id, quantity, unit_price)
         SELECT $1, product_id, quantity, unit_price FROM wanted
         ON CONFLICT (customer_id, product_id)
         DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity, unit_price = EXCLUDED.unit_price,
                       updated_at = now(), claimed_by = NULL, claimed_at = NULL
          WHERE cart_items.quantity + EXCLUDED.quantity <= (SELECT line_max FROM wanted WHERE wanted.product_id = EXCLUDED.product_id)
         RETURNING product_id AS "productId"`,
        [
          caller.userId,
          additions.map((a) => a.productId),
          additions.map((a) => a.quantity),
          additions.map((a) => a.unitPrice),
          additions.map((a) => a.lineMax),
        ],
      );
      if (written.length !== additions.length) throw AppError.conflict(OrderChangeMessages.cartChanged);
      return result;
    });
  }

  /**
   * PATCH /api/orders/:id. Under the order's row lock (two changes of one order wait on each other,
   * so neither applies on what the other replaced): who may change it now (changeRefusal: 409), the
   * new date and slot (the ordering windows, as placing: 400), the products' lead times, then the
   * stock, by the difference only (catalog.stock.adjust: 409 when an increase cannot be met), the
   * items and totals (kept products at the order's prices, new ones at the customer's price today;
   * the delivery fee as charged; tax at the order's own rate), and `order.amended` in the same transaction.
   * A customer on hold may change nothing (403), and a customer's change may not take the order
   * below their minimum (400); admins are limited by neither. Any failure after
   * the stock moved gives it back while the lock is held; if even that fails, catalog undoes the
   * adjustment itself once its TTL passes without order.amended. Nothing to change: the order as it is.
   */
  async amend(req: AmendOrderRequest): Promise<Order> {
    if (req.lines) {
      const problems = amendedLinesProblems(req.lines);
      if (Object.keys(problems).length > 0) throw AppError.validation(problems);
    }
    // read before the lock: a transaction waiting on it holds a pooled connection, so the one
    // holding it must not need another from the pool
    const customer = req.caller.role === 'customer';
    const [schedule, settings, callerTerms] = await Promise.all([
      this.delivery.context(),
      this.pricing.get(),
      customer ? this.terms.resolve(req.caller.userId) : Promise.resolve(null),
    ]);
    const held = holdRefusal(callerTerms);
    if (held) throw AppError.forbidden(held);
    const amended = await this.bus.inTransaction(async (tx) => {
      const m = tx.manager;
      // the row lock first (FOR UPDATE cannot take the outer join of a relation), then the items
      const row = await m.findOne(OrderRow, { where: { id: req.orderId }, lock: { mode: 'pessimistic_write' } });
      if (!row || (req.caller.role !== 'admin' && row.customerId !== req.caller.userId)) throw AppError.notFound(OrderingMessages.orderNotFound);
      const refusal = changeRefusal(row.status, req.caller.role, changeableUntil(row.deliveryDate, schedule.schedule, schedule.timeZone), schedule.now);
      if (refusal) throw AppError.conflict(refusal, { status: row.status });
      // an invoice issued on demand before delivery fixes the order (the invoice never changes)
      const invoiced: unknown[] = await m.query(`SELECT 1 FROM invoices WHERE order_id = $1 AND kind = 'invoice'`, [row.id]);
      if (invoiced.length > 0) throw AppError.conflict(OrderChangeMessages.invoiced);
      const items = await m.find(OrderItemRow, { where: { orderId: row.id }, order: { position: 'ASC' } });

      const current: QuantityLine[] = items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
      const next: QuantityLine[] = req.lines ? req.lines.map((l) => ({ productId: l.productId.toLowerCase(), quantity: l.quantity })) : current;
      const date = req.deliveryDate !== undefined ? req.deliveryDate : row.deliveryDate;
      const slot = req.deliveryTimeSlot !== undefined ? req.deliveryTimeSlot : row.deliveryTimeSlot;
      const instructions = req.specialInstructions !== undefined ? req.specialInstructions : row.specialInstructions;
      const changes = req.lines ? lineChanges(current, next) : [];
      const changed = changedFields({
        lines: changes,
        deliveryDate: [row.deliveryDate, date],
        deliveryTimeSlot: [row.deliveryTimeSlot, slot],
        specialInstructions: [row.specialInstructions, instructions],
      });
      if (changed.length === 0) return (await m.findOne(OrderRow, { where: { id: row.id }, relations: { items: true } }))!;

      this.assertWindows(changed, date, slot, schedule);
      await this.assertProducts(changes, changed.includes('deliveryDate') ? next : null, date, schedule);

      // new products take the order's customer's price (an admin's change: that customer's terms)
      const terms = changes.length > 0 ? (callerTerms ?? (await this.terms.resolve(row.customerId))) : null;
      const amendmentId = randomUUID();
      let adjusted: AdjustStockResponse | null = null;
      if (changes.length > 0) adjusted = await this.adjustStock(row.id, amendmentId, current, next);
      try {
        const pricing = terms ? customerPricing(settings, terms) : null;
        if (adjusted && pricing) adjusted = { ...adjusted, lines: atCustomerPrices(adjusted.lines, pricing) };
        const minimumOrder = customer && pricing ? pricing.terms.minimumOrder : null;
        // the rate the order was placed at (an order from before rates were kept: today's)
        const taxRate = row.taxRate ?? settings.taxRate;
        const event = await this.write(m, row, items, { next, date, slot, instructions, adjusted, taxRate, minimumOrder });
        const payload: OrderAmendedEvent = {
          orderId: row.id,
          customerId: row.customerId,
          amendmentId,
          status: row.status,
          changed,
          lines: heldLines(next),
          lineChanges: changes,
          previousTotal: event.previousTotal,
          total: event.total,
          previousDeliveryDate: row.deliveryDate,
          deliveryDate: date,
          previousDeliveryTimeSlot: row.deliveryTimeSlot,
          deliveryTimeSlot: slot,
        };
        await tx.publish(OrderingEvents.orderAmended, payload);
        return (await m.findOne(OrderRow, { where: { id: row.id }, relations: { items: true } }))!;
      } catch (err) {
        if (adjusted) await this.undoAdjustment(row.id, current, next);
        throw err;
      }
    });
    return this.present(amended, schedule);
  }

  /**
   * A product added or raised must be one a customer can order (409, as catalog's adjustment would
   * answer under its locks), and the bakery needs its notice (lead time) for the date: every
   * product's when the date moves (`movedTo`: the new lines), the rising ones' otherwise.
   */
  private async assertProducts(changes: AmendedLineChange[], movedTo: QuantityLine[] | null, date: string | null, schedule: ScheduleContext): Promise<void> {
    const rising = risingProducts(changes);
    const needNotice = movedTo ? [...new Set(movedTo.map((l) => l.productId))] : rising;
    const ids = [...new Set([...rising, ...needNotice])];
    if (ids.length === 0) return;
    const products = await this.catalog.products(ids);
    const unavailable = rising.filter((id) => !isLive(products.get(id)));
    if (unavailable.length > 0) {
      const named = unavailable.map((productId) => ({ productId, name: products.get(productId)?.name ?? productId }));
      throw AppError.conflict(`${CatalogMessages.productUnavailable}: ${named.map((p) => p.name).join(', ')}`, { unavailable: named });
    }
    const known = needNotice.flatMap((id) => {
      const product = products.get(id);
      return product ? [product] : [];
    });
    assertLeadTimes(date, known, schedule, this.config.maxDeliveryDaysAhead);
  }

  /** The new date (as placing an order checks it, slot included), or a new slot on the same date. */
  private assertWindows(changed: string[], date: string | null, slot: OrderRow['deliveryTimeSlot'], schedule: ScheduleContext): void {
    if (changed.includes('deliveryDate')) assertOrderable(date, slot, schedule, this.config.maxDeliveryDaysAhead);
    else if (changed.includes('deliveryTimeSlot')) assertSlot(date, slot, schedule);
  }

  /**
   * Moves the order's stock to the new lines. A refusal (409 short or unavailable, 404 a product
   * gone meanwhile, 400) moved nothing; any other failure (no answer in time) may have moved it, so
   * it is undone.
   */
  private async adjustStock(orderId: string, amendmentId: string, current: QuantityLine[], next: QuantityLine[]): Promise<AdjustStockResponse> {
    try {
      return await this.catalog.adjust(orderId, amendmentId, heldLines(current), heldLines(next));
    } catch (err) {
      const refused = err instanceof AppError && [ErrorCode.Conflict, ErrorCode.ValidationFailed, ErrorCode.NotFound].some((code) => code === err.code);
      if (!refused) await this.undoAdjustment(orderId, current, next);
      throw err;
    }
  }

  /**
   * Puts the reservation back to what the order holds (a change back to the previous lines, which
   * catalog keeps without waiting for a confirmation). Best effort: catalog's sweeper undoes an
   * adjustment never confirmed anyway, after the reservation TTL.
   */
  private async undoAdjustment(orderId: string, current: QuantityLine[], next: QuantityLine[]): Promise<void> {
    const held = heldLines(current);
    if (held.length === 0) return; // nothing to go back to in one call: the sweeper's TTL does it
    await this.catalog.adjust(orderId, randomUUID(), held, held).catch((err: unknown) => {
      this.logger.warn({ err, orderId, next }, 'could not undo a stock adjustment at once; catalog undoes it after the reservation TTL');
    });
  }

  /** The order's new items, totals, date, slot and instructions. Answers the totals before and after. */
  private async write(
    m: EntityManager,
    row: OrderRow,
    items: OrderItemRow[],
    change: {
      next: QuantityLine[];
      date: string | null;
      slot: OrderRow['deliveryTimeSlot'];
      instructions: string | null;
      adjusted: AdjustStockResponse | null;
      /** the tax rate the order was placed at */
      taxRate: string;
      /** a customer's change: the minimum the new subtotal must meet (null: none) */
      minimumOrder: string | null;
    },
  ): Promise<{ previousTotal: string; total: string }> {
    const now = new Date();
    let totals = { subtotal: row.subtotal, tax: row.tax, total: row.total };
    if (change.adjusted) {
      const current = new Map(change.adjusted.lines.map((l) => [l.productId.toLowerCase(), { name: l.name, unitPrice: l.unitPrice }]));
      const next = amendedItems(
        items.map((i) => ({ ...i, shortfall: i.shortfall ?? 0 })),
        change.next,
        current,
      );
      // the fee and the tax rate the order was charged
      const computed = computeTotals(next, { deliveryFee: row.deliveryFee, taxRate: change.taxRate });
      const short = minimumOrderShortfall(parseAmount(computed.subtotal), change.minimumOrder);
      if (short > 0) {
        const refusal = belowMinimumMessage(change.minimumOrder!, short);
        throw new AppError(ErrorCode.ValidationFailed, refusal, { lines: [refusal] }, { minimumOrder: change.minimumOrder });
      }
      totals = { subtotal: computed.subtotal, tax: computed.tax, total: computed.total };
      const kept = next.filter((i) => i.id !== null).map((i) => i.id!);
      await m.query(`DELETE FROM order_items WHERE order_id = $1 AND NOT (id = ANY($2::uuid[]))`, [row.id, kept]);
      for (const [i, item] of next.entries()) {
        const fields = { quantity: item.quantity, unitPrice: item.unitPrice, totalPrice: computed.lineTotals[i], position: item.position, shortfall: item.shortfall };
        if (item.id) await m.update(OrderItemRow, { id: item.id }, fields);
        else await m.insert(OrderItemRow, { ...fields, id: randomUUID(), orderId: row.id, productId: item.productId, productName: item.productName, createdAt: now });
      }
    }
    await m.update(
      OrderRow,
      { id: row.id },
      { ...totals, deliveryDate: change.date, deliveryTimeSlot: change.slot, specialInstructions: change.instructions, updatedAt: now },
    );
    return { previousTotal: row.total, total: totals.total };
  }

  private present(row: OrderRow, schedule: Pick<ScheduleContext, 'schedule' | 'timeZone'>): Order {
    return toOrder(row, changeableUntil(row.deliveryDate, schedule.schedule, schedule.timeZone));
  }
}
