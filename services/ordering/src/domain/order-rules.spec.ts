import { deliveryDateProblem, deliveryTimeSlotProblem, minutesOfDayInTimeZone, slotEndMinutes } from './order-rules';

// status changes: order-status.spec.ts
describe('order rules', () => {
  it('refuses delivery dates before today in the bakery’s time zone, and impossible dates', () => {
    const now = new Date('2026-03-10T23:30:00Z'); // already 11 March in Tokyo
    expect(deliveryDateProblem('2026-03-10', now, 'UTC')).toBeNull();
    expect(deliveryDateProblem('2026-03-09', now, 'UTC')).toBe('Delivery date cannot be before today');
    expect(deliveryDateProblem('2026-03-10', now, 'Asia/Tokyo')).toBe('Delivery date cannot be before today');
    expect(deliveryDateProblem('2026-02-30', now, 'UTC')).toBe('Delivery date must be a date (YYYY-MM-DD)');
    expect(deliveryDateProblem(null, now, 'UTC')).toBeNull();
  });

  it('refuses a delivery date more than the bound (90 days by default) after today in the bakery’s time zone', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(deliveryDateProblem('2026-06-08', now, 'UTC')).toBeNull(); // 90 days ahead
    expect(deliveryDateProblem('2026-06-09', now, 'UTC')).toBe('Delivery date cannot be more than 90 days ahead');
    expect(deliveryDateProblem('9999-12-31', now, 'UTC')).toBe('Delivery date cannot be more than 90 days ahead');
    // configurable
    expect(deliveryDateProblem('2026-03-17', now, 'UTC', 7)).toBeNull();
    expect(deliveryDateProblem('2026-03-18', now, 'UTC', 7)).toBe('Delivery date cannot be more than 7 days ahead');
    expect(deliveryDateProblem('2026-03-10', now, 'UTC', 0)).toBeNull();
    expect(deliveryDateProblem('2026-03-11', now, 'UTC', 0)).toBe('Delivery date cannot be more than 0 days ahead');
    // counted from today where the bakery is: 23:30 UTC on 10 March is 11 March in Tokyo
    const late = new Date('2026-03-10T23:30:00Z');
    expect(deliveryDateProblem('2026-03-18', late, 'UTC', 7)).toBe('Delivery date cannot be more than 7 days ahead');
    expect(deliveryDateProblem('2026-03-18', late, 'Asia/Tokyo', 7)).toBeNull();
    // across a daylight-saving change the count is still in calendar days
    expect(deliveryDateProblem('2026-04-09', new Date('2026-03-01T12:00:00Z'), 'America/New_York', 39)).toBeNull();
    expect(deliveryDateProblem('2026-04-10', new Date('2026-03-01T12:00:00Z'), 'America/New_York', 39)).toBe(
      'Delivery date cannot be more than 39 days ahead',
    );
  });

  it('reads the end of each of the spec’s slots', () => {
    expect(slotEndMinutes('6:00 AM - 8:00 AM')).toBe(8 * 60);
    expect(slotEndMinutes('8:00 AM - 10:00 AM')).toBe(10 * 60);
    expect(slotEndMinutes('10:00 AM - 12:00 PM')).toBe(12 * 60);
    expect(minutesOfDayInTimeZone(new Date('2026-03-10T00:05:00Z'), 'UTC')).toBe(5);
    expect(minutesOfDayInTimeZone(new Date('2026-03-10T23:59:00Z'), 'Asia/Tokyo')).toBe(8 * 60 + 59);
  });

  it('refuses a slot of today that has already ended in the bakery’s time zone', () => {
    const at = (iso: string) => new Date(iso);
    // 07:59 UTC: the first slot is still on, until 08:00
    expect(deliveryTimeSlotProblem('2026-03-10', '6:00 AM - 8:00 AM', at('2026-03-10T07:59:00Z'), 'UTC')).toBeNull();
    expect(deliveryTimeSlotProblem('2026-03-10', '6:00 AM - 8:00 AM', at('2026-03-10T08:00:00Z'), 'UTC')).toBe(
      'This delivery time slot has already ended today',
    );
    expect(deliveryTimeSlotProblem('2026-03-10', '8:00 AM - 10:00 AM', at('2026-03-10T08:00:00Z'), 'UTC')).toBeNull();
    expect(deliveryTimeSlotProblem('2026-03-10', '10:00 AM - 12:00 PM', at('2026-03-10T11:59:59Z'), 'UTC')).toBeNull();
    expect(deliveryTimeSlotProblem('2026-03-10', '10:00 AM - 12:00 PM', at('2026-03-10T12:00:00Z'), 'UTC')).toBe(
      'This delivery time slot has already ended today',
    );
    // tomorrow's slots, and a slot without a date, are not checked
    expect(deliveryTimeSlotProblem('2026-03-11', '6:00 AM - 8:00 AM', at('2026-03-10T23:00:00Z'), 'UTC')).toBeNull();
    expect(deliveryTimeSlotProblem(null, '6:00 AM - 8:00 AM', at('2026-03-10T23:00:00Z'), 'UTC')).toBeNull();
    expect(deliveryTimeSlotProblem('2026-03-10', null, at('2026-03-10T23:00:00Z'), 'UTC')).toBeNull();
    // in the bakery's time zone: 09:30 UTC is 10:30 in Paris (winter), 04:30 in New York
    const morning = at('2026-03-10T09:30:00Z');
    expect(deliveryTimeSlotProblem('2026-03-10', '8:00 AM - 10:00 AM', morning, 'UTC')).toBeNull();
    expect(deliveryTimeSlotProblem('2026-03-10', '8:00 AM - 10:00 AM', morning, 'Europe/Paris')).toBe(
      'This delivery time slot has already ended today',
    );
    expect(deliveryTimeSlotProblem('2026-03-10', '6:00 AM - 8:00 AM', morning, 'America/New_York')).toBeNull();
    // 23:30 UTC on 10 March is 08:30 on 11 March in Tokyo: "today" there is the 11th
    const late = at('2026-03-10T23:30:00Z');
    expect(deliveryTimeSlotProblem('2026-03-11', '6:00 AM - 8:00 AM', late, 'Asia/Tokyo')).toBe('This delivery time slot has already ended today');
    expect(deliveryTimeSlotProblem('2026-03-11', '8:00 AM - 10:00 AM', late, 'Asia/Tokyo')).toBeNull();
  });
});
