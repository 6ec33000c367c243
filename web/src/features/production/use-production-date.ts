import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, isCalendarDate } from '@contracts/calendar';
import { useBakeryCalendar } from '@/lib/bakery-time';
import { toIsoDate } from '@/lib/dates';
import { deliveryCalendarQuery } from '@/lib/delivery-calendar';
import { nextDeliveryDate } from './production';

/** How far ahead the default date is looked for: two weeks covers any weekly schedule and a closure. */
const LOOKAHEAD_DAYS = 14;

export const PRODUCTION_TABS = ['bake-list', 'packing-slips', 'run-sheet', 'week'] as const;
export type ProductionTab = (typeof PRODUCTION_TABS)[number];

/**
 * The next delivery date by the bakery's calendar (GET /api/calendar for today, GET
 * /api/delivery/calendar for which days deliver): asked only when `enabled` (no date in the URL).
 * Tomorrow when the calendar cannot be read: the screen still opens on a likely date.
 */
export function useNextDeliveryDate(enabled: boolean): { date: string | null } {
  const calendar = useBakeryCalendar();
  const today = calendar.data?.today ?? null;
  const range = today ? { from: addDays(today, 1), to: addDays(today, LOOKAHEAD_DAYS) } : { from: '', to: '' };
  const days = useQuery({ ...deliveryCalendarQuery(range), enabled: enabled && today !== null });
  if (!enabled) return { date: null };
  if (calendar.isError) return { date: addDays(toIsoDate(new Date()), 1) };
  if (!today) return { date: null };
  if (days.isError) return { date: addDays(today, 1) };
  if (!days.data || days.isPlaceholderData) return { date: null };
  return { date: nextDeliveryDate(days.data, today) };
}

/**
 * The page's date and tab live in the URL (`/admin/production?date=2026-12-02&tab=run-sheet`), so a
 * view can be bookmarked and reloaded; without a date the next delivery date is shown.
 */
export function useProductionView(): {
  date: string | null;
  tab: ProductionTab;
  setView: (change: { date?: string; tab?: ProductionTab }) => void;
} {
  const [params, setParams] = useSearchParams();
  const urlDate = params.get('date') ?? '';
  const chosen = isCalendarDate(urlDate) ? urlDate : null;
  const next = useNextDeliveryDate(chosen === null);
  const tabParam = params.get('tab') ?? '';
  const tab = (PRODUCTION_TABS as readonly string[]).includes(tabParam) ? (tabParam as ProductionTab) : 'bake-list';
  const setView = useCallback(
    (change: { date?: string; tab?: ProductionTab }) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (change.date) out.set('date', change.date);
          if (change.tab) {
            if (change.tab === 'bake-list') out.delete('tab');
            else out.set('tab', change.tab);
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { date: chosen ?? next.date, tab, setView };
}
