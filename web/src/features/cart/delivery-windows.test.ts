import { deliveryCalendar, DEFAULT_DELIVERY_SCHEDULE, WEEKDAYS, type DeliverySchedule } from '@contracts/delivery-rules';
import { daysAt, firstOrderable, hasOrderingWindows, leadingDate, shownAt, unavailableNotes } from './delivery-windows';

const ZONE = 'Europe/London';
const NOW = new Date('2026-12-21T11:00:00Z'); // Monday 21 December, 11:00 in London
const MON_TO_SAT: DeliverySchedule = {
  ...DEFAULT_DELIVERY_SCHEDULE,
  weekdays: DEFAULT_DELIVERY_SCHEDULE.weekdays.map((r) => ({ ...r, delivers: r.weekday !== 7, leadDays: 1, cutoffTime: '14:00' })),
};
const CHRISTMAS = { id: 'c', from: '2026-12-24', to: '2026-12-26', message: 'Closed for Christmas' };

describe('the cart’s ordering windows', () => {
  it('a default schedule is no windows (unless a date is required); any rule, closure or lead time is', () => {
    const plain = deliveryCalendar('2026-12-21', '2027-02-20', { schedule: DEFAULT_DELIVERY_SCHEDULE, closures: [], timeZone: ZONE, now: NOW });
    expect(hasOrderingWindows(plain, ZONE, false)).toBe(false);
    expect(hasOrderingWindows(plain, ZONE, true)).toBe(true);
    // the day that is simply over (the calendar read before midnight) is still the default
    const afterMidnight = deliveryCalendar('2026-12-21', '2026-12-23', { schedule: DEFAULT_DELIVERY_SCHEDULE, closures: [], timeZone: ZONE, now: new Date('2026-12-22T00:00:01Z') });
    expect(afterMidnight[0].reason).toBe('cutoff_passed');
    expect(hasOrderingWindows(afterMidnight, ZONE, false)).toBe(false);
    const closed = deliveryCalendar('2026-12-21', '2027-02-20', { schedule: DEFAULT_DELIVERY_SCHEDULE, closures: [CHRISTMAS], timeZone: ZONE, now: NOW });
    expect(hasOrderingWindows(closed, ZONE, false)).toBe(true);
    const cake = deliveryCalendar('2026-12-21', '2027-02-20', { schedule: DEFAULT_DELIVERY_SCHEDULE, closures: [], timeZone: ZONE, now: NOW }, [{ name: 'Cake', leadDays: 2 }]);
    expect(hasOrderingWindows(cake, ZONE, false)).toBe(true);
    const sameDay = { ...DEFAULT_DELIVERY_SCHEDULE, weekdays: WEEKDAYS.map((weekday) => ({ ...DEFAULT_DELIVERY_SCHEDULE.weekdays[weekday - 1], cutoffTime: '20:00' })) };
    expect(hasOrderingWindows(deliveryCalendar('2026-12-21', '2026-12-30', { schedule: sameDay, closures: [], timeZone: ZONE, now: NOW }), ZONE, false)).toBe(true);
  });

  it('judges a cut-off that passes after the answer, with the server’s words, and finds the next date', () => {
    const days = deliveryCalendar('2026-12-21', '2027-01-05', { schedule: MON_TO_SAT, closures: [CHRISTMAS], timeZone: ZONE, now: NOW });
    expect(firstOrderable(daysAt(days, NOW.getTime(), ZONE), '2026-12-21')).toBe('2026-12-22');
    const at2pm = daysAt(days, Date.parse('2026-12-21T14:00:00Z'), ZONE);
    expect(at2pm.get('2026-12-22')).toMatchObject({
      orderable: false,
      reason: 'cutoff_passed',
      message: 'Orders for Tuesday 22 December closed at 2:00 PM on Monday 21 December.',
    });
    expect(firstOrderable(at2pm, '2026-12-21')).toBe('2026-12-23');
    // Tuesday 2:00 PM: Wednesday gone, Christmas closed, Sunday none: Monday 28
    expect(firstOrderable(daysAt(days, Date.parse('2026-12-22T14:00:00Z'), ZONE), '2026-12-21')).toBe('2026-12-28');
  });

  it('leads with the next date that can be ordered only where the bakery has windows', () => {
    const days = daysAt(deliveryCalendar('2026-12-21', '2027-01-05', { schedule: MON_TO_SAT, closures: [], timeZone: ZONE, now: NOW }), NOW.getTime(), ZONE);
    expect(leadingDate(true, days, '2026-12-21')).toBe('2026-12-22');
    expect(leadingDate(false, days, '2026-12-21')).toBeNull();
    expect(leadingDate(true, days, '2027-01-06')).toBeNull();
  });

  it('sums the refused dates up once each: the last cut-off passed, each closure with its dates, each weekday', () => {
    const days = deliveryCalendar('2026-12-21', '2027-01-10', { schedule: MON_TO_SAT, closures: [CHRISTMAS], timeZone: ZONE, now: new Date('2026-12-22T15:00:00Z') });
    expect(unavailableNotes(days)).toEqual([
      'Orders for Wednesday 23 December closed at 2:00 PM on Tuesday 22 December.',
      'Thu 24 Dec – Sat 26 Dec: Closed for Christmas',
      'There are no deliveries on Sundays.',
    ]);
  });

  it('changes what the form shows with the clock only at the countdown’s minute and at a cut-off', () => {
    const days = deliveryCalendar('2026-12-21', '2026-12-23', { schedule: MON_TO_SAT, closures: [], timeZone: ZONE, now: NOW });
    // Tuesday 22 closes Monday 21 at 14:00 London (14:00Z): 3 h from NOW
    const at = (iso: string) => shownAt(days, '2026-12-22', Date.parse(iso), ZONE);
    expect(at('2026-12-21T11:00:00Z')).toBe(at('2026-12-21T11:00:59Z'));
    expect(at('2026-12-21T11:00:00Z')).not.toBe(at('2026-12-21T11:01:00Z'));
    expect(at('2026-12-21T13:59:30Z')).not.toBe(at('2026-12-21T14:00:00Z'));
    // past every cut-off shown, nothing moves
    expect(at('2026-12-21T14:00:00Z')).toBe(at('2026-12-21T14:30:00Z'));
    // with no date chosen, only a passing cut-off changes it
    expect(shownAt(days, null, Date.parse('2026-12-21T11:00:00Z'), ZONE)).toBe(shownAt(days, null, Date.parse('2026-12-21T13:59:59Z'), ZONE));
    expect(shownAt(days, null, Date.parse('2026-12-21T13:59:59Z'), ZONE)).not.toBe(shownAt(days, null, Date.parse('2026-12-21T14:00:00Z'), ZONE));
  });
});
