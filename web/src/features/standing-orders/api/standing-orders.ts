import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryTimeSlot } from '@contracts/constants';
import type { StandingOrder, UpcomingDelivery } from '@contracts/standing-orders';
import { apiJson, getJson } from '@/lib/api-client';
import { fetchPage, type Page } from '@/lib/paged-list';

/** Everything read from /api/standing-orders: the lists, one standing order, the coming deliveries. */
export const STANDING_ORDERS_KEY = ['/api/standing-orders'] as const;
export const standingOrderKey = (id: string) => ['/api/standing-orders', id] as const;
/** `customerId`: an admin's view of one customer's; absent, the signed-in customer's own. */
const listKey = (customerId?: string) => [...STANDING_ORDERS_KEY, 'list', customerId ?? 'own'] as const;
const upcomingKey = (weeks: number, customerId?: string) => [...STANDING_ORDERS_KEY, 'upcoming', customerId ?? 'own', weeks] as const;

/** How many weeks of coming deliveries the screens show (issue 17: the next 4 weeks). */
export const UPCOMING_WEEKS = 4;

const withCustomer = (path: string, customerId?: string, query: Record<string, string> = {}) => {
  const params = new URLSearchParams(query);
  if (customerId) params.set('customerId', customerId);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * The standing orders of the signed-in customer, or (admins) of `customerId`, page by page as the
 * server pages them (`fetchNextPage` for more; a customer's at most ten are one page). Read again
 * whenever a screen showing them opens.
 */
export function useStandingOrders(customerId?: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: listKey(customerId),
    queryFn: ({ pageParam, signal }) => fetchPage<StandingOrder>(pageParam ?? withCustomer('/api/standing-orders', customerId), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<StandingOrder>) => last.next,
    enabled,
    refetchOnMount: 'always',
  });
}

/** Every standing order of every loaded page, in order (oldest first). */
export function standingOrdersOf(data: InfiniteData<Page<StandingOrder>> | undefined): StandingOrder[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

export function useStandingOrder(id: string | undefined) {
  return useQuery<StandingOrder>({ queryKey: standingOrderKey(id ?? ''), enabled: Boolean(id), refetchOnMount: 'always' });
}

/**
 * Every delivery of the coming `weeks` weeks (GET /api/standing-orders/upcoming), by date: its
 * first page, which holds all of a customer's (the server pages by standing order, ten at most each).
 */
export function useUpcomingDeliveries(customerId?: string, weeks = UPCOMING_WEEKS, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<UpcomingDelivery[]>({
    queryKey: upcomingKey(weeks, customerId),
    queryFn: async ({ signal }) =>
      (await getJson<UpcomingDelivery[]>(withCustomer('/api/standing-orders/upcoming', customerId, { weeks: String(weeks) }), { signal })) ?? [],
    enabled,
    refetchOnMount: 'always',
  });
}

/** The body of POST and PUT /api/standing-orders; `customerId` only from an admin, on create. */
export interface StandingOrderInput {
  name: string;
  startDate: string;
  endDate: string | null;
  everyWeeks: number;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string | null;
  lines: { productId: string; quantities: number[] }[];
  customerId?: string;
}

/** A change to a standing order moves its lists, itself and its coming deliveries: all are read again. */
function useStandingOrderMutation<TInput>(call: (input: TInput) => Promise<StandingOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(standingOrderKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: STANDING_ORDERS_KEY });
    },
  });
}

/** Creates one (no `id`) or replaces one (PUT, same body). */
export function useSaveStandingOrder() {
  return useStandingOrderMutation(({ id, body }: { id?: string; body: StandingOrderInput }) =>
    id ? apiJson<StandingOrder>('PUT', `/api/standing-orders/${id}`, body) : apiJson<StandingOrder>('POST', '/api/standing-orders', body),
  );
}

/** Pauses until a date (deliveries resume on it), or with `until: null` until resumed. */
export function usePauseStandingOrder() {
  return useStandingOrderMutation(({ id, until }: { id: string; until: string | null }) => apiJson<StandingOrder>('POST', `/api/standing-orders/${id}/pause`, { until }));
}

export function useResumeStandingOrder() {
  return useStandingOrderMutation((id: string) => apiJson<StandingOrder>('POST', `/api/standing-orders/${id}/resume`));
}

export function useDeleteStandingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>('DELETE', `/api/standing-orders/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: standingOrderKey(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: STANDING_ORDERS_KEY });
    },
  });
}

/** One date of one standing order: skipped (or not), or its own quantities. */
export type DeliveryChange = { skip: boolean } | { lines: { productId: string; quantity: number }[] };

/**
 * Changes one date until its cut-off (PUT /api/standing-orders/:id/deliveries/:date; 409 after).
 * The answer replaces that date in the calendars at once; then they are read again.
 */
export function useChangeDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ standingOrderId, date, change }: { standingOrderId: string; date: string; change: DeliveryChange }) =>
      apiJson<UpcomingDelivery>('PUT', `/api/standing-orders/${standingOrderId}/deliveries/${date}`, change),
    onSuccess: (changed) => {
      queryClient.setQueriesData<UpcomingDelivery[]>({ queryKey: [...STANDING_ORDERS_KEY, 'upcoming'] }, (list) =>
        list?.map((d) => (d.standingOrderId === changed.standingOrderId && d.date === changed.date ? changed : d)),
      );
      return queryClient.invalidateQueries({ queryKey: [...STANDING_ORDERS_KEY, 'upcoming'] });
    },
    // refused (its cut-off passed meanwhile, the standing order changed): show the dates as they are now
    onError: () => queryClient.invalidateQueries({ queryKey: [...STANDING_ORDERS_KEY, 'upcoming'] }),
  });
}
