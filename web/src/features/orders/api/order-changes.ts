import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResult } from '@contracts/order-changes';
import type { DeliveryTimeSlot, Order } from '@contracts/ordering';
import { apiJson } from '@/lib/api-client';
import { CART_COUNT_KEY, CART_KEY, LOW_STOCK_KEY, METRICS_KEY, ORDERS_KEY, PRODUCTS_KEY } from '@/lib/query-keys';
import { orderKey } from './orders';

/**
 * "Order again": the order's products that can still be ordered go into the cart (POST
 * /api/orders/:id/reorder); the cart and its badge are read again.
 */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => apiJson<ReorderResult>('POST', `/api/orders/${orderId}/reorder`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY }),
      ]),
  });
}

/** What PATCH /api/orders/:id changes: only what is sent (null clears the date, slot or instructions). */
export interface AmendOrderInput {
  id: string;
  lines?: { productId: string; quantity: number }[];
  deliveryDate?: string | null;
  deliveryTimeSlot?: DeliveryTimeSlot | null;
  specialInstructions?: string | null;
}

/**
 * Changing an order: that order is answered as it is now; the lists, the metrics and (since the
 * stock moved) the products are read again.
 */
export function useAmendOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AmendOrderInput) => apiJson<Order>('PATCH', `/api/orders/${id}`, body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(order.id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'recent'] }),
        queryClient.invalidateQueries({ queryKey: METRICS_KEY }),
        queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
        queryClient.invalidateQueries({ queryKey: LOW_STOCK_KEY }),
      ]);
    },
  });
}
