import { isFinalOrderStatus, mayChangeOrderStatus, OrderingMessages, type OrderStatus, type Role } from '@bakery/contracts';

/**
 * Why `actor` may not move an order from `current` to `next`, or null when it may: the transitions
 * table (ORDER_STATUS_TRANSITIONS, libs/contracts/src/order-status.ts) decides, this words the
 * refusal (409). An admin asking for the status the order already has changes nothing and is not
 * refused (PUT /api/orders/:id/status is idempotent: a repeated cancel answers 200, no event); a
 * customer's cancel of an order that is no longer pending is refused.
 */
export function statusChangeProblem(current: OrderStatus, next: OrderStatus, actor: Role): string | null {
  if (actor === 'admin' && current === next) return null;
  if (mayChangeOrderStatus(current, next, actor)) return null;
  if (actor === 'customer') return next === 'cancelled' ? OrderingMessages.notPending : OrderingMessages.customerOnlyCancels;
  if (isFinalOrderStatus(current)) return OrderingMessages.finalStatus.replace('{status}', current);
  return OrderingMessages.statusChangeRefused.replace('{from}', current).replace('{to}', next);
}
