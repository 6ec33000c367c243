import type { CalendarDay } from '@contracts/delivery-rules';
import { combineDeliveryDays } from './delivery-calendar';

const day = (date: string): CalendarDay => ({ date, orderable: true, cutoffAt: null, slots: [], reason: null, message: null });
const answered = (...dates: string[]) => ({ data: dates.map(day), isLoading: false, isError: false, isFetching: false });
const waiting = { data: undefined, isLoading: true, isError: false, isFetching: true };

describe('combineDeliveryDays', () => {
  it('joins the spans in order once all have answered', () => {
    const days = combineDeliveryDays([answered('2026-11-27', '2026-11-28'), answered('2027-01-28')]);
    expect(days.days.map((d) => d.date)).toEqual(['2026-11-27', '2026-11-28', '2027-01-28']);
    expect(days.isLoading).toBe(false);
  });

  it('leaves out a later span that answered before an earlier one: its dates are not the next ones', () => {
    const days = combineDeliveryDays([waiting, answered('2027-01-28', '2027-01-29')]);
    expect(days.days).toEqual([]);
    expect(days.isLoading).toBe(true);
    expect(combineDeliveryDays([answered('2026-11-27'), waiting, answered('2027-03-31')]).days.map((d) => d.date)).toEqual(['2026-11-27']);
  });
});
