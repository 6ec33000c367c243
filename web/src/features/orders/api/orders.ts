import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, isApiError } from '@/lib/api-client';
import { CART_COUNT_KEY, CART_KEY, LOW_STOCK_KEY, METRICS_KEY, ORDERS_KEY, PRICING_KEY, PRODUCTS_KEY } from '@/lib/query-keys';
import type { DeliveryTimeSlot, Order, OrderStatus } from '@contracts/ordering';

export { ORDERS_KEY };
export const orderKey = (id: string) => ['/api/orders', id] as const;

/** Orders (admins get every order). `fresh`: read again whenever the screen opens (the admin screens). */
export function useOrders({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery<Order[]>({ queryKey: ORDERS_KEY, ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
}

export function useOrder(id: string | undefined, placeholder?: Order) {
  return useQuery<Order>({ queryKey: orderKey(id ?? ''), enabled: Boolean(id), placeholderData: placeholder });
}

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
 * elsewhere): the cart, its pricing and the catalogue are read again.
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

/** Cancelling changes the order (list and details), the metrics, and gives the stock back. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Order>('POST', `/api/orders/${id}/cancel`),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(order.id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: METRICS_KEY }),
        queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
      ]);
    },
  });
}

/** Admin: any status from the selector (spec section 4); the list, that order and the metrics move. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) => apiJson<Order>('PUT', `/api/orders/${id}/status`, { status }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(order.id), order);
      // the list shows the new status at once, then is read again with the rest
      queryClient.setQueryData<Order[]>(ORDERS_KEY, (list) => list?.map((o) => (o.id === order.id ? { ...o, ...order } : o)));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: METRICS_KEY }),
        // a cancellation gives stock back
        ...(order.status === 'cancelled'
          ? [queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }), queryClient.invalidateQueries({ queryKey: LOW_STOCK_KEY })]
          : []),
      ]);
    },
  });
}
