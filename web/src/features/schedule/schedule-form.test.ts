import { DEFAULT_DELIVERY_SCHEDULE } from '@contracts/delivery-rules';
import { formFieldOf, ruleSummary, timeOfDayText, toSchedule, validateCutoffTime, validateLeadDays, validateSlots } from './schedule-form';

describe('Delivery Schedule form', () => {
  it('says what a weekday rule means for the customer', () => {
    expect(ruleSummary({ delivers: true, leadDays: 1, cutoffTime: '14:00' })).toBe('Orders close at 2:00 PM the day before');
    expect(ruleSummary({ delivers: true, leadDays: 0, cutoffTime: '24:00' })).toBe('Orders close at the end of the day itself');
    expect(ruleSummary({ delivers: true, leadDays: 0, cutoffTime: '09:30' })).toBe('Orders close at 9:30 AM the same day');
    expect(ruleSummary({ delivers: true, leadDays: 3, cutoffTime: '00:00' })).toBe('Orders close at 12:00 AM 3 days before');
    expect(ruleSummary({ delivers: false, leadDays: 1, cutoffTime: '14:00' })).toBe('No deliveries');
    expect(ruleSummary({ delivers: true, leadDays: 1, cutoffTime: '25:00' })).toBe('');
    expect(timeOfDayText('12:05')).toBe('12:05 PM');
  });

  it('checks cut-off times, lead days and slots with the server’s messages', () => {
    for (const ok of ['00:00', '14:00', '23:59', '24:00']) expect(validateCutoffTime(ok)).toBeUndefined();
    for (const bad of ['25:00', '24:01', '9:00', '14:60', '', undefined]) {
      expect(validateCutoffTime(bad)).toBe('Cut-off time must be a time of day as HH:MM, from 00:00 to 24:00');
    }
    expect(validateLeadDays(0)).toBeUndefined();
    expect(validateLeadDays(14)).toBeUndefined();
    for (const bad of [15, -1, 1.5, null]) expect(validateLeadDays(bad)).toBe('Lead days must be a whole number from 0 to 14');
    expect(validateSlots([], true)).toBe('A delivery day needs at least one slot');
    expect(validateSlots([], false)).toBeUndefined();
  });

  it('sends all seven rules in order, times trimmed', () => {
    const values = structuredClone(DEFAULT_DELIVERY_SCHEDULE);
    values.weekdays[2].cutoffTime = ' 14:00 ';
    const sent = toSchedule(values);
    expect(sent.weekdays.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sent.weekdays[2].cutoffTime).toBe('14:00');
    expect(sent.requireDeliveryDate).toBe(false);
  });

  it('puts the server’s field errors at their fields, whichever way it writes the index', () => {
    expect(formFieldOf('weekdays.2.cutoffTime')).toEqual(['weekdays', 2, 'cutoffTime']);
    expect(formFieldOf('weekdays[6].slots')).toEqual(['weekdays', 6, 'slots']);
    expect(formFieldOf('requireDeliveryDate')).toEqual(['requireDeliveryDate']);
    expect(formFieldOf('weekdays')).toBeNull();
    expect(formFieldOf('weekdays.2.weekday')).toBeNull();
  });
});
