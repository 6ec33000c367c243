import { dateInTimeZone, FINAL_ORDER_STATUSES, OrderingMessages, OrderStatus } from '@bakery/contracts';

/** Why a status change is refused, or null when it may happen. The interface allows any change. */
export function statusChangeProblem(current: OrderStatus, next: OrderStatus): string | null {
  if (current === next) return null;
  if (FINAL_ORDER_STATUSES.includes(current)) return OrderingMessages.finalStatus.replace('{status}', current);
  return null;
}

/** A customer may cancel only while the bakery has not started on the order. */
export function customerMayCancel(current: OrderStatus): boolean {
  return current === 'pending';
}

/** A delivery date must be a real calendar date, not before today in the bakery's time zone. */
export function deliveryDateProblem(date: string | null, now: Date, timeZone: string): string | null {
  if (date === null) return null;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    return OrderingMessages.deliveryDateFormat;
  }
  return date < dateInTimeZone(now, timeZone) ? OrderingMessages.deliveryDatePast : null;
}
