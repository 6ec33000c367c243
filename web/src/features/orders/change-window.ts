/**
 * Until when a customer may cancel (or change) their order: a pending order, until its delivery
 * date's cut-off (`Order.cutoffAt`, the server's own `changeableUntil`); one without a date, as the
 * spec has it. After the cut-off the server answers 409, so Cancel is no longer offered.
 */
import { DeliveryMessages } from '@contracts/delivery-rules';
import { mayChangeOrderStatus } from '@contracts/order-status';
import type { Order } from '@contracts/ordering';
import { cutoffText } from '@/lib/bakery-time';

/** Whether the customer may cancel `order` at `now` (the server's clock, ms). */
export function customerMayCancel(order: Pick<Order, 'status' | 'cutoffAt'>, now: number): boolean {
  if (!mayChangeOrderStatus(order.status, 'cancelled', 'customer')) return false;
  return order.cutoffAt === null || now < Date.parse(order.cutoffAt);
}

/**
 * What a pending order with a cut-off tells its customer: "Can be changed until Tue 2:00 PM" (the
 * bakery's clock), or that it is being prepared once the cut-off has passed; nothing otherwise.
 */
export function changeWindowText(order: Pick<Order, 'status' | 'cutoffAt'>, timeZone: string, now: number): string | null {
  if (order.status !== 'pending' || order.cutoffAt === null) return null;
  if (now < Date.parse(order.cutoffAt)) return `Can be changed until ${cutoffText(order.cutoffAt, timeZone, now)}`;
  return DeliveryMessages.orderBeingPrepared;
}

/**
 * What the order screens show that moves with the clock, at `now`: each order's Cancel and change
 * window. A screen's clock (`useServerNow`) re-renders the list only when this changes (a cut-off
 * passes), not on every tick.
 */
export function changeWindowsShownAt(orders: readonly Pick<Order, 'status' | 'cutoffAt'>[], timeZone: string, now: number): string {
  return orders.map((order) => `${customerMayCancel(order, now) ? 'cancel' : ''} ${changeWindowText(order, timeZone, now) ?? ''}`).join('\n');
}
