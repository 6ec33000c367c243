import { useQuery } from '@tanstack/react-query';
import type { BakeryCalendar } from '@contracts/calendar';

export const CALENDAR_KEY = ['/api/calendar'] as const;

/**
 * The bakery's calendar (its time zone, today there, how many days ahead a delivery may be), read
 * whenever the cart opens: the date picker offers what the server accepts, whatever the browser's
 * clock and time zone say.
 */
export function useBakeryCalendar() {
  return useQuery<BakeryCalendar>({ queryKey: CALENDAR_KEY, refetchOnMount: 'always' });
}
