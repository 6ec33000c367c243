/**
 * The order status state machine: from which status an order may move to which, and who may move
 * it. The server enforces it (`services/ordering/src/domain/order-status.ts`); the web app's Manage
 * Orders offers only these next statuses. No runtime imports: the web app imports this module for
 * its values (see web/src/lib/contracts-imports.test.ts).
 */
import type { OrderStatus, Role } from './constants';

/**
 * For each status, the statuses each role may set next. Admins may set any status from the selector
 * (the spec enforces no order of steps, so going back is allowed too) until the order is delivered
 * or cancelled, which are final: nothing moves from them. A customer may only cancel a pending order
 * (their own: ordering answers 404 for anyone else's). Asking for the status an order already has
 * is not a transition (see `services/ordering/src/domain/order-status.ts`).
 */
export const ORDER_STATUS_TRANSITIONS = {
  pending: {
    admin: ['confirmed', 'in_preparation', 'ready_for_delivery', 'in_transit', 'delivered', 'cancelled'],
    customer: ['cancelled'],
  },
  confirmed: {
    admin: ['pending', 'in_preparation', 'ready_for_delivery', 'in_transit', 'delivered', 'cancelled'],
    customer: [],
  },
  in_preparation: {
    admin: ['pending', 'confirmed', 'ready_for_delivery', 'in_transit', 'delivered', 'cancelled'],
    customer: [],
  },
  ready_for_delivery: {
    admin: ['pending', 'confirmed', 'in_preparation', 'in_transit', 'delivered', 'cancelled'],
    customer: [],
  },
  in_transit: {
    admin: ['pending', 'confirmed', 'in_preparation', 'ready_for_delivery', 'delivered', 'cancelled'],
    customer: [],
  },
  delivered: { admin: [], customer: [] },
  cancelled: { admin: [], customer: [] },
} as const satisfies Record<OrderStatus, Record<Role, readonly OrderStatus[]>>;

/** The statuses `actor` may move an order in `current` to (never `current` itself). */
export function nextOrderStatuses(current: OrderStatus, actor: Role): readonly OrderStatus[] {
  const row: Record<Role, readonly OrderStatus[]> | undefined = ORDER_STATUS_TRANSITIONS[current];
  return row?.[actor] ?? [];
}

/** Whether `actor` may move an order from `current` to `next` (a different status). */
export function mayChangeOrderStatus(current: OrderStatus, next: OrderStatus, actor: Role): boolean {
  return nextOrderStatuses(current, actor).includes(next);
}

/** Statuses nobody may move an order out of: delivered and cancelled. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = (Object.keys(ORDER_STATUS_TRANSITIONS) as OrderStatus[]).filter((status) =>
  Object.values(ORDER_STATUS_TRANSITIONS[status]).every((next) => next.length === 0),
);

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return FINAL_ORDER_STATUSES.includes(status);
}
