import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import type { CartLine, PricingAnswer } from '@contracts/ordering';

import { CART_COUNT_KEY, CART_KEY, PRICING_KEY } from '@/lib/query-keys';

export { CART_COUNT_KEY, CART_KEY, PRICING_KEY };

/**
 * The cart. Like every query of the app (spec section 7) it is not refetched on focus: prices that
 * changed meanwhile are caught when the order is placed (the total shown is sent as
 * `expectedTotal`; a 409 names the changed prices and the cart is read again).
 */
export function useCart() {
  return useQuery(cartQuery);
}

export const cartQuery = queryOptions<CartLine[]>({ queryKey: CART_KEY });

/**
 * How many of a product this customer's cart already holds (0 while the cart loads): it counts
 * against the product's stock. `enabled`: false for those without a cart (admins).
 */
export function useQuantityInCart(productId: string, enabled = true): number {
  const cart = useQuery({ ...cartQuery, enabled });
  return (cart.data ?? []).reduce((n, line) => (line.productId === productId ? n + line.quantity : n), 0);
}

/** GET /api/cart/count: how many lines the cart holds (the shell's badge); no retry. */
export const cartCountQuery = queryOptions<{ count: number }>({ queryKey: CART_COUNT_KEY, retry: false });

/** Spec section 7: only when signed in and not admin. */
export function useCartCount(enabled: boolean) {
  return useQuery({ ...cartCountQuery, enabled });
}

/**
 * Delivery fee and tax rate, and (issue 19) the customer's own minimum order, delivery fee and
 * free-delivery threshold in `own` (read again with the cart after a 409, and after a refusal for
 * the minimum or a hold, since they make its total and its hints).
 */
export function usePricing() {
  return useQuery(pricingQuery);
}

export const pricingQuery = queryOptions<PricingAnswer>({ queryKey: PRICING_KEY });

/** Adding a line changes the cart and (for a new product) its count. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; quantity: number }) => apiJson<CartLine>('POST', '/api/cart', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY }),
      ]),
  });
}

/** A quantity change leaves the number of lines (the count) as it was. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: string; quantity: number }) => apiJson<CartLine>('PUT', `/api/cart/${id}`, { quantity }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CART_KEY, exact: true }),
  });
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ id: string }>('DELETE', `/api/cart/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY }),
      ]),
  });
}
