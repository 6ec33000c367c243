import {
  dateInTimeZone,
  deliveryDateRefusal,
  DeliveryTimeSlot,
  OrderingMessages,
  PlaceOrderMessages,
} from '@bakery/contracts';

/** How far ahead a delivery may be booked unless MAX_DELIVERY_DAYS_AHEAD says otherwise. */
export const DEFAULT_MAX_DELIVERY_DAYS_AHEAD = 90;

/**
 * A delivery date must be a real calendar date, not before today and at most `maxDaysAhead` days
 * after today, both in the bakery's time zone: the rule is `deliveryDateRefusal`
 * (libs/contracts/src/calendar.ts), which the web app's date picker uses too; this words it.
 */
export function deliveryDateProblem(
  date: string | null,
  now: Date,
  timeZone: string,
  maxDaysAhead = DEFAULT_MAX_DELIVERY_DAYS_AHEAD,
): string | null {
  if (date === null) return null;
  switch (deliveryDateRefusal(date, dateInTimeZone(now, timeZone), maxDaysAhead)) {
    case null:
      return null;
    case 'not_a_date':
      return OrderingMessages.deliveryDateFormat;
    case 'before_today':
      return OrderingMessages.deliveryDatePast;
    case 'too_far_ahead':
      return PlaceOrderMessages.deliveryDateTooFar.replace('{days}', String(maxDaysAhead));
  }
}

/**
 * A slot of today (in the bakery's time zone) that has already ended cannot be chosen; other days'
 * slots, and a slot without a date, are not checked here.
 */
export function deliveryTimeSlotProblem(
  date: string | null,
  slot: DeliveryTimeSlot | null,
  now: Date,
  timeZone: string,
): string | null {
  if (date === null || slot === null) return null;
  if (date !== dateInTimeZone(now, timeZone)) return null;
  return minutesOfDayInTimeZone(now, timeZone) >= slotEndMinutes(slot) ? PlaceOrderMessages.deliveryTimeSlotEnded : null;
}

/** "8:00 AM - 10:00 AM" → 600 (10:00 as minutes after midnight). */
export function slotEndMinutes(slot: string): number {
  const match = /(\d{1,2}):(\d{2})\s*(AM|PM)\s*$/i.exec(slot);
  if (!match) throw new RangeError(`not a time slot: ${JSON.stringify(slot)}`);
  const hour = Number(match[1]) % 12 + (match[3].toUpperCase() === 'PM' ? 12 : 0);
  return hour * 60 + Number(match[2]);
}

/** The wall-clock time of `at` in `timeZone`, as minutes after midnight. */
export function minutesOfDayInTimeZone(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  return (part('hour') % 24) * 60 + part('minute');
}
