import { dashboardSpan } from './dashboard-span';

describe('dashboardSpan: the bakery days behind the dashboard', () => {
  it('takes today, the months and the last 30 days in the bakery zone, not UTC', () => {
    // 2026-11-30 10:30 UTC is already December 1 in Kiritimati (UTC+14)
    expect(dashboardSpan(new Date('2026-11-30T10:30:00Z'), 'Pacific/Kiritimati')).toEqual({
      today: '2026-12-01',
      activeFrom: '2026-11-02',
      thisMonth: '2026-12-01',
      lastMonth: '2026-11-01',
      from: '2026-11-01',
    });
    expect(dashboardSpan(new Date('2026-11-30T10:30:00Z'), 'UTC').thisMonth).toBe('2026-11-01');
  });

  it('goes back into the previous year in January, and reads from the earlier of last month and 30 days ago', () => {
    expect(dashboardSpan(new Date('2027-01-05T12:00:00Z'), 'UTC')).toEqual({
      today: '2027-01-05',
      activeFrom: '2026-12-07',
      thisMonth: '2027-01-01',
      lastMonth: '2026-12-01',
      from: '2026-12-01',
    });
    // at the end of a 31-day month, 30 days ago is later than the first of last month
    expect(dashboardSpan(new Date('2026-03-31T12:00:00Z'), 'UTC').from).toBe('2026-02-01');
    // on March 1st, the 30 days reach back before February 1st
    expect(dashboardSpan(new Date('2026-03-01T12:00:00Z'), 'UTC').from).toBe('2026-01-31');
  });
});
