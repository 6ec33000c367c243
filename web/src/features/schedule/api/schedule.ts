import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Closure, DeliverySchedule } from '@contracts/delivery-rules';
import { apiJson } from '@/lib/api-client';
import { deliveryCalendarQuery, type CalendarRange } from '@/lib/delivery-calendar';
import { CALENDAR_KEY, DELIVERY_CALENDAR_KEY } from '@/lib/query-keys';

export const SCHEDULE_KEY = ['/api/admin/delivery-schedule'] as const;
export const CLOSURES_KEY = ['/api/admin/closures'] as const;

/** The seven weekday rules and the two settings (admin), read whenever the screen opens. */
export function useDeliverySchedule() {
  return useQuery<DeliverySchedule>({ queryKey: SCHEDULE_KEY, refetchOnMount: 'always' });
}

/** Closures that end today or later, soonest first. */
export function useClosures() {
  return useQuery<Closure[]>({ queryKey: CLOSURES_KEY, refetchOnMount: 'always' });
}

/** The dates of `range` as customers see them (no products: no lead times). */
export function useCalendarPreview(range: CalendarRange | null) {
  return useQuery({ ...deliveryCalendarQuery(range ?? { from: '', to: '' }), enabled: range !== null });
}

/**
 * A change to the schedule or the closures moves which dates customers can order (the preview,
 * any open cart's picker) and, for the settings, whether a date is required (GET /api/calendar).
 */
const windowsChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: DELIVERY_CALENDAR_KEY }),
    queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
  ]);

/** PUT: replaces the whole schedule; answers it as saved. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: DeliverySchedule) => apiJson<DeliverySchedule>('PUT', '/api/admin/delivery-schedule', schedule),
    onSuccess: (saved) => {
      queryClient.setQueryData(SCHEDULE_KEY, saved);
      return windowsChanged(queryClient);
    },
  });
}

export interface NewClosure {
  from: string;
  to: string;
  message: string;
}

export function useAddClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closure: NewClosure) => apiJson<Closure>('POST', '/api/admin/closures', closure),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CLOSURES_KEY }), windowsChanged(queryClient)]),
  });
}

export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>('DELETE', `/api/admin/closures/${encodeURIComponent(id)}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: CLOSURES_KEY }), windowsChanged(queryClient)]),
  });
}
