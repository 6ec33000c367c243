/**
 * The Delivery Schedule screen's rules: what each weekday's rule means in words, the checks made
 * before saving (the server's own limits and messages), and where the server's field errors go.
 */
import type { DeliveryTimeSlot } from '@contracts/constants';
import {
  DeliveryMessages,
  END_OF_DAY,
  isCutoffTime,
  SCHEDULE_LIMITS,
  WEEKDAYS,
  type DeliverySchedule,
  type IsoWeekday,
  type WeekdayRule,
} from '@contracts/delivery-rules';

export const WEEKDAY_NAMES: Record<IsoWeekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** "14:00" → "2:00 PM"; "24:00" is the end of the day. */
export function timeOfDayText(cutoffTime: string): string {
  if (cutoffTime === END_OF_DAY) return 'the end of the day';
  const [h, m] = cutoffTime.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * A weekday's rule in words, as the customer lives it: "Orders close at 2:00 PM the day before",
 * "Orders close at the end of the day itself", "No deliveries".
 */
export function ruleSummary(rule: Pick<WeekdayRule, 'delivers' | 'leadDays' | 'cutoffTime'>): string {
  if (!rule.delivers) return 'No deliveries';
  if (!isCutoffTime(rule.cutoffTime) || !Number.isInteger(rule.leadDays) || rule.leadDays < 0) return '';
  const when = rule.cutoffTime === END_OF_DAY ? 'the end of the day' : timeOfDayText(rule.cutoffTime);
  const day = rule.leadDays === 0 ? (rule.cutoffTime === END_OF_DAY ? 'itself' : 'the same day') : rule.leadDays === 1 ? 'the day before' : `${rule.leadDays} days before`;
  return `Orders close at ${when} ${day}`;
}

export function validateCutoffTime(value: string | undefined): string | undefined {
  return value !== undefined && isCutoffTime(value.trim()) ? undefined : DeliveryMessages.cutoffTime;
}

export function validateLeadDays(value: number | null | undefined): string | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SCHEDULE_LIMITS.leadDaysMax ? undefined : DeliveryMessages.leadDays;
}

/** A delivery day needs a slot; a day without deliveries may keep any. */
export function validateSlots(slots: readonly DeliveryTimeSlot[] | undefined, delivers: boolean): string | undefined {
  return delivers && (slots ?? []).length === 0 ? DeliveryMessages.slotsRequired : undefined;
}

/** The form's values as the PUT body: the seven rules in order, times trimmed. */
export function toSchedule(values: DeliverySchedule): DeliverySchedule {
  return {
    weekdays: WEEKDAYS.map((weekday, i) => {
      const rule = values.weekdays[i];
      return {
        weekday,
        delivers: Boolean(rule?.delivers),
        leadDays: rule?.leadDays ?? 0,
        cutoffTime: (rule?.cutoffTime ?? '').trim(),
        slots: [...(rule?.slots ?? [])],
      };
    }),
    requireDeliveryDate: Boolean(values.requireDeliveryDate),
    autoConfirmAtCutoff: Boolean(values.autoConfirmAtCutoff),
  };
}

/**
 * Where a field error of the server goes in the form: "weekdays.2.cutoffTime" (class-validator)
 * and "weekdays[2].cutoffTime" (the schedule's own checks) are the third rule's cut-off; null for
 * an error about no one field (shown above the form).
 */
export function formFieldOf(key: string): (string | number)[] | null {
  const rule = /^weekdays(?:\.(\d+)|\[(\d+)\])\.(delivers|leadDays|cutoffTime|slots)$/.exec(key);
  if (rule) return ['weekdays', Number(rule[1] ?? rule[2]), rule[3]];
  if (key === 'requireDeliveryDate' || key === 'autoConfirmAtCutoff') return [key];
  return null;
}
