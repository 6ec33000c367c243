/**
 * When a standing order delivers and what: the occurrence rules, in one place. Ordering
 * materialises orders with them and answers the upcoming deliveries; decorator-free, so the web
 * app may import it. Dates are calendar dates (YYYY-MM-DD); the cut-offs come from the delivery
 * schedule (./delivery-rules), so closures and days without deliveries have no occurrence.
 */
import { DateTime } from 'luxon';
import { addDays } from './calendar';
import { calendarDay, cutoffOf, type LeadTimeProduct, ruleFor, type ScheduleContext, weekdayOf } from './delivery-rules';

export const STANDING_ORDER_LIMITS = {
  /** standing orders a customer may have (active or paused) */
  perCustomer: 10,
  linesMax: 50,
  nameMax: 100,
  everyWeeksMax: 4,
  upcomingWeeksMax: 8,
} as const;

/** What the rules need of a standing order. */
export interface StandingOrderTerms {
  startDate: string;
  endDate: string | null;
  everyWeeks: number;
  /** quantities Monday … Sunday per product */
  lines: { productId: string; quantities: number[] }[];
  /** paused (stored state) until `pausedUntil` (exclusive), or until resumed when null */
  paused: boolean;
  pausedUntil: string | null;
}

/** A change of one date: skipped, or other quantities. */
export interface DeliveryException {
  date: string;
  skip: boolean;
  lines: { productId: string; quantity: number }[] | null;
  /**
   * written by a change of the terms to keep what the bakery could no longer change
   * (`pinnedDeliveries`), not by a change of the date: the next change of the terms may move it
   */
  pinned?: boolean;
}

export interface Occurrence {
  date: string;
  cutoffAt: Date;
  skipped: boolean;
  lines: { productId: string; quantity: number }[];
}

const DAY_MS = 24 * 3600_000;

/** The Monday of the week of `date`. */
function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/** Whether the standing order is paused on `date` (a pause until D lets D itself deliver). */
export function isPausedOn(terms: Pick<StandingOrderTerms, 'paused' | 'pausedUntil'>, date: string): boolean {
  return terms.paused && (terms.pausedUntil === null || date < terms.pausedUntil);
}

/**
 * The quantities the standing order asks for on `date` by its own terms (start and end date,
 * cadence in weeks counted from the week of the start date, the weekday's quantities), before
 * pauses, exceptions and the bakery's schedule; empty when it has no delivery that date.
 */
export function plannedLines(terms: StandingOrderTerms, date: string): { productId: string; quantity: number }[] {
  if (date < terms.startDate || (terms.endDate !== null && date > terms.endDate)) return [];
  const weeks = Math.round((Date.parse(`${mondayOf(date)}T00:00:00Z`) - Date.parse(`${mondayOf(terms.startDate)}T00:00:00Z`)) / (7 * DAY_MS));
  if (weeks % terms.everyWeeks !== 0) return [];
  const day = weekdayOf(date) - 1;
  return terms.lines.filter((l) => (l.quantities[day] ?? 0) > 0).map((l) => ({ productId: l.productId, quantity: l.quantities[day] }));
}

/**
 * The standing order's delivery on `date`, or null when it has none: not planned that date,
 * paused, or the bakery does not deliver (a closure, a day without deliveries). A skipped date is
 * an occurrence with `skipped`; a date's own change replaces its quantities (zero quantities drop
 * a product; all zero is no delivery).
 */
export function occurrenceOn(
  terms: StandingOrderTerms,
  exceptions: readonly DeliveryException[],
  date: string,
  ctx: ScheduleContext,
): Occurrence | null {
  const planned = plannedLines(terms, date);
  if (planned.length === 0 || isPausedOn(terms, date)) return null;
  const day = calendarDay(date, ctx);
  if (day.reason === 'closure' || day.reason === 'closed_weekday') return null;
  const exception = exceptions.find((e) => e.date === date);
  const lines = exception?.lines ? exception.lines.filter((l) => l.quantity > 0) : planned;
  if (lines.length === 0) return null;
  return { date, cutoffAt: cutoffOf(date, ruleFor(ctx.schedule, date), ctx.timeZone), skipped: exception?.skip ?? false, lines };
}

/** Every delivery from `from` to `to` (inclusive), in date order. */
export function occurrencesBetween(
  terms: StandingOrderTerms,
  exceptions: readonly DeliveryException[],
  from: string,
  to: string,
  ctx: ScheduleContext,
): Occurrence[] {
  const found: Occurrence[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const occurrence = occurrenceOn(terms, exceptions, date, ctx);
    if (occurrence) found.push(occurrence);
  }
  return found;
}

/**
 * The dates whose deliveries are due to become orders now: the bakery delivers that day, its
 * cut-off has passed (at `ctx.now`) and the date has not (from `today` on: a date missed while
 * ordering was down is still made until its day). `lookAheadDays` bounds how far ahead a cut-off
 * can fall (lead days). The same for every standing order, so a sweep works them out once.
 */
export function dueDates(today: string, lookAheadDays: number, ctx: ScheduleContext): { date: string; cutoffAt: Date }[] {
  const due: { date: string; cutoffAt: Date }[] = [];
  for (let date = today; date <= addDays(today, lookAheadDays); date = addDays(date, 1)) {
    const day = calendarDay(date, ctx);
    if (day.reason === 'closure' || day.reason === 'closed_weekday') continue;
    const cutoffAt = cutoffOf(date, ruleFor(ctx.schedule, date), ctx.timeZone);
    if (cutoffAt.getTime() <= ctx.now.getTime()) due.push({ date, cutoffAt });
  }
  return due;
}

/**
 * The dates whose deliveries get their preview email now (issue 20): the bakery delivers that day,
 * its cut-off has not passed, and the cut-off is at most `previewDays` calendar days away in the
 * bakery's zone (so a preview keeps its wall-clock time across a daylight-saving change). A standing
 * order made later than that gets its preview at once. `previewDays` 0 sends none.
 */
export function previewDates(today: string, lookAheadDays: number, previewDays: number, ctx: ScheduleContext): { date: string; cutoffAt: Date }[] {
  if (previewDays <= 0) return [];
  const now = ctx.now.getTime();
  const dates: { date: string; cutoffAt: Date }[] = [];
  for (let date = today; date <= addDays(today, lookAheadDays); date = addDays(date, 1)) {
    const day = calendarDay(date, ctx);
    if (day.reason === 'closure' || day.reason === 'closed_weekday') continue;
    const cutoffAt = cutoffOf(date, ruleFor(ctx.schedule, date), ctx.timeZone);
    const previewAt = DateTime.fromJSDate(cutoffAt, { zone: ctx.timeZone }).minus({ days: previewDays }).toMillis();
    if (previewAt <= now && now < cutoffAt.getTime()) dates.push({ date, cutoffAt });
  }
  return dates;
}

/** A standing order's deliveries on the due dates (`dueDates`) that are not skipped. */
export function dueOccurrencesOn(terms: StandingOrderTerms, exceptions: readonly DeliveryException[], due: readonly { date: string; cutoffAt: Date }[]): Occurrence[] {
  return due.flatMap(({ date, cutoffAt }) => {
    const planned = plannedLines(terms, date);
    if (planned.length === 0 || isPausedOn(terms, date)) return [];
    const exception = exceptions.find((e) => e.date === date);
    if (exception?.skip) return [];
    const lines = exception?.lines ? exception.lines.filter((l) => l.quantity > 0) : planned;
    return lines.length > 0 ? [{ date, cutoffAt, skipped: false, lines }] : [];
  });
}

/** The deliveries of one standing order due to become orders now (`dueDates`, then `dueOccurrencesOn`). */
export function dueOccurrences(
  terms: StandingOrderTerms,
  exceptions: readonly DeliveryException[],
  today: string,
  lookAheadDays: number,
  ctx: ScheduleContext,
): Occurrence[] {
  return dueOccurrencesOn(terms, exceptions, dueDates(today, lookAheadDays, ctx));
}

/** Whether a date of a standing order can still be changed (skipped, quantities): until its cut-off. */
export function deliveryChangeable(occurrence: Pick<Occurrence, 'cutoffAt'>, now: Date): boolean {
  return now.getTime() < occurrence.cutoffAt.getTime();
}

type DeliveryLines = readonly { productId: string; quantity: number }[];

/** What a delivery holds for the bakery to make: its lines; none when it is skipped or there is none. */
export function deliveredLines(occurrence: Occurrence | null): DeliveryLines {
  return occurrence && !occurrence.skipped ? occurrence.lines : [];
}

/**
 * The products a change of a date's lines raises inside the bakery's notice for them: the date's
 * cut-off, moved earlier by the product's lead days, has passed (issue 16's lead times, which
 * placing and amending an order apply too). Lowering a product is always allowed; a product
 * without a lead time is ruled by the date's cut-off alone. The slowest product first.
 */
export function raisedWithinNotice(
  before: DeliveryLines,
  after: DeliveryLines,
  date: string,
  ctx: ScheduleContext,
  productOf: (productId: string) => LeadTimeProduct | undefined,
): (LeadTimeProduct & { productId: string })[] {
  const had = new Map(before.map((l) => [l.productId, l.quantity]));
  const rule = ruleFor(ctx.schedule, date);
  return after
    .filter((l) => l.quantity > (had.get(l.productId) ?? 0))
    .flatMap((l) => {
      const product = productOf(l.productId);
      if (!product || product.leadDays <= 0) return [];
      const noticeFrom = cutoffOf(date, rule, ctx.timeZone, product.leadDays);
      return ctx.now.getTime() >= noticeFrom.getTime() ? [{ productId: l.productId, name: product.name, leadDays: product.leadDays }] : [];
    })
    .sort((a, b) => b.leadDays - a.leadDays);
}

/**
 * What a new version of a standing order's terms must leave as it was, from `from` to `to`:
 * the dates' own quantities to write with it (`pins`), and earlier pins the new terms make
 * needless (`lifted`, their dates). Without them the sweep would make the new terms' order for
 * dates the bakery can no longer change:
 * - a date whose cut-off has passed keeps all it had (its order is being made, or about to be:
 *   the sweep runs every few seconds; a new standing order delivers nothing that date);
 * - before that, a product the new terms raise inside its notice (`raisedWithinNotice`) keeps
 *   what it had that date; the date's other products follow the new terms.
 * A date with a change of its own (skipped, or its own quantities) follows it and is left alone;
 * a pin is not one: what it holds is what the date had, and the new terms move it again.
 * Dates the new terms do not deliver are left alone too.
 */
export function pinnedDeliveries(
  before: StandingOrderTerms | null,
  after: StandingOrderTerms,
  exceptions: readonly DeliveryException[],
  from: string,
  to: string,
  ctx: ScheduleContext,
  productOf: (productId: string) => LeadTimeProduct | undefined,
): { pins: DeliveryException[]; lifted: string[] } {
  const pins: DeliveryException[] = [];
  const lifted: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const own = exceptions.find((e) => e.date === date);
    if (own && (own.skip || (own.lines !== null && !own.pinned))) continue;
    const next = occurrenceOn(after, [], date, ctx);
    if (!next) continue;
    const had = before ? deliveredLines(occurrenceOn(before, own ? [own] : [], date, ctx)) : [];
    const lines = deliveryChangeable(next, ctx.now) ? keptWithinNotice(had, next.lines, date, ctx, productOf) : had;
    if (!sameLines(lines, next.lines)) pins.push({ date, skip: false, lines: lines.map((l) => ({ ...l })), pinned: true });
    else if (own?.pinned) lifted.push(date);
  }
  return { pins, lifted };
}

/** `after`, with the products it raises inside their notice at what `before` had (dropped when that was none). */
function keptWithinNotice(
  before: DeliveryLines,
  after: DeliveryLines,
  date: string,
  ctx: ScheduleContext,
  productOf: (productId: string) => LeadTimeProduct | undefined,
): DeliveryLines {
  const raised = new Set(raisedWithinNotice(before, after, date, ctx, productOf).map((p) => p.productId));
  if (raised.size === 0) return after;
  const had = new Map(before.map((l) => [l.productId, l.quantity]));
  return after.map((l) => (raised.has(l.productId) ? { productId: l.productId, quantity: had.get(l.productId) ?? 0 } : l)).filter((l) => l.quantity > 0);
}

function sameLines(a: DeliveryLines, b: DeliveryLines): boolean {
  const key = (lines: DeliveryLines) =>
    lines
      .filter((l) => l.quantity > 0)
      .map((l) => `${l.productId}:${l.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}
