import { DEFAULT_DELIVERY_SCHEDULE, type DeliverySchedule, WEEKDAYS } from '@bakery/contracts';

/**
 * The schedule most tests of ordering windows use: Monday to Saturday, orders close at 2:00 PM
 * the day before; no deliveries on Sundays (its other fields left as the default has them).
 */
export const ORDER_BY_2PM_THE_DAY_BEFORE: DeliverySchedule = {
  weekdays: WEEKDAYS.map((weekday) =>
    weekday === 7
      ? { ...DEFAULT_DELIVERY_SCHEDULE.weekdays[6], delivers: false }
      : { ...DEFAULT_DELIVERY_SCHEDULE.weekdays[weekday - 1], leadDays: 1, cutoffTime: '14:00' },
  ),
  requireDeliveryDate: false,
  autoConfirmAtCutoff: false,
};
