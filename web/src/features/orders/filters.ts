import { ORDER_STATUSES, type OrderStatus, type Role } from '@contracts/constants';
import { nextOrderStatuses } from '@contracts/order-status';
import type { Order } from '@contracts/ordering';
import { listCountText } from '@/lib/paged-list';

/** Spec section 2: the order history's status filter. */
export const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'in_transit', label: 'In Transit' },
  { value: 'delivered', label: 'Delivered' },
] as const;

/** The count above a list of orders ("24 orders", "3 matching orders, showing 2", "Showing the first 20 orders"). */
export function ordersCountText(loaded: number, total: number | null, filtered: boolean): string {
  return listCountText(loaded, total, filtered, ['order', 'orders']);
}

/**
 * The first items as "2 × Sourdough Loaf", and '+N more items' for the rest: 2 in the order
 * history, 3 on the admin's order cards (spec section 9).
 */
export function itemSummary(order: Pick<Order, 'orderItems'>, count = 2): { shown: string[]; more: string | null } {
  const shown = order.orderItems.slice(0, count).map((i) => `${i.quantity} × ${i.product?.name ?? 'Product'}`);
  const rest = order.orderItems.length - count;
  return { shown, more: rest > 0 ? `+${rest} more items` : null };
}

/** "in_transit" → "In Transit". */
export const statusTitle = (status: string): string => status.split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');

/** Manage Orders: the status filter has every status. */
export const ADMIN_STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: statusTitle(status) })),
];

/** Every status with its title. */
export const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: statusTitle(status) }));

/**
 * The per-order status selector: the order's own status and those the transitions table
 * (ORDER_STATUS_TRANSITIONS, the server's own) lets `actor` set next, in the usual order.
 */
export function statusOptionsFor(current: OrderStatus, actor: Role = 'admin'): { value: OrderStatus; label: string }[] {
  const allowed = nextOrderStatuses(current, actor);
  return STATUS_OPTIONS.filter((option) => option.value === current || allowed.includes(option.value));
}

// the customer as the admin's order card names them (shared with the admin dashboard)
export { orderCustomerName } from '@/lib/orders';

/** Delivery date and slot, or 'Not scheduled'. */
export function deliveryText(order: Pick<Order, 'deliveryDate' | 'deliveryTimeSlot'>, formatDate: (d: string) => string): string {
  if (!order.deliveryDate && !order.deliveryTimeSlot) return 'Not scheduled';
  return [order.deliveryDate ? formatDate(order.deliveryDate) : null, order.deliveryTimeSlot].filter(Boolean).join(' · ');
}
