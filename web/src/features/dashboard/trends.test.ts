import { revenueTrendText, trendDirection, trendText } from './trends';

describe('dashboard trends', () => {
  it('compares this month with the last, rounded to whole percent', () => {
    expect(trendText(112, 100)).toBe('+12% from last month');
    expect(trendText(95, 100)).toBe('-5% from last month');
    expect(trendText(10, 10)).toBe('0% from last month');
    expect(trendText(2, 3)).toBe('-33% from last month');
  });
  it('has no percentage without anything last month', () => {
    expect(trendText(4, 0)).toBe('New this month');
    expect(trendText(0, 0)).toBe('No change from last month');
  });
  it('compares revenue in cents', () => {
    expect(revenueTrendText('118.00', '100.00')).toBe('+18% from last month');
    expect(revenueTrendText('0.00', '50.00')).toBe('-100% from last month');
  });
  it('knows the direction', () => {
    expect(trendDirection(2, 1)).toBe('up');
    expect(trendDirection(1, 2)).toBe('down');
    expect(trendDirection(1, 1)).toBe('flat');
  });
});
