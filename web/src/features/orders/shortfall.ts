/**
 * Orders made from standing orders (issue 17): the mark they carry, and the units a standing order
 * asked for that were not available (`shortfall`): never charged, shown to the admin and the
 * customer alike.
 */
import type { Order, OrderItem } from '@contracts/ordering';

/** The tag on an order a standing order made. */
export const STANDING_ORDER_TAG = 'Standing order';

export function fromStandingOrder(order: Pick<Order, 'standingOrderId'>): boolean {
  return Boolean(order.standingOrderId);
}

/** An item short of stock, in the details: "5 of 20 available: 15 short, not charged"; null when complete. */
export function shortfallText(item: Pick<OrderItem, 'quantity' | 'shortfall'>): string | null {
  const short = item.shortfall ?? 0;
  if (short <= 0) return null;
  return `${item.quantity} of ${item.quantity + short} available: ${short} short, not charged`;
}

/** The items short of stock, on an order card: "Classic Baguette: 5 of 20 (15 short)"; empty when none. */
export function shortfallLines(order: Pick<Order, 'orderItems'>): string[] {
  return order.orderItems
    .filter((i) => (i.shortfall ?? 0) > 0)
    .map((i) => `${i.product?.name ?? 'Product'}: ${i.quantity} of ${i.quantity + i.shortfall} (${i.shortfall} short)`);
}
