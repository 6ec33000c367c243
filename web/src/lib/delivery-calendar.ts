/**
 * GET /api/delivery/calendar: which delivery dates can be ordered, until when, with which slots, and
 * why not (the cart's date picker, the admin's preview of the next days). The server judges; the
 * screens show its answer.
 */
import { keepPreviousData, queryOptions, useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { addDays, type BakeryCalendar } from '@contracts/calendar';
import type { CalendarDay } from '@contracts/delivery-rules';
import { SCHEDULE_LIMITS } from '@contracts/schedule-limits';
import { getJson } from './api-client';
import { readOnOpen } from './page-reads';
import { DELIVERY_CALENDAR_KEY } from './query-keys';

export { DELIVERY_CALENDAR_KEY };

export interface CalendarRange {
  from: string;
  to: string;
}

/** The path of one request: `productIds` (sorted by the caller) add their lead times. */
export function deliveryCalendarPath({ from, to }: CalendarRange, productIds: readonly string[] = []): string {
  const query = new URLSearchParams({ from, to });
  if (productIds.length > 0) query.set('productIds', productIds.join(','));
  return `/api/delivery/calendar?${query.toString()}`;
}

/** The dates a delivery may be ordered for, by the bakery's calendar: today there to its furthest day ahead. */
export function deliveryRange(calendar: Pick<BakeryCalendar, 'today' | 'maxDeliveryDaysAhead'>): CalendarRange {
  return { from: calendar.today, to: addDays(calendar.today, calendar.maxDeliveryDaysAhead) };
}

/** `from`..`to` cut into the spans one request may ask for (SCHEDULE_LIMITS.calendarDaysMax days each). */
export function calendarWindows({ from, to }: CalendarRange, maxWindows = Number.POSITIVE_INFINITY): CalendarRange[] {
  const windows: CalendarRange[] = [];
  for (let start = from; start <= to && windows.length < maxWindows; start = addDays(start, SCHEDULE_LIMITS.calendarDaysMax)) {
    const end = addDays(start, SCHEDULE_LIMITS.calendarDaysMax - 1);
    windows.push({ from: start, to: end < to ? end : to });
  }
  return windows;
}

/**
 * One span's query: read whenever a screen that shows it opens, and kept on screen while another
 * span (or another set of products) is read.
 */
export function deliveryCalendarQuery(range: CalendarRange, productIds: readonly string[] = []) {
  return queryOptions({
    queryKey: [...DELIVERY_CALENDAR_KEY, range.from, range.to, productIds.join(',')],
    queryFn: async ({ signal }) => (await getJson<CalendarDay[]>(deliveryCalendarPath(range, productIds), { signal })) ?? [],
    placeholderData: keepPreviousData,
    refetchOnMount: readOnOpen,
  });
}

/** At most this many requests of 62 days: dates further ahead are left to the server's word at Place Order. */
const MAX_WINDOWS = 3;

/** The queries of `range` with these products: one per span, as many as a screen asks for. */
export function deliveryDaysQueries(range: CalendarRange, productIds: readonly string[]) {
  return calendarWindows(range, MAX_WINDOWS).map((w) => deliveryCalendarQuery(w, productIds));
}

export interface DeliveryDays {
  /** every date read, in order */
  days: CalendarDay[];
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
}

/**
 * The spans' answers as one list: only the spans up to the first still without data. A later span
 * answered first (they are asked together) would otherwise stand alone, and its first orderable date
 * would pass for the next one (the cart chose a date two months out, on a loaded CI machine).
 */
export function combineDeliveryDays(results: Pick<UseQueryResult<CalendarDay[]>, 'data' | 'isLoading' | 'isError' | 'isFetching'>[]): DeliveryDays {
  const missing = results.findIndex((r) => r.data === undefined);
  return {
    days: (missing === -1 ? results : results.slice(0, missing)).flatMap((r) => r.data ?? []),
    isLoading: results.some((r) => r.isLoading),
    isError: results.some((r) => r.isError),
    isFetching: results.some((r) => r.isFetching),
  };
}

/**
 * Which dates of `range` can be ordered with these products (their lead times count), read when
 * the screen opens and again on `refetch` (a cut-off passed, the server refused a date). The
 * cart's date picker and the Change order dialog both show it.
 */
export function useDeliveryDays(range: CalendarRange | null, productIds: readonly string[]) {
  const queryClient = useQueryClient();
  const result = useQueries({
    queries: range ? deliveryDaysQueries(range, productIds) : [],
    combine: combineDeliveryDays,
  });
  const refetch = useCallback(() => queryClient.invalidateQueries({ queryKey: DELIVERY_CALENDAR_KEY }), [queryClient]);
  return { ...result, refetch };
}
