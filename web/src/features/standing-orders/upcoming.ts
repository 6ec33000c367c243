/**
 * The calendar of coming deliveries (GET /api/standing-orders/upcoming): the dates grouped by
 * week, what each date is at the server's clock (still open to changes until its cut-off, or being
 * prepared), and whether a date has quantities of its own.
 */
import { addDays } from '@contracts/calendar';
import { weekdayOf } from '@contracts/delivery-rules';
import { plannedLines } from '@contracts/standing-order-rules';
import type { StandingOrder, UpcomingDelivery } from '@contracts/standing-orders';

export interface CalendarDate {
  date: string;
  deliveries: UpcomingDelivery[];
}

export interface CalendarWeek {
  /** the week's Monday */
  monday: string;
  dates: CalendarDate[];
}

const mondayOf = (date: string) => addDays(date, 1 - weekdayOf(date));

/**
 * The weeks from `today`'s to the one of the last date shown (`weeks` weeks from today), each with
 * its dates that have deliveries, in date order; a week without any is there, empty.
 */
export function calendarWeeks(deliveries: readonly UpcomingDelivery[], today: string, weeks: number): CalendarWeek[] {
  const last = addDays(today, weeks * 7 - 1);
  const result: CalendarWeek[] = [];
  for (let monday = mondayOf(today); monday <= last; monday = addDays(monday, 7)) result.push({ monday, dates: [] });
  const sorted = [...deliveries].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const d of sorted) {
    const week = result.find((w) => w.monday === mondayOf(d.date));
    if (!week) continue;
    const date = week.dates.find((x) => x.date === d.date);
    if (date) date.deliveries.push(d);
    else week.dates.push({ date: d.date, deliveries: [d] });
  }
  return result;
}

/** "This week", "Next week", "Week of Mon 7 Dec". */
export function weekTitle(monday: string, today: string, shortDate: (d: string) => string): string {
  const current = mondayOf(today);
  if (monday === current) return 'This week';
  if (monday === addDays(current, 7)) return 'Next week';
  return `Week of ${shortDate(monday)}`;
}

/**
 * A date as it stands at `now` (server ms): `open` until its cut-off (it can be skipped or
 * changed), `skipped` (and still open), `closed` once the cut-off has passed (the order is made:
 * only the bakery can change it).
 */
export type DeliveryState = 'open' | 'skipped' | 'closed' | 'skipped-closed';

export function deliveryState(d: Pick<UpcomingDelivery, 'cutoffAt' | 'skipped'>, now: number): DeliveryState {
  const open = now < Date.parse(d.cutoffAt);
  if (d.skipped) return open ? 'skipped' : 'skipped-closed';
  return open ? 'open' : 'closed';
}

/** Whether the date has quantities of its own (changed for that date only), against the standing order's weekday plan. */
export function changedForDate(d: Pick<UpcomingDelivery, 'date' | 'lines'>, so: Pick<StandingOrder, 'startDate' | 'endDate' | 'everyWeeks' | 'lines'>): boolean {
  const planned = plannedLines({ ...so, paused: false, pausedUntil: null }, d.date);
  if (planned.length !== d.lines.length) return true;
  const byProduct = new Map(planned.map((l) => [l.productId, l.quantity]));
  return d.lines.some((l) => byProduct.get(l.productId) !== l.quantity);
}

/** "20 × Classic Baguette, 5 × Butter Croissant". */
export function linesText(lines: readonly { productId: string; quantity: number }[], nameOf: (productId: string) => string): string {
  return lines.map((l) => `${l.quantity} × ${nameOf(l.productId)}`).join(', ');
}
