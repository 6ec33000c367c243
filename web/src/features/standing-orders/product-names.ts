import { useCallback, useMemo } from 'react';
import { useProducts } from '@/features/products/api/products';

/** What a product no longer in the catalogue is called (inactive or deleted: it is left out of deliveries). */
export const UNAVAILABLE_PRODUCT = 'Unavailable product';

/**
 * Product names for the standing orders' lines, from the catalogue (GET /api/products: customers
 * get the products they can order, admins every product).
 */
export function useProductNames(): (productId: string) => string {
  const products = useProducts();
  const names = useMemo(() => new Map((products.data ?? []).map((p) => [p.id.toLowerCase(), p.name])), [products.data]);
  return useCallback((productId: string) => names.get(productId.toLowerCase()) ?? (products.isLoading ? '…' : UNAVAILABLE_PRODUCT), [names, products.isLoading]);
}
