/**
 * The bakery's ordering windows: which dates can be ordered, until when, and why not. One home
 * for the rule: ordering enforces it (placing and cancelling orders, the calendar it answers) and
 * the web app reads the same functions (the countdown, the next date to move to). Decorator-free,
 * so the web app may import it for its values (web/src/lib/contracts-imports.test.ts).
 *
 * Zone arithmetic is Luxon's: a cut-off is a wall-clock time on a calendar date in the bakery's
 * time zone, turned into an exact instant, which stays right across daylight-saving changes (a
 * 02:30 cut-off on the night the clocks spring forward is 03:30, the first instant that exists).
 */
import { DateTime } from 'luxon';
import { addDays, isCalendarDate } from './calendar';
import { DELIVERY_TIME_SLOTS, type DeliveryTimeSlot } from './constants';
import { SCHEDULE_LIMITS } from './schedule-limits';

/** ISO weekdays: Monday 1 … Sunday 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof WEEKDAYS)[number];

/** A cut-off at "24:00" is the end of its day: the spec's rule, any date from today on. */
export const END_OF_DAY = '24:00';

// in a module of its own, without Luxon: the web app's first bundle reads one of them
export { SCHEDULE_LIMITS };

/** One weekday's rule: whether there are deliveries, its cut-off (lead days + time of day), its slots. */
export interface WeekdayRule {
  weekday: IsoWeekday;
  delivers: boolean;
  leadDays: number;
  /** "HH:MM", 24 h, in the bakery's time zone; "24:00" is the end of the day */
  cutoffTime: string;
  slots: DeliveryTimeSlot[];
}

/** GET/PUT /api/admin/delivery-schedule. */
export interface DeliverySchedule {
  /** all seven, Monday first */
  weekdays: WeekdayRule[];
  /** a customer must choose a delivery date (off: the spec allows none) */
  requireDeliveryDate: boolean;
  /** pending orders are confirmed at their date's cut-off (off: the admin sets statuses) */
  autoConfirmAtCutoff: boolean;
}

/** A closure: no deliveries from `from` to `to` (inclusive), whatever the weekday rule. */
export interface Closure {
  id: string;
  from: string;
  to: string;
  message: string;
}

export const CALENDAR_REFUSALS = ['closed_weekday', 'closure', 'cutoff_passed', 'lead_time'] as const;
export type CalendarRefusal = (typeof CALENDAR_REFUSALS)[number];

/** One date of GET /api/delivery/calendar. */
export interface CalendarDay {
  date: string;
  orderable: boolean;
  /** the instant orders for this date close (with the products' lead times), null when there are no deliveries */
  cutoffAt: string | null;
  /** the slots offered that day (none when there are no deliveries) */
  slots: DeliveryTimeSlot[];
  reason: CalendarRefusal | null;
  /** what to show the customer when the date cannot be ordered */
  message: string | null;
}

/** A product whose lead time narrows the dates it can be ordered for. */
export interface LeadTimeProduct {
  name: string;
  leadDays: number;
}

/** What nothing configured means: every day delivers until its end, the spec's three slots. */
export const DEFAULT_DELIVERY_SCHEDULE: DeliverySchedule = {
  weekdays: WEEKDAYS.map((weekday) => ({ weekday, delivers: true, leadDays: 0, cutoffTime: END_OF_DAY, slots: [...DELIVERY_TIME_SLOTS] })),
  requireDeliveryDate: false,
  autoConfirmAtCutoff: false,
};

export const DeliveryMessages = {
  cutoffPassed: 'Orders for {date} closed at {time} on {cutoffDate}.',
  leadTime: '{product} must be ordered {days} days ahead: orders with it for {date} closed at {time} on {cutoffDate}.',
  closedWeekday: 'There are no deliveries on {weekday}s.',
  closure: 'The bakery is closed on {date}.',
  nextOrderable: 'The next delivery you can order is {date}.',
  noneOrderable: 'No delivery date can be ordered at the moment.',
  slotNotOffered: 'This delivery time slot is not offered on {date}',
  dateRequired: 'Please choose a delivery date',
  orderBeingPrepared: 'This order is being prepared: contact the bakery to change it',
  // admin input
  cutoffTime: 'Cut-off time must be a time of day as HH:MM, from 00:00 to 24:00',
  leadDays: `Lead days must be a whole number from 0 to ${SCHEDULE_LIMITS.leadDaysMax}`,
  productLeadDays: `Lead time must be a whole number of days from 0 to ${SCHEDULE_LIMITS.productLeadDaysMax}`,
  slots: `Slots must be a list of ${DELIVERY_TIME_SLOTS.join(', ')}`,
  slotsDuplicate: 'Each slot may be listed once',
  slotsRequired: 'A delivery day needs at least one slot',
  weekday: 'Weekday must be 1 (Monday) to 7 (Sunday)',
  weekdays: 'Weekdays must list each of the seven days (1 Monday … 7 Sunday) once',
  closureDate: 'Must be a date (YYYY-MM-DD)',
  closureOrder: 'The closure cannot end before it starts',
  closureLength: `A closure can last at most ${SCHEDULE_LIMITS.closureDaysMax} days`,
  closurePast: 'The closure must end today or later',
  closureMessage: `Message must be 1 to ${SCHEDULE_LIMITS.closureMessageMax} characters`,
  tooManyClosures: `At most ${SCHEDULE_LIMITS.upcomingClosuresMax} closures can be planned ahead`,
  closureNotFound: 'Closure not found',
  calendarRange: `from and to must be dates with to from from to ${SCHEDULE_LIMITS.calendarDaysMax - 1} days after it`,
} as const;

const TIME_OF_DAY = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** Whether `value` is a cut-off time "HH:MM" from 00:00 to 24:00. */
export function isCutoffTime(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

/** The ISO weekday of a calendar date. */
export function weekdayOf(date: string): IsoWeekday {
  return DateTime.fromISO(date, { zone: 'UTC' }).weekday as IsoWeekday;
}

export function ruleFor(schedule: DeliverySchedule, date: string): WeekdayRule {
  const weekday = weekdayOf(date);
  return schedule.weekdays.find((r) => r.weekday === weekday) ?? DEFAULT_DELIVERY_SCHEDULE.weekdays[weekday - 1];
}

/** The closure that covers `date`, if any. */
export function closureOn(date: string, closures: readonly Closure[]): Closure | undefined {
  return closures.find((c) => c.from <= date && date <= c.to);
}

/**
 * The instant orders for `date` close: its weekday's cut-off time on the date `leadDays` (+ a
 * product's `extraLeadDays`) calendar days before, in `timeZone`. Calendar days, not 24-hour
 * periods, so a cut-off keeps its wall-clock time across a daylight-saving change.
 */
export function cutoffOf(date: string, rule: Pick<WeekdayRule, 'leadDays' | 'cutoffTime'>, timeZone: string, extraLeadDays = 0): Date {
  const day = addDays(date, -(rule.leadDays + extraLeadDays));
  if (rule.cutoffTime === END_OF_DAY) return DateTime.fromISO(addDays(day, 1), { zone: timeZone }).toJSDate();
  return DateTime.fromISO(`${day}T${rule.cutoffTime}`, { zone: timeZone }).toJSDate();
}

export interface ScheduleContext {
  schedule: DeliverySchedule;
  closures: readonly Closure[];
  timeZone: string;
  now: Date;
}

/** A date judged without its message: the facts the calendar and the refusals are worded from. */
interface DayJudgement {
  date: string;
  orderable: boolean;
  cutoffAt: Date | null;
  slots: DeliveryTimeSlot[];
  reason: CalendarRefusal | null;
  closure?: Closure;
  /** the product whose lead time ruled the date out */
  product?: LeadTimeProduct;
}

function judge(date: string, ctx: ScheduleContext, products: readonly LeadTimeProduct[]): DayJudgement {
  const rule = ruleFor(ctx.schedule, date);
  const closure = closureOn(date, ctx.closures);
  if (closure) return { date, orderable: false, cutoffAt: null, slots: [], reason: 'closure', closure };
  if (!rule.delivers || rule.slots.length === 0) return { date, orderable: false, cutoffAt: null, slots: [], reason: 'closed_weekday' };
  const dayCutoff = cutoffOf(date, rule, ctx.timeZone);
  const slots = DELIVERY_TIME_SLOTS.filter((s) => rule.slots.includes(s));
  if (ctx.now.getTime() >= dayCutoff.getTime()) return { date, orderable: false, cutoffAt: dayCutoff, slots, reason: 'cutoff_passed' };
  // the product needing the most notice decides
  const slowest = products.reduce<LeadTimeProduct | undefined>((a, p) => (p.leadDays > (a?.leadDays ?? 0) ? p : a), undefined);
  if (!slowest) return { date, orderable: true, cutoffAt: dayCutoff, slots, reason: null };
  const cutoffAt = cutoffOf(date, rule, ctx.timeZone, slowest.leadDays);
  if (ctx.now.getTime() >= cutoffAt.getTime()) return { date, orderable: false, cutoffAt, slots, reason: 'lead_time', product: slowest };
  return { date, orderable: true, cutoffAt, slots, reason: null };
}

/** "Wednesday 25 November" */
export function longDate(date: string): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en-GB').toFormat('cccc d LLLL');
}

/** "2:00 PM" and the date it falls on, as the bakery's clock shows it. */
function wallClock(at: Date, timeZone: string): { time: string; date: string } {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  return { time: local.setLocale('en-US').toFormat('h:mm a'), date: local.toISODate()! };
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** "Orders for Wednesday 25 November closed at 2:00 PM on Tuesday 24 November." */
export function cutoffPassedText(date: string, cutoffAt: Date, timeZone: string): string {
  const closed = wallClock(cutoffAt, timeZone);
  return fill(DeliveryMessages.cutoffPassed, { date: longDate(date), time: closed.time, cutoffDate: longDate(closed.date) });
}

/** A day the server judged orderable whose cut-off has passed by `now` (ms): it is not orderable any more. */
export function cutoffPassedSince<T extends Pick<CalendarDay, 'orderable' | 'cutoffAt'>>(day: T, now: number): day is T & { cutoffAt: string } {
  return day.orderable && day.cutoffAt !== null && Date.parse(day.cutoffAt) <= now;
}

/**
 * A calendar day as it stands at `now` (ms): the server judged it when it answered; an orderable
 * day whose cut-off has passed since is not any more (a screen left open past a cut-off).
 */
export function calendarDayAt(day: CalendarDay, now: number, timeZone: string): CalendarDay {
  if (!cutoffPassedSince(day, now)) return day;
  return { ...day, orderable: false, reason: 'cutoff_passed', message: cutoffPassedText(day.date, new Date(day.cutoffAt), timeZone) };
}

/** Why a judged date cannot be ordered, in the customer's words (without the next date). */
function refusalMessage(day: DayJudgement, timeZone: string): string | null {
  switch (day.reason) {
    case null:
      return null;
    case 'closure':
      return day.closure?.message || fill(DeliveryMessages.closure, { date: longDate(day.date) });
    case 'closed_weekday':
      return fill(DeliveryMessages.closedWeekday, { weekday: DateTime.fromISO(day.date, { zone: 'UTC' }).setLocale('en-GB').toFormat('cccc') });
    case 'cutoff_passed':
      return cutoffPassedText(day.date, day.cutoffAt!, timeZone);
    case 'lead_time': {
      const closed = wallClock(day.cutoffAt!, timeZone);
      const values = { date: longDate(day.date), time: closed.time, cutoffDate: longDate(closed.date) };
      return fill(DeliveryMessages.leadTime, { ...values, product: day.product!.name, days: String(day.product!.leadDays) });
    }
  }
}

/** Every date from `from` to `to` (inclusive) as customers see it, with `products`' lead times. */
export function deliveryCalendar(from: string, to: string, ctx: ScheduleContext, products: readonly LeadTimeProduct[] = []): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push(calendarDay(date, ctx, products));
  return days;
}

export function calendarDay(date: string, ctx: ScheduleContext, products: readonly LeadTimeProduct[] = []): CalendarDay {
  const day = judge(date, ctx, products);
  return {
    date,
    orderable: day.orderable,
    cutoffAt: day.cutoffAt ? day.cutoffAt.toISOString() : null,
    slots: day.slots,
    reason: day.reason,
    message: refusalMessage(day, ctx.timeZone),
  };
}

/** The first date from `from` on, at most `maxDate`, that can be ordered with `products`; null if none. */
export function nextOrderableDate(from: string, maxDate: string, ctx: ScheduleContext, products: readonly LeadTimeProduct[] = []): string | null {
  for (let date = from; date <= maxDate; date = addDays(date, 1)) {
    if (judge(date, ctx, products).orderable) return date;
  }
  return null;
}

/**
 * The delivery a cut-off reminder is about (issue 20), or null when none is due: the first date from
 * `from` that can still be ordered, when its cut-off is at most `leadMinutes` away.
 */
export function reminderDelivery(from: string, maxDate: string, leadMinutes: number, ctx: ScheduleContext): { date: string; cutoffAt: Date } | null {
  const date = nextOrderableDate(from, maxDate, ctx);
  if (!date) return null;
  const { cutoffAt } = judge(date, ctx, []);
  if (!cutoffAt) return null;
  return cutoffAt.getTime() - ctx.now.getTime() <= leadMinutes * 60_000 ? { date, cutoffAt } : null;
}

/**
 * Why an order for `date` with `products` is refused, in full (the reason and the next date that
 * can be ordered), or null when it can be placed. `today` and `maxDate` bound the search for the
 * next date (the bakery's today and its last bookable date).
 */
export function orderDateRefusal(
  date: string,
  ctx: ScheduleContext,
  products: readonly LeadTimeProduct[],
  today: string,
  maxDate: string,
): string | null {
  const day = judge(date, ctx, products);
  if (day.orderable) return null;
  const next = nextOrderableDate(today, maxDate, ctx, products);
  const nextText = next ? DeliveryMessages.nextOrderable.replace('{date}', longDate(next)) : DeliveryMessages.noneOrderable;
  const reason = refusalMessage(day, ctx.timeZone)!;
  return `${/[.!?]$/.test(reason) ? reason : `${reason}.`} ${nextText}`;
}

/** The slots offered on `date` (none on a day without deliveries). */
export function slotsOn(date: string, ctx: ScheduleContext): DeliveryTimeSlot[] {
  return judge(date, ctx, []).slots;
}

/**
 * Until when a customer may cancel (or change) an order for `date`: its date's cut-off. Null when
 * the order has no date (pending orders without one can be cancelled as the spec says).
 */
export function changeableUntil(date: string | null, schedule: DeliverySchedule, timeZone: string): Date | null {
  if (date === null || !isCalendarDate(date)) return null;
  return cutoffOf(date, ruleFor(schedule, date), timeZone);
}

/** Problems with a schedule an admin sends, by field ("weekdays.2.slots", as the field checks name them), beyond the field checks. */
export function scheduleProblems(schedule: DeliverySchedule): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const seen = new Set(schedule.weekdays.map((r) => r.weekday));
  if (schedule.weekdays.length !== 7 || seen.size !== 7) problems.weekdays = [DeliveryMessages.weekdays];
  schedule.weekdays.forEach((rule, i) => {
    if (new Set(rule.slots).size !== rule.slots.length) problems[`weekdays.${i}.slots`] = [DeliveryMessages.slotsDuplicate];
    else if (rule.delivers && rule.slots.length === 0) problems[`weekdays.${i}.slots`] = [DeliveryMessages.slotsRequired];
  });
  return problems;
}
