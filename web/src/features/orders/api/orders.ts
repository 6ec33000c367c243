import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { fetchPage } from '@/lib/paged-list';
import { LOW_STOCK_KEY, METRICS_KEY, ORDERS_KEY, PRODUCTS_KEY } from '@/lib/query-keys';
import type { Order, OrderStatus } from '@contracts/ordering';

export { ORDERS_KEY };
export const orderKey = (id: string) => ['/api/orders', id] as const;

/**
 * What a list of orders asks the server for (GET /api/orders filters on the server; no screen
 * downloads the whole history): statuses, the day placed (the bakery's day), and for admins the
 * free text and one customer.
 */
export interface OrderListParams {
  status?: OrderStatus[];
  /** YYYY-MM-DD */
  placedOn?: string;
  q?: string;
  customerId?: string;
  limit?: number;
}

/** One page: its orders, the path of the next page (from the `Link` header) and the total when the server counted it. */
export interface OrderPage {
  orders: Order[];
  next: string | null;
  total: number | null;
}

export const ORDER_PAGE_SIZE = 20;

/** The path of the first page of a list. */
export function orderListPath(params: OrderListParams): string {
  const query = new URLSearchParams();
  if (params.status?.length) query.set('status', params.status.join(','));
  if (params.placedOn) {
    query.set('placedFrom', params.placedOn);
    query.set('placedTo', params.placedOn);
  }
  const q = params.q?.trim().replace(/^#/, '');
  if (q) query.set('q', q);
  if (params.customerId) query.set('customerId', params.customerId);
  query.set('limit', String(params.limit ?? ORDER_PAGE_SIZE));
  return `/api/orders?${query.toString()}`;
}

export async function fetchOrderPage(path: string, signal?: AbortSignal): Promise<OrderPage> {
  const { items, next, total } = await fetchPage<Order>(path, signal);
  return { orders: items, next, total };
}

const listKey = (params: OrderListParams) => [...ORDERS_KEY, 'list', params] as const;

/**
 * A list of orders page by page (`fetchNextPage` for more). `fresh`: read again whenever the
 * screen opens (the admin screens).
 */
export function useOrderList(
  params: OrderListParams,
  { fresh = false, enabled = true, keepWhileFiltering = false }: { fresh?: boolean; enabled?: boolean; keepWhileFiltering?: boolean } = {},
) {
  return useInfiniteQuery({
    enabled,
    queryKey: listKey(params),
    queryFn: ({ pageParam, signal }) => fetchOrderPage(pageParam ?? orderListPath(params), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: OrderPage) => last.next,
    // a list screen keeps its orders on screen while a changed filter's answer comes
    ...(keepWhileFiltering ? { placeholderData: keepPreviousData } : {}),
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/** The `count` newest orders (own for customers): the dashboards' recent orders. */
export function useRecentOrders(count: number, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery<OrderPage>({
    queryKey: [...ORDERS_KEY, 'recent', count],
    queryFn: ({ signal }) => fetchOrderPage(orderListPath({ limit: count }), signal),
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/** Every order of every loaded page, in order. */
export function ordersOf(data: InfiniteData<OrderPage> | undefined): Order[] {
  return data?.pages.flatMap((page) => page.orders) ?? [];
}

export function useOrder(id: string | undefined, placeholder?: Order) {
  return useQuery<Order>({ queryKey: orderKey(id ?? ''), enabled: Boolean(id), placeholderData: placeholder });
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
      // the lists show the new status at once, then are read again with the rest
      const changed = (o: Order) => (o.id === order.id ? { ...o, ...order } : o);
      queryClient.setQueriesData<InfiniteData<OrderPage>>({ queryKey: [...ORDERS_KEY, 'list'] }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, orders: page.orders.map(changed) })) } : data,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'recent'] }),
        queryClient.invalidateQueries({ queryKey: METRICS_KEY }),
        // a cancellation gives stock back
        ...(order.status === 'cancelled'
          ? [queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }), queryClient.invalidateQueries({ queryKey: LOW_STOCK_KEY })]
          : []),
      ]);
    },
  });
}
