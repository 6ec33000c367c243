/**
 * The cart's view of the ordering windows (GET /api/delivery/calendar): which dates the picker
 * offers, whether the bakery has configured windows at all, which date comes next, and what to
 * tell the customer about the dates it cannot offer. The server judged each date when it answered;
 * a cut-off that passes while the cart is open is judged here, by the server's clock.
 */
import { END_OF_DAY, calendarDayAt, cutoffOf, cutoffPassedSince, cutoffPassedText, type CalendarDay } from '@contracts/delivery-rules';
import { countdownText, cutoffText, shortDate } from '@/lib/bakery-time';

/** "Orders for Wednesday 25 November closed at 2:00 PM on Tuesday 24 November.", as the server words it. */
export function cutoffPassedMessage(date: string, cutoffAt: string, timeZone: string): string {
  return cutoffPassedText(date, new Date(cutoffAt), timeZone);
}

/** A day as it stands at `now` (server ms): the contracts' `calendarDayAt`. */
export const dayAt = calendarDayAt;

/**
 * What the delivery form shows that moves with the clock, at `now`: how many orderable days' cut-offs
 * have passed, and the chosen date's countdown and closing time as worded. The form's clock
 * re-renders only when this changes (once a minute, or at a cut-off), not every second.
 */
export function shownAt(days: readonly CalendarDay[], chosenDate: string | null, now: number, timeZone: string): string {
  const passed = days.filter((d) => cutoffPassedSince(d, now)).length;
  const cutoffAt = days.find((d) => d.date === chosenDate)?.cutoffAt;
  const countdown = cutoffAt && Date.parse(cutoffAt) > now ? `${countdownText(Date.parse(cutoffAt) - now)} ${cutoffText(cutoffAt, timeZone, now)}` : '';
  return `${passed} ${countdown}`;
}

/** The days by date, as they stand at `now`. */
export function daysAt(days: readonly CalendarDay[], now: number, timeZone: string): Map<string, CalendarDay> {
  return new Map(days.map((d) => [d.date, dayAt(d, now, timeZone)]));
}

/**
 * Whether the bakery orders as the spec does with nothing configured: every date open until its
 * own end, with no lead time. Dates whose day is simply over (the default cut-off passed) still
 * count as the default.
 */
function isDefaultDay(day: CalendarDay, timeZone: string): boolean {
  if (!day.cutoffAt) return false;
  const endOfDay = cutoffOf(day.date, { leadDays: 0, cutoffTime: END_OF_DAY }, timeZone).toISOString();
  return new Date(day.cutoffAt).toISOString() === endOfDay && (day.orderable || day.reason === 'cutoff_passed');
}

/**
 * Whether the cart should lead with a date: the bakery requires one, or its windows (delivery days,
 * cut-offs, closures, lead times) rule some date out. With the default schedule the cart stays as
 * the spec has it: no date chosen, the date optional.
 */
export function hasOrderingWindows(days: readonly CalendarDay[], timeZone: string, requireDeliveryDate: boolean): boolean {
  return requireDeliveryDate || days.some((d) => !isDefaultDay(d, timeZone));
}

/** The date the cart leads with: where the bakery has windows, the first one from `today` that can be ordered; none otherwise. */
export function leadingDate(windows: boolean, days: ReadonlyMap<string, CalendarDay>, today: string): string | null {
  return windows ? firstOrderable(days, today) : null;
}

/** The first date from `from` on that can be ordered, or null. */
export function firstOrderable(days: ReadonlyMap<string, CalendarDay>, from: string): string | null {
  for (const day of days.values()) if (day.date >= from && day.orderable) return day.date;
  return null;
}

/** Consecutive dates (YYYY-MM-DD, in order) as runs: "Thu 24 Dec – Sat 26 Dec". */
function runText(first: string, last: string): string {
  return first === last ? shortDate(first) : `${shortDate(first)} – ${shortDate(last)}`;
}

/**
 * What to tell the customer about the dates the picker cannot offer, below the calendar (a phone
 * has no hover): each closure once with its dates, each weekday without deliveries once, and of the
 * dates whose cut-off (or a product's lead time) has passed, the last one (the earlier ones follow).
 */
export function unavailableNotes(days: Iterable<CalendarDay>): string[] {
  const notes: string[] = [];
  const weekdays = new Set<string>();
  let closure: { first: string; last: string; message: string } | null = null;
  let lastPassed: CalendarDay | null = null;
  const closeRun = () => {
    if (closure) notes.push(`${runText(closure.first, closure.last)}: ${closure.message}`);
    closure = null;
  };
  for (const day of days) {
    if (day.reason === 'closure' && day.message) {
      if (closure && closure.message === day.message) closure.last = day.date;
      else {
        closeRun();
        closure = { first: day.date, last: day.date, message: day.message };
      }
      continue;
    }
    closeRun();
    if (day.reason === 'closed_weekday' && day.message && !weekdays.has(day.message)) {
      weekdays.add(day.message);
      notes.push(day.message);
    }
    if ((day.reason === 'cutoff_passed' || day.reason === 'lead_time') && day.message) lastPassed = day;
  }
  closeRun();
  const passed = lastPassed as CalendarDay | null;
  return passed?.message ? [passed.message, ...notes] : notes;
}
