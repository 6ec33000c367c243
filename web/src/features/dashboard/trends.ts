import { parseAmount } from '@/lib/money';

/**
 * This month against last month as the metric cards show it: '+12% from last month',
 * '-5% from last month', '0% from last month'; nothing last month → 'New this month' (or no change).
 */
export function trendText(thisMonth: number, lastMonth: number): string {
  if (lastMonth === 0) return thisMonth === 0 ? 'No change from last month' : 'New this month';
  const percent = Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
  return `${percent > 0 ? '+' : ''}${percent}% from last month`;
}

/** Revenue trend from the decimal strings, compared in whole cents. */
export function revenueTrendText(thisMonth: string, lastMonth: string): string {
  return trendText(parseAmount(thisMonth), parseAmount(lastMonth));
}

/** Up, down or flat, for the trend's colour. */
export function trendDirection(thisMonth: number, lastMonth: number): 'up' | 'down' | 'flat' {
  if (thisMonth > lastMonth) return 'up';
  if (thisMonth < lastMonth) return 'down';
  return 'flat';
}
