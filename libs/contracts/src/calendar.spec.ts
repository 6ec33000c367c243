import { addDays, bakeryCalendar, dateInTimeZone, deliveryDateRefusal, isCalendarDate } from './calendar';

describe('the bakery calendar', () => {
  it('tells the date in a time zone, not the caller’s', () => {
    const late = new Date('2026-03-10T23:30:00Z');
    expect(dateInTimeZone(late, 'UTC')).toBe('2026-03-10');
    expect(dateInTimeZone(late, 'Asia/Tokyo')).toBe('2026-03-11');
    expect(dateInTimeZone(new Date('2026-03-11T03:00:00Z'), 'America/New_York')).toBe('2026-03-10');
    expect(bakeryCalendar(late, 'Asia/Tokyo', 90)).toEqual({
      timeZone: 'Asia/Tokyo',
      today: '2026-03-11',
      now: '2026-03-10T23:30:00.000Z',
      maxDeliveryDaysAhead: 90,
      requireDeliveryDate: false,
    });
  });

  it('counts calendar days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08'); // a daylight-saving change somewhere: still one day
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('tomorrow')).toBe(false);
  });

  it('allows delivery dates from today to today + maxDaysAhead, real dates only', () => {
    expect(deliveryDateRefusal('2026-03-09', '2026-03-10', 7)).toBe('before_today');
    expect(deliveryDateRefusal('2026-03-10', '2026-03-10', 7)).toBeNull();
    expect(deliveryDateRefusal('2026-03-17', '2026-03-10', 7)).toBeNull();
    expect(deliveryDateRefusal('2026-03-18', '2026-03-10', 7)).toBe('too_far_ahead');
    expect(deliveryDateRefusal('2026-03-10', '2026-03-10', 0)).toBeNull();
    expect(deliveryDateRefusal('2026-03-11', '2026-03-10', 0)).toBe('too_far_ahead');
    expect(deliveryDateRefusal('9999-12-31', '2026-03-10', Number.POSITIVE_INFINITY)).toBeNull();
    expect(deliveryDateRefusal('2026-02-30', '2026-02-01', 90)).toBe('not_a_date');
  });
});
