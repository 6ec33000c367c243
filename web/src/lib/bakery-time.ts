/**
 * The bakery's clock in the browser: GET /api/calendar answers its time zone and the server's
 * `now`, so cut-offs and countdowns follow the server's clock, in the bakery's time zone, whatever
 * the browser's own clock and zone say. The screens read it through `useBakeryClock`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BakeryCalendar } from '@contracts/calendar';
import { readOnOpen } from './page-reads';
import { CALENDAR_KEY } from './query-keys';

export { CALENDAR_KEY };

/**
 * The bakery's calendar (its time zone, today there, the server's clock, how many days ahead a
 * delivery may be, whether a date is required), read whenever a screen that needs it opens.
 */
export function useBakeryCalendar() {
  return useQuery(bakeryCalendarQuery);
}

/** GET /api/calendar, read on every opening of a screen that shows it (a page's reads count: lib/page-reads.ts). */
export const bakeryCalendarQuery = queryOptions<BakeryCalendar>({ queryKey: CALENDAR_KEY, refetchOnMount: readOnOpen });

/** What the server's clock is ahead of the browser's, in ms, from a calendar read at `readAt` (browser ms). */
export function clockOffset(calendar: Pick<BakeryCalendar, 'now'> | undefined, readAt: number): number {
  if (!calendar) return 0;
  const server = Date.parse(calendar.now);
  return Number.isNaN(server) ? 0 : server - readAt;
}

/** The browser's time zone: stands in for the bakery's until (or unless) its calendar is read. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The bakery's calendar with its clock: `now()` is the server's time (the browser's clock plus the
 * offset measured when the calendar was read), `timeZone` the bakery's (the browser's until read).
 */
export function useBakeryClock() {
  const calendar = useBakeryCalendar();
  const offsetMs = clockOffset(calendar.data, calendar.dataUpdatedAt);
  return { calendar, offsetMs, timeZone: calendar.data?.timeZone ?? browserTimeZone() };
}

/**
 * The server's time now (ms), read again every `tickMs`: a screen showing a countdown or a
 * cut-off re-renders with it. One interval per screen, not per row. With `shown` (what the screen
 * shows that moves with the clock, at a server time), a tick re-renders only when that changed:
 * a countdown to the minute re-renders once a minute, not every second (each render of a form
 * is a long task on a slow phone).
 */
export function useServerNow(offsetMs: number, tickMs: number, shown?: (serverNow: number) => unknown): number {
  const [now, setNow] = useState(() => Date.now());
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useEffect(() => {
    const timer = setInterval(() => {
      const read = Date.now();
      setNow((previous) => {
        const key = shownRef.current;
        return key && Object.is(key(previous + offsetMs), key(read + offsetMs)) ? previous : read;
      });
    }, tickMs);
    return () => clearInterval(timer);
  }, [tickMs, offsetMs]);
  return now + offsetMs;
}

// Intl writes "2:00 PM" with a narrow no-break space in recent ICU versions: the screens (and the
// server's messages, worded with Luxon) use a plain space.
const plain = (text: string) => text.replace(/\s/g, ' ');

/**
 * One formatter per kind and time zone, made on first use: making an Intl.DateTimeFormat costs far
 * more than formatting with one, and a countdown formats every second.
 */
function formatterCache(locale: string, options: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = byZone.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      byZone.set(timeZone, formatter);
    }
    return formatter;
  };
}
const clockFormat = formatterCache('en-US', { hour: 'numeric', minute: '2-digit' });
const shortFormat = formatterCache('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
const isoDateFormat = formatterCache('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** "2:00 PM" in `timeZone`. */
export function clockTime(at: Date, timeZone: string): string {
  return plain(clockFormat(timeZone).format(at));
}

function shortParts(at: Date, timeZone: string): { weekday: string; day: string; month: string } {
  const parts = shortFormat(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), day: part('day'), month: part('month') };
}

/** A calendar date (YYYY-MM-DD) as "Wed 25 Nov". */
export function shortDate(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  const { weekday, day, month } = shortParts(at, 'UTC');
  return `${weekday} ${day} ${month}`;
}

/** The calendar date (YYYY-MM-DD) of an instant in `timeZone`. */
export function dateIn(at: Date, timeZone: string): string {
  return isoDateFormat(timeZone).format(at);
}

const WEEK_MS = 6 * 24 * 3600_000;

/**
 * When a cut-off is, as the bakery's clock shows it: "Tue 2:00 PM" within the coming week (the
 * weekday says which day), "Tue 24 Nov, 2:00 PM" further away.
 */
export function cutoffText(cutoffAt: string, timeZone: string, now: number): string {
  const at = new Date(cutoffAt);
  if (Number.isNaN(at.getTime())) return cutoffAt;
  const { weekday, day, month } = shortParts(at, timeZone);
  const time = clockTime(at, timeZone);
  return at.getTime() - now <= WEEK_MS ? `${weekday} ${time}` : `${weekday} ${day} ${month}, ${time}`;
}

/**
 * How long until a cut-off, to the minute and rounded up (nothing reads "0 min" before it has
 * passed): "3 h 12 min", "1 d 2 h 5 min", "45 min".
 */
export function countdownText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d > 0 ? `${d} d` : '', h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : ''].filter(Boolean).join(' ');
}
