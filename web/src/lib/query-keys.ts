/**
 * The react-query keys that more than one feature (or the realtime bridge in app/) reads,
 * refreshes or invalidates: placing an order refreshes the cart, the products and the metrics, an
 * order pushed by the server refreshes the orders and the unread count. They live here, below the
 * features, so a feature's api/ never imports another feature (docs/architecture.md, "Layering");
 * each feature's api/ re-exports its own.
 */
export const USER_KEY = ['/api/auth/user'] as const;
export const CART_KEY = ['/api/cart'] as const;
export const CART_COUNT_KEY = ['/api/cart/count'] as const;
export const PRICING_KEY = ['/api/config/pricing'] as const;
export const ORDERS_KEY = ['/api/orders'] as const;
export const METRICS_KEY = ['/api/dashboard/metrics'] as const;
export const PRODUCTS_KEY = ['/api/products'] as const;
/** Admins: products at or below their threshold, lowest stock first. */
export const LOW_STOCK_KEY = ['/api/admin/inventory/low-stock'] as const;
export const ADMIN_NOTIFICATIONS_COUNT_KEY = ['/api/admin/notifications/count'] as const;
/** The bakery's calendar (GET /api/calendar): its time zone, today there, the server's clock. */
export const CALENDAR_KEY = ['/api/calendar'] as const;
/** GET /api/delivery/calendar: which dates can be ordered (the cart, the admin's preview). */
export const DELIVERY_CALENDAR_KEY = ['/api/delivery/calendar'] as const;
