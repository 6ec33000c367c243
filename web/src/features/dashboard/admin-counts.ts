import type { Product } from '@contracts/catalog';
import { catalogueProducts } from '@/lib/product-review';
import type { DashboardMetrics } from './api/metrics';

/** Spec section 9: the admin dashboard shows 5 recent orders and 5 low-stock products. */
export const RECENT_ORDERS = 5;
export const LOW_STOCK_SHOWN = 5;

export interface AdminCounts {
  /** products in the catalogue (customer submissions not yet approved are not products yet) */
  products?: number;
  activeProducts?: number;
  orders?: number;
  pendingOrders?: number;
  customers?: number;
  /** products at or below their own lowStockThreshold */
  lowStock?: number;
}

/** The admin dashboard's counts; undefined for whatever has not loaded. */
export function adminCounts(data: {
  products?: Product[];
  /** the order figures come from the dashboard metrics (kept by the server), not from a list of orders */
  metrics?: Pick<DashboardMetrics, 'totalOrders' | 'pendingOrders'>;
  /** how many customers the server counted (X-Total-Count), not a downloaded list */
  customers?: number;
  lowStock?: Product[];
}): AdminCounts {
  const catalogue = data.products ? catalogueProducts(data.products) : undefined;
  return {
    products: catalogue?.length,
    activeProducts: catalogue?.filter((p) => p.isActive).length,
    orders: data.metrics?.totalOrders,
    pendingOrders: data.metrics?.pendingOrders,
    customers: data.customers,
    lowStock: data.lowStock?.length,
  };
}
