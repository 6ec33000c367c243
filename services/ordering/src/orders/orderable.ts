import {
  addDays,
  AppError,
  dateInTimeZone,
  DeliveryMessages,
  type DeliveryTimeSlot,
  longDate,
  orderDateRefusal,
  type ScheduleContext,
  slotsOn,
} from '@bakery/contracts';
import { deliveryDateProblem, deliveryTimeSlotProblem } from '../domain/order-rules';

/**
 * The ordering windows (libs/contracts/src/delivery-rules.ts) as placing and changing an order
 * enforce them, with the same messages: 400 with the field's message. `maxDaysAhead` is
 * MAX_DELIVERY_DAYS_AHEAD; the bakery's today and its last bookable date come from the context's clock.
 */

/**
 * The date and slot of an order: a date the spec refuses (format, before today, too far ahead)
 * keeps its message; then the schedule's (closed weekday, closure, cut-off passed), naming the next
 * date that can be ordered; then the slot (assertSlot). No date: refused only when the bakery
 * requires one.
 */
export function assertOrderable(date: string | null, slot: DeliveryTimeSlot | null | undefined, schedule: ScheduleContext, maxDaysAhead: number): void {
  if (date === null) {
    if (schedule.schedule.requireDeliveryDate) throw AppError.validation({ deliveryDate: [DeliveryMessages.dateRequired] });
    return;
  }
  const dateProblem = deliveryDateProblem(date, schedule.now, schedule.timeZone, maxDaysAhead);
  if (dateProblem) throw AppError.validation({ deliveryDate: [dateProblem] });
  const refusal = orderDateRefusal(date, schedule, [], ...searchBounds(schedule, maxDaysAhead));
  if (refusal) throw AppError.validation({ deliveryDate: [refusal] });
  assertSlot(date, slot ?? null, schedule);
}

/** A slot the day does not offer, or one of today's that has ended. */
export function assertSlot(date: string | null, slot: DeliveryTimeSlot | null, schedule: ScheduleContext): void {
  if (date === null || slot === null) return;
  if (!slotsOn(date, schedule).includes(slot)) {
    throw AppError.validation({ deliveryTimeSlot: [DeliveryMessages.slotNotOffered.replace('{date}', longDate(date))] });
  }
  const slotProblem = deliveryTimeSlotProblem(date, slot, schedule.now, schedule.timeZone);
  if (slotProblem) throw AppError.validation({ deliveryTimeSlot: [slotProblem] });
}

/** A product whose lead time rules out the date: 400, naming it and the next date that can be ordered. */
export function assertLeadTimes(
  date: string | null,
  products: Iterable<{ name: string; leadDays: number }>,
  schedule: ScheduleContext,
  maxDaysAhead: number,
): void {
  if (date === null) return;
  const slow = [...products].filter((p) => p.leadDays > 0).map((p) => ({ name: p.name, leadDays: p.leadDays }));
  if (slow.length === 0) return;
  const refusal = orderDateRefusal(date, schedule, slow, ...searchBounds(schedule, maxDaysAhead));
  if (refusal) throw AppError.validation({ deliveryDate: [refusal] });
}

/** Where the next orderable date is looked for: the bakery's today to its last bookable date. */
function searchBounds(schedule: ScheduleContext, maxDaysAhead: number): [string, string] {
  const today = dateInTimeZone(schedule.now, schedule.timeZone);
  return [today, addDays(today, maxDaysAhead)];
}
