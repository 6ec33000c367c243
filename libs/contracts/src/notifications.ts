import type { AlertType } from './catalog';
import type { OrderStatus } from './ordering';

// ---- request/reply (gateway → notifications) -------------------------------------------------

export const NotificationsPatterns = {
  /** → NotificationCount: unread admin order notifications */
  count: 'notifications.count',
  /** → NotificationCount ({ count: 0 }): marks every unread notification read */
  markRead: 'notifications.markRead',
} as const;

export interface NotificationCount {
  count: number;
}

// ---- broadcasts (notifications → every gateway instance, `<ns>.broadcast.<topic>`) -----------

export const NotificationsBroadcasts = {
  /** NotificationCount, whenever the unread count changed */
  count: 'notifications.count',
  /** InventoryAlertBroadcast, for each `stock.low` */
  inventoryAlert: 'inventory.alert',
  /** OrderUpdatedBroadcast, for each `order.placed` (status pending), `order.status-changed` and `order.amended` */
  orderUpdated: 'order.updated',
} as const;

export interface InventoryAlertBroadcast {
  productId: string;
  name: string;
  stock: number;
  lowStockThreshold: number;
  alertType: AlertType | 'shortfall' | 'skipped';
  /** alertType 'shortfall': a standing order's delivery got `units` fewer than it asked for */
  shortfall?: { orderId: string; customer: string; units: number };
  /** alertType 'skipped': a standing order's delivery was not placed (reason 'on_hold': its customer's account is on hold); `name` is the standing order's */
  skipped?: { standingOrderId: string; customer: string; date: string; reason: 'on_hold' };
}

export interface OrderUpdatedBroadcast {
  orderId: string;
  status: OrderStatus;
  /** lets each gateway push to that customer's sockets; not sent on to browsers */
  customerId: string;
}

// ---- socket.io (gateway → browsers, path /socket.io) -----------------------------------------

export const REALTIME_PATH = '/socket.io';

/** Event names a browser listens to. */
export const RealtimeEvents = {
  /** NotificationCount, admins only; also sent once on connect */
  adminNotifications: 'admin:notifications',
  /** InventoryAlertBroadcast, admins only */
  inventoryAlert: 'inventory:alert',
  /** OrderUpdatedPush: admins for every order, a customer for their own */
  orderUpdated: 'order:updated',
} as const;

export interface OrderUpdatedPush {
  orderId: string;
  status: OrderStatus;
}

/** The message of the `connect_error` a socket without a live session gets. */
export const REALTIME_UNAUTHORIZED = 'Unauthorized';
