import type { StandingOrder, UpcomingDelivery } from '@contracts/standing-orders';
import { calendarWeeks, changedForDate, deliveryState, linesText, weekTitle } from './upcoming';

// Wednesday 25 November 2026
const TODAY = '2026-11-25';
const delivery = (standingOrderId: string, date: string, over: Partial<UpcomingDelivery> = {}): UpcomingDelivery => ({
  standingOrderId,
  date,
  cutoffAt: `${date}T00:00:00.000Z`,
  skipped: false,
  lines: [{ productId: 'p-baguette', quantity: 20 }],
  ...over,
});

describe('the calendar of coming deliveries', () => {
  it('groups the dates by week from this week on, the standing orders of a date together, a week without any empty', () => {
    const weeks = calendarWeeks(
      [delivery('b', '2026-11-27'), delivery('a', '2026-11-26'), delivery('a', '2026-11-27'), delivery('a', '2026-12-21')],
      TODAY,
      4,
    );
    // 25 Nov + 27 days = 22 Dec: the weeks of 23 Nov, 30 Nov, 7 Dec, 14 Dec and 21 Dec
    expect(weeks.map((w) => w.monday)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21']);
    expect(weeks[0].dates.map((d) => [d.date, d.deliveries.map((x) => x.standingOrderId).join('')])).toEqual([
      ['2026-11-26', 'a'],
      ['2026-11-27', 'ba'],
    ]);
    expect(weeks[1].dates).toEqual([]);
    expect(weeks[4].dates.map((d) => d.date)).toEqual(['2026-12-21']);
  });

  it('titles the weeks', () => {
    const short = (d: string) => `<${d}>`;
    expect(weekTitle('2026-11-23', TODAY, short)).toBe('This week');
    expect(weekTitle('2026-11-30', TODAY, short)).toBe('Next week');
    expect(weekTitle('2026-12-07', TODAY, short)).toBe('Week of <2026-12-07>');
  });

  it('opens a date to changes until its cut-off, by the clock given', () => {
    const d = delivery('a', '2026-11-27', { cutoffAt: '2026-11-26T19:00:00.000Z' });
    const cutoff = Date.parse(d.cutoffAt);
    expect(deliveryState(d, cutoff - 1)).toBe('open');
    expect(deliveryState(d, cutoff)).toBe('closed');
    expect(deliveryState({ ...d, skipped: true }, cutoff - 1)).toBe('skipped');
    expect(deliveryState({ ...d, skipped: true }, cutoff)).toBe('skipped-closed');
  });

  it('tells a date changed for itself from one as the weekday plan has it', () => {
    const so: Pick<StandingOrder, 'startDate' | 'endDate' | 'everyWeeks' | 'lines'> = {
      startDate: '2026-11-23',
      endDate: null,
      everyWeeks: 1,
      lines: [
        { productId: 'p-baguette', quantities: [20, 20, 20, 20, 20, 30, 0] },
        { productId: 'p-croissant', quantities: [0, 0, 0, 0, 12, 0, 0] },
      ],
    };
    // Thursday 26 November: 20 baguettes
    expect(changedForDate(delivery('a', '2026-11-26'), so)).toBe(false);
    expect(changedForDate(delivery('a', '2026-11-26', { lines: [{ productId: 'p-baguette', quantity: 25 }] }), so)).toBe(true);
    // Friday 27: baguettes and croissants; one left out is a change
    expect(changedForDate(delivery('a', '2026-11-27'), so)).toBe(true);
    expect(changedForDate(delivery('a', '2026-11-27', { lines: [{ productId: 'p-baguette', quantity: 20 }, { productId: 'p-croissant', quantity: 12 }] }), so)).toBe(false);
  });

  it('writes a date’s quantities', () => {
    expect(linesText([{ productId: 'a', quantity: 20 }, { productId: 'b', quantity: 5 }], (id) => (id === 'a' ? 'Baguette' : 'Croissant'))).toBe('20 × Baguette, 5 × Croissant');
  });
});
