/**
 * The bakery's calendar: "today" is the date in the bakery's time zone (ordering's
 * BAKERY_TIMEZONE), never the caller's. The delivery date rule lives here once: ordering validates
 * an order with it and the web app's date picker disables the dates it refuses, with the calendar
 * the server answers (GET /api/calendar). No runtime imports: the web app imports this module for
 * its values (see web/src/lib/contracts-imports.test.ts).
 */

const DAY_MS = 24 * 3600_000;

/** GET /api/calendar (ordering.calendar.get): what the bakery's date is, by the server's clock. */
export interface BakeryCalendar {
  /** IANA time zone of the bakery (BAKERY_TIMEZONE) */
  timeZone: string;
  /** the bakery's date now, YYYY-MM-DD */
  today: string;
  /** the server's clock, ISO 8601 */
  now: string;
  /** the last delivery date is `today` plus this many days (MAX_DELIVERY_DAYS_AHEAD) */
  maxDeliveryDaysAhead: number;
  /** the bakery's schedule says a customer must choose a delivery date (./delivery-rules) */
  requireDeliveryDate: boolean;
}

/** A calendar date as YYYY-MM-DD in a time zone. */
export function dateInTimeZone(at: Date, timeZone: string): string {
  return dateFormatIn(timeZone).format(at);
}

/** One formatter per zone: making one costs far more than formatting with it (a checkout asks several times). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    // an unknown zone threw above and is not kept; the few real zones stay
    dateFormats.set(timeZone, format);
  }
  return format;
}

export function bakeryCalendar(now: Date, timeZone: string, maxDeliveryDaysAhead: number, requireDeliveryDate = false): BakeryCalendar {
  return { timeZone, today: dateInTimeZone(now, timeZone), now: now.toISOString(), maxDeliveryDaysAhead, requireDeliveryDate };
}

/** Whether `value` is a real date written YYYY-MM-DD ("2026-02-30" is not). */
export function isCalendarDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** "2026-03-10" + 1 → "2026-03-11" (calendar days: no time zone, no daylight saving). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export type DeliveryDateRefusal = 'not_a_date' | 'before_today' | 'too_far_ahead';

/**
 * Why a delivery date cannot be chosen, or null when it can: it must be a real calendar date, not
 * before the bakery's `today` and at most `maxDaysAhead` days after it. Ordering words the refusal
 * (400); the date picker disables the date.
 */
export function deliveryDateRefusal(date: string, today: string, maxDaysAhead: number): DeliveryDateRefusal | null {
  if (!isCalendarDate(date)) return 'not_a_date';
  if (date < today) return 'before_today';
  const daysAhead = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (daysAhead > maxDaysAhead) return 'too_far_ahead';
  return null;
}
