import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '@/lib/api-client';
import { CART_COUNT_KEY, CART_KEY, METRICS_KEY, ORDERS_KEY, PRICING_KEY, PRODUCTS_KEY } from '@/lib/query-keys';
import type { DeliveryTimeSlot, Order } from '@contracts/ordering';

// Placing the cart as an order is the cart's own action (POST /api/orders); the orders feature
// shows what it made.

export interface PlaceOrderInput {
  deliveryDate: string | null;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string | null;
  /** the total the cart showed: if the order would cost anything else, the server answers 409 and places nothing */
  expectedTotal: string;
  /** one per checkout attempt: a retry of the same attempt answers the same order */
  idempotencyKey: string;
}

/**
 * Placing an order empties the cart, adds an order, moves the metrics and takes stock. A 409 means
 * the cart is not what the customer saw (prices, stock, availability, or it was being ordered
 * elsewhere): the cart, its pricing and the catalogue are read again. A 400 (below the minimum
 * order) or 403 (account on hold) reads the pricing again: it carries the customer's own terms.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: PlaceOrderInput) =>
      apiJson<Order>('POST', '/api/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onError: (err) =>
      isApiError(err, 409)
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: CART_KEY, exact: true }),
            queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY }),
            queryClient.invalidateQueries({ queryKey: PRICING_KEY }),
            queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
          ])
        : // below the minimum, or on hold (issue 19): the customer's terms changed since the cart read them
          isApiError(err, 400) || isApiError(err, 403)
          ? queryClient.invalidateQueries({ queryKey: PRICING_KEY })
          : undefined,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: METRICS_KEY }),
        queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
      ]),
  });
}
