import { DateTime } from 'luxon';
import { DELIVERY_TIME_SLOTS } from './constants';
import { DEFAULT_DELIVERY_SCHEDULE, type DeliverySchedule, type ScheduleContext, WEEKDAYS } from './delivery-rules';
import {
  deliveryChangeable,
  dueOccurrences,
  isPausedOn,
  occurrenceOn,
  occurrencesBetween,
  pinnedDeliveries,
  plannedLines,
  previewDates,
  raisedWithinNotice,
  type StandingOrderTerms,
} from './standing-order-rules';

const ZONE = 'Europe/London';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

/** Monday–Saturday, lead 1, 14:00; Sunday closed. */
const BAKERY: DeliverySchedule = {
  ...DEFAULT_DELIVERY_SCHEDULE,
  weekdays: WEEKDAYS.map((weekday) => ({ weekday, delivers: weekday !== 7, leadDays: 1, cutoffTime: '14:00', slots: [...DELIVERY_TIME_SLOTS] })),
};

function ctx(now: Date, closures: ScheduleContext['closures'] = [], schedule = BAKERY): ScheduleContext {
  return { schedule, closures, timeZone: ZONE, now };
}

/** A café: 20 baguettes Monday to Friday, 30 on Saturday; 5 croissants on Wednesdays. */
function cafe(over: Partial<StandingOrderTerms> = {}): StandingOrderTerms {
  return {
    startDate: '2026-11-30', // a Monday
    endDate: null,
    everyWeeks: 1,
    lines: [
      { productId: 'baguette', quantities: [20, 20, 20, 20, 20, 30, 0] },
      { productId: 'croissant', quantities: [0, 0, 5, 0, 0, 0, 0] },
    ],
    paused: false,
    pausedUntil: null,
    ...over,
  };
}

const dates = (list: { date: string }[]) => list.map((o) => o.date);

describe('standing order occurrences', () => {
  const monday = ctx(at('2026-11-30T08:00'));

  it('delivers each weekday its own quantities, from the start date, not on days with nothing', () => {
    expect(plannedLines(cafe(), '2026-12-02')).toEqual([
      { productId: 'baguette', quantity: 20 },
      { productId: 'croissant', quantity: 5 },
    ]);
    expect(plannedLines(cafe(), '2026-12-05')).toEqual([{ productId: 'baguette', quantity: 30 }]);
    expect(plannedLines(cafe(), '2026-12-06')).toEqual([]); // Sunday: nothing asked
    expect(plannedLines(cafe(), '2026-11-29')).toEqual([]); // before the start
    expect(dates(occurrencesBetween(cafe(), [], '2026-11-30', '2026-12-06', monday))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
  });

  it('repeats every 2, 3 or 4 weeks counted from the week of the start date, until the end date', () => {
    const fortnightly = cafe({ startDate: '2026-12-02', everyWeeks: 2, endDate: '2027-01-06' }); // starts a Wednesday
    const found = dates(occurrencesBetween(fortnightly, [], '2026-11-30', '2027-01-31', monday));
    // weeks of 30 Nov, 14 Dec, 28 Dec (not before the Wednesday start), ending 6 January
    expect(found.filter((d) => d < '2026-12-07')).toEqual(['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(found).toContain('2026-12-14');
    expect(found).not.toContain('2026-12-07');
    expect(found).toContain('2026-12-28');
    expect(found).not.toContain('2027-01-11');
    expect(found[found.length - 1]).toBe('2027-01-02');
    for (const every of [3, 4]) {
      const mondays = dates(occurrencesBetween(cafe({ everyWeeks: every }), [], '2026-11-30', '2027-02-28', monday)).filter(
        (d) => DateTime.fromISO(d).weekday === 1,
      );
      const gaps = mondays.slice(1).map((d, i) => DateTime.fromISO(d).diff(DateTime.fromISO(mondays[i]), 'days').days);
      expect(new Set(gaps)).toEqual(new Set([every * 7]));
    }
  });

  it('has no delivery on a closure or a day without deliveries, whatever the standing order asks', () => {
    const everyDay = cafe({ lines: [{ productId: 'baguette', quantities: [1, 1, 1, 1, 1, 1, 1] }] });
    const closures = [{ id: 'x', from: '2026-12-24', to: '2026-12-26', message: 'Closed for Christmas' }];
    const found = dates(occurrencesBetween(everyDay, [], '2026-12-21', '2026-12-28', ctx(at('2026-12-01T08:00'), closures)));
    expect(found).toEqual(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-28']); // 27th is a Sunday
  });

  it('honours a pause until a date (that date delivers again) and a pause until resumed', () => {
    const until = cafe({ paused: true, pausedUntil: '2026-12-03' });
    expect(isPausedOn(until, '2026-12-02')).toBe(true);
    expect(isPausedOn(until, '2026-12-03')).toBe(false);
    expect(dates(occurrencesBetween(until, [], '2026-11-30', '2026-12-04', monday))).toEqual(['2026-12-03', '2026-12-04']);
    expect(occurrencesBetween(cafe({ paused: true, pausedUntil: null }), [], '2026-11-30', '2027-06-30', monday)).toEqual([]);
  });

  it('a skipped date stays an occurrence marked skipped and is never due; a date’s own quantities replace its plan', () => {
    const exceptions = [
      { date: '2026-12-02', skip: true, lines: null },
      { date: '2026-12-03', skip: false, lines: [{ productId: 'baguette', quantity: 40 }, { productId: 'rye', quantity: 2 }, { productId: 'croissant', quantity: 0 }] },
      { date: '2026-12-04', skip: false, lines: [{ productId: 'baguette', quantity: 0 }] },
    ];
    const now = ctx(at('2026-12-04T09:00'));
    expect(occurrenceOn(cafe(), exceptions, '2026-12-02', now)).toMatchObject({ skipped: true });
    expect(occurrenceOn(cafe(), exceptions, '2026-12-03', now)?.lines).toEqual([
      { productId: 'baguette', quantity: 40 },
      { productId: 'rye', quantity: 2 },
    ]);
    expect(occurrenceOn(cafe(), exceptions, '2026-12-04', now)).toBeNull(); // all zero: no delivery
    const due = dueOccurrences(cafe(), exceptions, '2026-12-02', 15, now);
    expect(dates(due)).toEqual(['2026-12-03']); // 2nd skipped, 4th empty, 5th's cut-off (Friday 14:00) not yet
  });

  it('is due once its cut-off has passed, exactly at it, until its own date (missed dates are made late, not after)', () => {
    const cutoff = at('2026-12-01T14:00'); // Tuesday 14:00 closes Wednesday
    // Tuesday's own delivery closed on Monday: due; Wednesday's one second before its cut-off: not yet
    expect(dates(dueOccurrences(cafe(), [], '2026-12-01', 15, ctx(new Date(cutoff.getTime() - 1000))))).toEqual(['2026-12-01']);
    expect(dates(dueOccurrences(cafe(), [], '2026-12-01', 15, ctx(cutoff)))).toEqual(['2026-12-01', '2026-12-02']);
    // ordering was down from Tuesday to Thursday morning: Thursday is still made, Wednesday has passed
    expect(dates(dueOccurrences(cafe(), [], '2026-12-03', 15, ctx(at('2026-12-03T09:00'))))).toEqual(['2026-12-03']);
    const occurrence = occurrenceOn(cafe(), [], '2026-12-02', ctx(cutoff))!;
    expect(occurrence.cutoffAt).toEqual(cutoff);
    expect(deliveryChangeable(occurrence, new Date(cutoff.getTime() - 1))).toBe(true);
    expect(deliveryChangeable(occurrence, cutoff)).toBe(false);
  });
});

describe('standing-order previews (issue 20)', () => {
  const ahead = 10;
  it('previews a delivery from `previewDays` before its cut-off until the cut-off', () => {
    // Thursday 3 December's cut-off is Wednesday 2 PM: previews from Monday 2 PM
    const dates = (now: string, days = 2) => previewDates('2026-11-30', ahead, days, ctx(at(now))).map((d) => d.date);
    expect(dates('2026-11-30T13:59')).not.toContain('2026-12-03');
    expect(dates('2026-11-30T14:00')).toContain('2026-12-03');
    expect(dates('2026-12-02T13:59')).toContain('2026-12-03');
    expect(dates('2026-12-02T14:00')).not.toContain('2026-12-03');
    // on Monday 2 PM Tuesday's orders have just closed, Wednesday's and Thursday's cut-offs are within 2 days, Friday's not yet
    expect(dates('2026-11-30T14:00')).toEqual(['2026-12-02', '2026-12-03']);
    expect(dates('2026-11-30T14:00', 0)).toEqual([]);
  });

  it('skips days without deliveries and closures, and counts calendar days across a clock change', () => {
    const closed = [{ id: 'c', from: '2026-12-02', to: '2026-12-02', message: 'Closed' }];
    expect(previewDates('2026-11-30', ahead, 2, ctx(at('2026-11-30T13:00'), closed)).map((d) => d.date)).toEqual(['2026-12-01']);
    expect(previewDates('2026-11-30', ahead, 2, ctx(at('2026-11-30T14:00'), closed)).map((d) => d.date)).toEqual(['2026-12-03']);
    // Sunday 6 December has no deliveries: never previewed, while Monday's is
    expect(previewDates('2026-12-04', ahead, 3, ctx(at('2026-12-04T14:00'))).map((d) => d.date)).toEqual(['2026-12-07', '2026-12-08']);
    // clocks go back on 25 October 2026: Tuesday 27 October's cut-off (Monday 2 PM GMT) is previewed from Saturday 2 PM BST
    expect(previewDates('2026-10-24', ahead, 2, ctx(at('2026-10-24T13:59'))).map((d) => d.date)).not.toContain('2026-10-27');
    expect(previewDates('2026-10-24', ahead, 2, ctx(at('2026-10-24T14:00'))).map((d) => d.date)).toContain('2026-10-27');
  });
});

describe('lead times and cut-offs on a standing order (issue 16 applied to issue 17)', () => {
  // a celebration cake needs 2 days' notice on top of the weekday's rule (lead 1, 14:00)
  const products = new Map([
    ['cake', { name: 'Celebration Cake', leadDays: 2 }],
    ['baguette', { name: 'Baguette', leadDays: 0 }],
    ['croissant', { name: 'Croissant', leadDays: 0 }],
  ]);
  const productOf = (id: string) => products.get(id);
  /** The café's standing order with 25 baguettes Monday to Friday and a cake on Wednesday, Thursday and Friday. */
  const changed = cafe({
    lines: [
      { productId: 'baguette', quantities: [25, 25, 25, 25, 25, 30, 0] },
      { productId: 'croissant', quantities: [0, 0, 5, 0, 0, 0, 0] },
      { productId: 'cake', quantities: [0, 0, 1, 1, 1, 0, 0] },
    ],
  });
  const names = (list: { productId: string }[]) => list.map((p) => p.productId);

  it('finds a raised product once its notice began: the date’s cut-off moved earlier by its lead days, exactly at it', () => {
    // Thursday 3 December: cut-off Wednesday 2 PM, the cake's notice from Monday 30 November 2 PM
    const thursday = '2026-12-03';
    expect(raisedWithinNotice([], [{ productId: 'cake', quantity: 1 }], thursday, ctx(at('2026-11-30T13:59')), productOf)).toEqual([]);
    expect(raisedWithinNotice([], [{ productId: 'cake', quantity: 1 }], thursday, ctx(at('2026-11-30T14:00')), productOf)).toEqual([
      { productId: 'cake', name: 'Celebration Cake', leadDays: 2 },
    ]);
    const monday3pm = ctx(at('2026-11-30T15:00'));
    // lowering, keeping, a product without a lead time, or one catalog does not know: never
    expect(raisedWithinNotice([{ productId: 'cake', quantity: 2 }], [{ productId: 'cake', quantity: 1 }], thursday, monday3pm, productOf)).toEqual([]);
    expect(raisedWithinNotice([{ productId: 'cake', quantity: 1 }], [{ productId: 'cake', quantity: 1 }], thursday, monday3pm, productOf)).toEqual([]);
    expect(raisedWithinNotice([], [{ productId: 'baguette', quantity: 99 }, { productId: 'gone', quantity: 1 }], thursday, monday3pm, productOf)).toEqual([]);
    // from 1 to 2 is raised too; Friday's notice begins on Tuesday
    expect(names(raisedWithinNotice([{ productId: 'cake', quantity: 1 }], [{ productId: 'cake', quantity: 2 }], thursday, monday3pm, productOf))).toEqual(['cake']);
    expect(raisedWithinNotice([], [{ productId: 'cake', quantity: 1 }], '2026-12-04', monday3pm, productOf)).toEqual([]);
  });

  it('keeps what a date had once its cut-off passed, and a raised product inside its notice; the rest follows the new terms', () => {
    const monday3pm = ctx(at('2026-11-30T15:00'));
    const { pins, lifted } = pinnedDeliveries(cafe(), changed, [], '2026-11-30', '2026-12-12', monday3pm, productOf);
    expect(pins).toEqual([
      // Monday's and Tuesday's cut-offs have passed: as they were
      { date: '2026-11-30', skip: false, lines: [{ productId: 'baguette', quantity: 20 }], pinned: true },
      { date: '2026-12-01', skip: false, lines: [{ productId: 'baguette', quantity: 20 }], pinned: true },
      // Wednesday and Thursday: more baguettes, but no cake (its notice began on Sunday and on Monday at 2 PM)
      { date: '2026-12-02', skip: false, lines: [{ productId: 'baguette', quantity: 25 }, { productId: 'croissant', quantity: 5 }], pinned: true },
      { date: '2026-12-03', skip: false, lines: [{ productId: 'baguette', quantity: 25 }], pinned: true },
    ]);
    expect(lifted).toEqual([]);
    // Friday and the next week take the new terms whole; the pinned dates read as written
    const upcoming = occurrencesBetween(changed, pins, '2026-11-30', '2026-12-12', monday3pm);
    expect(upcoming.find((o) => o.date === '2026-12-04')?.lines).toEqual([
      { productId: 'baguette', quantity: 25 },
      { productId: 'cake', quantity: 1 },
    ]);
    expect(upcoming.find((o) => o.date === '2026-12-09')?.lines).toContainEqual({ productId: 'cake', quantity: 1 });
    expect(upcoming.find((o) => o.date === '2026-12-01')?.lines).toEqual([{ productId: 'baguette', quantity: 20 }]);
  });

  it('pins nothing the new terms leave as they were, nor a date with a change of its own', () => {
    const monday3pm = ctx(at('2026-11-30T15:00'));
    expect(pinnedDeliveries(cafe(), cafe(), [], '2026-11-30', '2026-12-12', monday3pm, productOf)).toEqual({ pins: [], lifted: [] });
    const own = [
      { date: '2026-11-30', skip: true, lines: null },
      { date: '2026-12-01', skip: false, lines: [{ productId: 'baguette', quantity: 3 }] },
    ];
    expect(pinnedDeliveries(cafe(), changed, own, '2026-11-30', '2026-12-12', monday3pm, productOf).pins.map((p) => p.date)).toEqual(['2026-12-02', '2026-12-03']);
    // a date brought back after a skip (no quantities of its own) follows the terms, so it is pinned
    expect(pinnedDeliveries(cafe(), changed, [{ date: '2026-11-30', skip: false, lines: null }], '2026-11-30', '2026-11-30', monday3pm, productOf).pins).toHaveLength(1);
    // a pinned date the customer then skipped is the customer's: left alone
    expect(pinnedDeliveries(cafe(), changed, [{ date: '2026-11-30', skip: true, lines: [], pinned: true }], '2026-11-30', '2026-11-30', monday3pm, productOf)).toEqual({ pins: [], lifted: [] });
  });

  it('gives a new standing order no delivery on a date past its cut-off, and no product inside its notice', () => {
    const monday3pm = ctx(at('2026-11-30T15:00'));
    const { pins } = pinnedDeliveries(null, changed, [], '2026-11-30', '2026-12-12', monday3pm, productOf);
    expect(pins.map((p) => [p.date, names(p.lines!)])).toEqual([
      ['2026-11-30', []],
      ['2026-12-01', []],
      ['2026-12-02', ['baguette', 'croissant']],
      ['2026-12-03', ['baguette']],
    ]);
    expect(dates(occurrencesBetween(changed, pins, '2026-11-30', '2026-12-03', monday3pm))).toEqual(['2026-12-02', '2026-12-03']);
    expect(dueOccurrences(changed, pins, '2026-11-30', 15, monday3pm)).toEqual([]);
    // a pause ended late is the same: the dates it covered past their cut-off stay without a delivery
    const resumed = pinnedDeliveries(cafe({ paused: true }), cafe(), [], '2026-11-30', '2026-12-12', monday3pm, productOf);
    expect(resumed.pins.map((p) => [p.date, p.lines])).toEqual([
      ['2026-11-30', []],
      ['2026-12-01', []],
    ]);
  });

  it('moves its own pins with the next change of the terms, and lifts those the new terms no longer need', () => {
    const monday3pm = ctx(at('2026-11-30T15:00'));
    const made = pinnedDeliveries(null, changed, [], '2026-11-30', '2026-12-12', monday3pm, productOf).pins;
    // five minutes later, 30 baguettes every weekday: Wednesday's and Thursday's baguettes follow
    // (no notice for them until Tuesday's cut-off); the cake stays out; Monday and Tuesday deliver nothing still
    const more = cafe({ lines: changed.lines.map((l) => (l.productId === 'baguette' ? { ...l, quantities: [30, 30, 30, 30, 30, 30, 0] } : l)) });
    const later = ctx(at('2026-11-30T15:05'));
    const moved = pinnedDeliveries(changed, more, made, '2026-11-30', '2026-12-12', later, productOf);
    expect(moved.pins.map((p) => [p.date, p.lines])).toEqual([
      ['2026-11-30', []],
      ['2026-12-01', []],
      ['2026-12-02', [{ productId: 'baguette', quantity: 30 }, { productId: 'croissant', quantity: 5 }]],
      ['2026-12-03', [{ productId: 'baguette', quantity: 30 }]],
    ]);
    expect(moved.lifted).toEqual([]);
    // without the cake, Wednesday's and Thursday's pins are needless
    const noCake = cafe({ lines: more.lines.filter((l) => l.productId !== 'cake') });
    const lifted = pinnedDeliveries(more, noCake, moved.pins, '2026-11-30', '2026-12-12', later, productOf);
    expect(lifted).toEqual({ pins: moved.pins.slice(0, 2), lifted: ['2026-12-02', '2026-12-03'] });
  });
});
