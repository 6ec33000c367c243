import type { Product } from '@contracts/catalog';
import type { Order } from '@contracts/ordering';
import type { User } from '@contracts/users';
import { catalogueProducts } from '@/lib/product-review';

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
export function adminCounts(data: { products?: Product[]; orders?: Order[]; customers?: User[]; lowStock?: Product[] }): AdminCounts {
  const catalogue = data.products ? catalogueProducts(data.products) : undefined;
  return {
    products: catalogue?.length,
    activeProducts: catalogue?.filter((p) => p.isActive).length,
    orders: data.orders?.length,
    pendingOrders: data.orders?.filter((o) => o.status === 'pending').length,
    customers: data.customers?.length,
    lowStock: data.lowStock?.length,
  };
}
