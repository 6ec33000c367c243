import { DateTime } from 'luxon';
import { addDays } from './calendar';
import { DELIVERY_TIME_SLOTS } from './constants';
import {
  calendarDay,
  calendarDayAt,
  changeableUntil,
  cutoffOf,
  DEFAULT_DELIVERY_SCHEDULE,
  deliveryCalendar,
  type DeliverySchedule,
  isCutoffTime,
  nextOrderableDate,
  orderDateRefusal,
  reminderDelivery,
  type ScheduleContext,
  scheduleProblems,
  slotsOn,
  WEEKDAYS,
  weekdayOf,
  type WeekdayRule,
} from './delivery-rules';

/** Monday–Saturday, lead `lead` days, cut-off `time`; Sunday closed (npm run seed's schedule with lead 1, 14:00). */
function bakerySchedule(lead = 1, time = '14:00'): DeliverySchedule {
  return {
    ...DEFAULT_DELIVERY_SCHEDULE,
    weekdays: WEEKDAYS.map((weekday): WeekdayRule => ({
      weekday,
      delivers: weekday !== 7,
      leadDays: lead,
      cutoffTime: time,
      slots: [...DELIVERY_TIME_SLOTS],
    })),
  };
}

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toJSDate();

function ctx(schedule: DeliverySchedule, now: Date, timeZone = 'America/New_York', closures: ScheduleContext['closures'] = []): ScheduleContext {
  return { schedule, closures, timeZone, now };
}

describe('cut-off times', () => {
  it('accepts HH:MM from 00:00 to 24:00 and nothing else', () => {
    for (const ok of ['00:00', '09:05', '14:00', '23:59', '24:00']) expect(isCutoffTime(ok)).toBe(true);
    for (const bad of ['25:00', '24:01', '7:00', '14:60', '1400', '', '14:00:00', ' 14:00']) expect(isCutoffTime(bad)).toBe(false);
  });

  it('is the weekday time on the date lead days before, in the bakery’s zone', () => {
    // Wednesday 25 November 2026, lead 1, 14:00 → Tuesday 24 November 14:00 in New York (UTC-5)
    expect(cutoffOf('2026-11-25', { leadDays: 1, cutoffTime: '14:00' }, 'America/New_York').toISOString()).toBe('2026-11-24T19:00:00.000Z');
    expect(cutoffOf('2026-11-25', { leadDays: 0, cutoffTime: '14:00' }, 'Europe/London').toISOString()).toBe('2026-11-25T14:00:00.000Z');
    // "24:00" is the end of the day: the start of the next one
    expect(cutoffOf('2026-11-25', { leadDays: 0, cutoffTime: '24:00' }, 'America/New_York').toISOString()).toBe('2026-11-26T05:00:00.000Z');
    // a product's extra lead days move it further back
    expect(cutoffOf('2026-11-25', { leadDays: 1, cutoffTime: '14:00' }, 'America/New_York', 2).toISOString()).toBe('2026-11-22T19:00:00.000Z');
  });

  it('keeps its wall-clock time across daylight-saving changes', () => {
    // New York springs forward on Sunday 8 March 2026 (02:00 → 03:00), falls back on 1 November
    expect(cutoffOf('2026-03-09', { leadDays: 1, cutoffTime: '14:00' }, 'America/New_York').toISOString()).toBe('2026-03-08T18:00:00.000Z');
    expect(cutoffOf('2026-03-08', { leadDays: 1, cutoffTime: '14:00' }, 'America/New_York').toISOString()).toBe('2026-03-07T19:00:00.000Z');
    expect(cutoffOf('2026-11-02', { leadDays: 1, cutoffTime: '14:00' }, 'America/New_York').toISOString()).toBe('2026-11-01T19:00:00.000Z');
    // a cut-off at a time the spring-forward night skips is the first instant that exists after it
    expect(cutoffOf('2026-03-09', { leadDays: 1, cutoffTime: '02:30' }, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // London: 29 March 2026 forward (01:00 → 02:00), 25 October back
    expect(cutoffOf('2026-03-30', { leadDays: 1, cutoffTime: '14:00' }, 'Europe/London').toISOString()).toBe('2026-03-29T13:00:00.000Z');
    expect(cutoffOf('2026-03-29', { leadDays: 1, cutoffTime: '14:00' }, 'Europe/London').toISOString()).toBe('2026-03-28T14:00:00.000Z');
    expect(cutoffOf('2026-10-26', { leadDays: 1, cutoffTime: '14:00' }, 'Europe/London').toISOString()).toBe('2026-10-25T14:00:00.000Z');
    // end of day on the fall-back day is 25 hours after its start
    const start = cutoffOf('2026-10-24', { leadDays: 0, cutoffTime: '24:00' }, 'Europe/London');
    const end = cutoffOf('2026-10-25', { leadDays: 0, cutoffTime: '24:00' }, 'Europe/London');
    expect(end.getTime() - start.getTime()).toBe(25 * 3600_000);
  });
});

describe('which dates can be ordered', () => {
  it('over every weekday and lead 0–3: orderable until the cut-off, refused at it and after', () => {
    const zone = 'America/New_York';
    for (const lead of [0, 1, 2, 3]) {
      const schedule = bakerySchedule(lead, '14:00');
      // Monday 7 December 2026 … Sunday 13 December
      for (let i = 0; i < 7; i++) {
        const date = addDays('2026-12-07', i);
        const cutoff = at(`${addDays(date, -lead)}T14:00`, zone);
        const before = calendarDay(date, ctx(schedule, new Date(cutoff.getTime() - 1000), zone));
        const exactly = calendarDay(date, ctx(schedule, cutoff, zone));
        const after = calendarDay(date, ctx(schedule, new Date(cutoff.getTime() + 1000), zone));
        if (weekdayOf(date) === 7) {
          for (const day of [before, exactly, after]) {
            expect(day).toMatchObject({ orderable: false, reason: 'closed_weekday', cutoffAt: null, slots: [], message: 'There are no deliveries on Sundays.' });
          }
          continue;
        }
        expect(before).toMatchObject({ orderable: true, reason: null, message: null, cutoffAt: cutoff.toISOString(), slots: [...DELIVERY_TIME_SLOTS] });
        expect(exactly).toMatchObject({ orderable: false, reason: 'cutoff_passed', cutoffAt: cutoff.toISOString() });
        expect(after).toMatchObject({ orderable: false, reason: 'cutoff_passed' });
      }
    }
  });

  it('words a passed cut-off and names the next date that can be ordered', () => {
    const zone = 'America/New_York';
    const schedule = bakerySchedule(1, '14:00');
    const now = at('2026-11-24T14:00:01', zone); // Tuesday, one second after Wednesday's cut-off
    const context = ctx(schedule, now, zone);
    expect(orderDateRefusal('2026-11-25', context, [], '2026-11-24', '2027-01-31')).toBe(
      'Orders for Wednesday 25 November closed at 2:00 PM on Tuesday 24 November. The next delivery you can order is Thursday 26 November.',
    );
    expect(orderDateRefusal('2026-11-26', context, [], '2026-11-24', '2027-01-31')).toBeNull();
    // Sunday is skipped when looking for the next date
    const saturdayAfternoon = ctx(schedule, at('2026-11-27T15:00', zone), zone);
    expect(nextOrderableDate('2026-11-27', '2027-01-31', saturdayAfternoon)).toBe('2026-11-30');
  });

  it('re-judges a day a screen holds once its cut-off has passed, in the server’s words', () => {
    const zone = 'America/New_York';
    const cutoff = at('2026-11-24T14:00', zone);
    const day = calendarDay('2026-11-25', ctx(bakerySchedule(1, '14:00'), at('2026-11-24T09:00', zone), zone));
    expect(calendarDayAt(day, cutoff.getTime() - 1, zone)).toBe(day);
    expect(calendarDayAt(day, cutoff.getTime(), zone)).toEqual({
      ...day,
      orderable: false,
      reason: 'cutoff_passed',
      message: calendarDay('2026-11-25', ctx(bakerySchedule(1, '14:00'), cutoff, zone)).message,
    });
    expect(calendarDayAt(day, cutoff.getTime(), zone).message).toBe('Orders for Wednesday 25 November closed at 2:00 PM on Tuesday 24 November.');
  });

  it('a closure over a weekend blocks its dates whatever the weekday rule, with its message', () => {
    const zone = 'Europe/London';
    const schedule = bakerySchedule(1, '14:00');
    const closures = [{ id: 'c1', from: '2026-12-25', to: '2026-12-28', message: 'Closed for Christmas' }];
    const context = ctx(schedule, at('2026-12-20T09:00', zone), zone, closures);
    const days = deliveryCalendar('2026-12-24', '2026-12-29', context);
    expect(days.map((d) => [d.date, d.orderable, d.reason])).toEqual([
      ['2026-12-24', true, null],
      ['2026-12-25', false, 'closure'],
      ['2026-12-26', false, 'closure'],
      ['2026-12-27', false, 'closure'], // a Sunday: the closure is the reason shown
      ['2026-12-28', false, 'closure'],
      ['2026-12-29', true, null],
    ]);
    expect(days[1]).toMatchObject({ message: 'Closed for Christmas', cutoffAt: null, slots: [] });
    expect(orderDateRefusal('2026-12-26', context, [], '2026-12-20', '2027-03-01')).toBe(
      'Closed for Christmas. The next delivery you can order is Monday 21 December.',
    );
    expect(nextOrderableDate('2026-12-25', '2027-03-01', context)).toBe('2026-12-29');
  });

  it('a product’s lead time blocks a date other products can still be ordered for', () => {
    const zone = 'America/New_York';
    const schedule = bakerySchedule(1, '14:00');
    // Monday 23 November 10:00: Wednesday's cut-off is Tuesday 14:00; a cake with 2 days' notice closed Sunday 14:00
    const context = ctx(schedule, at('2026-11-23T10:00', zone), zone);
    const cake = { name: 'Celebration Cake', leadDays: 2 };
    expect(calendarDay('2026-11-25', context).orderable).toBe(true);
    const withCake = calendarDay('2026-11-25', context, [cake]);
    expect(withCake).toMatchObject({ orderable: false, reason: 'lead_time', cutoffAt: at('2026-11-22T14:00', zone).toISOString() });
    expect(withCake.message).toBe('Celebration Cake must be ordered 2 days ahead: orders with it for Wednesday 25 November closed at 2:00 PM on Sunday 22 November.');
    // Friday 27: cut-off Thursday 14:00, with the cake Tuesday 14:00: still open, and cutoffAt is the cake's
    expect(calendarDay('2026-11-27', context, [cake])).toMatchObject({ orderable: true, cutoffAt: at('2026-11-24T14:00', zone).toISOString() });
    expect(orderDateRefusal('2026-11-25', context, [cake], '2026-11-23', '2027-01-31')).toMatch(/The next delivery you can order is Thursday 26 November\.$/);
    // the product needing the most notice decides
    expect(calendarDay('2026-11-27', context, [cake, { name: 'Wedding Tier', leadDays: 5 }])).toMatchObject({ reason: 'lead_time' });
  });

  it('the default schedule is the spec’s rule: every date from today on, until its end, the three slots', () => {
    const zone = 'Pacific/Kiritimati';
    const now = at('2026-11-24T23:59:59', zone);
    const context = ctx(DEFAULT_DELIVERY_SCHEDULE, now, zone);
    expect(calendarDay('2026-11-24', context)).toMatchObject({ orderable: true, slots: [...DELIVERY_TIME_SLOTS] });
    expect(calendarDay('2026-11-23', context).orderable).toBe(false);
    expect(deliveryCalendar('2026-11-24', '2026-12-24', context).every((d) => d.orderable)).toBe(true);
    expect(calendarDay('2026-11-24', ctx(DEFAULT_DELIVERY_SCHEDULE, at('2026-11-25T00:00', zone), zone)).orderable).toBe(false);
  });

  it('offers each day only its own slots', () => {
    const schedule = bakerySchedule(0, '24:00');
    schedule.weekdays[5] = { ...schedule.weekdays[5], slots: ['8:00 AM - 10:00 AM'] }; // Saturday
    const context = ctx(schedule, at('2026-11-23T08:00', 'UTC'), 'UTC');
    expect(slotsOn('2026-11-28', context)).toEqual(['8:00 AM - 10:00 AM']);
    expect(slotsOn('2026-11-27', context)).toEqual([...DELIVERY_TIME_SLOTS]);
    expect(slotsOn('2026-11-29', context)).toEqual([]); // Sunday
  });

  it('an order can be changed until its date’s cut-off; without a date, no limit', () => {
    const schedule = bakerySchedule(1, '14:00');
    expect(changeableUntil('2026-11-25', schedule, 'America/New_York')?.toISOString()).toBe('2026-11-24T19:00:00.000Z');
    expect(changeableUntil(null, schedule, 'America/New_York')).toBeNull();
  });

  it('refuses a schedule without all seven days, with repeated slots, or a delivery day without slots', () => {
    expect(scheduleProblems(DEFAULT_DELIVERY_SCHEDULE)).toEqual({});
    const six = { ...DEFAULT_DELIVERY_SCHEDULE, weekdays: DEFAULT_DELIVERY_SCHEDULE.weekdays.slice(0, 6) };
    expect(Object.keys(scheduleProblems(six))).toEqual(['weekdays']);
    const twice = bakerySchedule();
    twice.weekdays[6] = { ...twice.weekdays[6], weekday: 1 };
    expect(Object.keys(scheduleProblems(twice))).toEqual(['weekdays']);
    const repeated = bakerySchedule();
    repeated.weekdays[2] = { ...repeated.weekdays[2], slots: ['6:00 AM - 8:00 AM', '6:00 AM - 8:00 AM'] };
    expect(scheduleProblems(repeated)).toEqual({ 'weekdays.2.slots': ['Each slot may be listed once'] });
    const empty = bakerySchedule();
    empty.weekdays[0] = { ...empty.weekdays[0], slots: [] };
    expect(scheduleProblems(empty)).toEqual({ 'weekdays.0.slots': ['A delivery day needs at least one slot'] });
  });
});

describe('cut-off reminders (issue 20)', () => {
  const zone = 'Europe/London';
  const london = (iso: string) => at(iso, zone);
  const remind = (now: string, lead = 120, closures: ScheduleContext['closures'] = []) =>
    reminderDelivery('2026-12-01', '2026-12-31', lead, ctx(bakerySchedule(), london(now), zone, closures));

  it('names the next delivery that can be ordered once its cut-off is within the lead time, until the cut-off', () => {
    // Tuesday 1 December: Wednesday's orders close at 2 PM
    expect(remind('2026-12-01T11:59')).toBeNull();
    expect(remind('2026-12-01T12:00')).toEqual({ date: '2026-12-02', cutoffAt: london('2026-12-01T14:00') });
    expect(remind('2026-12-01T13:59')?.date).toBe('2026-12-02');
    // at the cut-off Wednesday closes; Thursday's cut-off is a day away
    expect(remind('2026-12-01T14:00')).toBeNull();
    expect(remind('2026-12-01T14:00', 24 * 60)?.date).toBe('2026-12-03');
  });

  it('passes over a closed day to the next delivery', () => {
    const closed = [{ id: 'c', from: '2026-12-02', to: '2026-12-02', message: 'Closed' }];
    expect(remind('2026-12-01T12:30', 120, closed)).toBeNull();
    expect(remind('2026-12-02T12:30', 120, closed)).toEqual({ date: '2026-12-03', cutoffAt: london('2026-12-02T14:00') });
  });
});
