import { addDays, dateInTimeZone } from '@bakery/contracts';

/** The bakery's days the dashboard's figures are about (YYYY-MM-DD, in the bakery's time zone). */
export interface DashboardSpan {
  today: string;
  /** active customers: an order placed on this day or later (the last 30 days, today included) */
  activeFrom: string;
  thisMonth: string;
  lastMonth: string;
  /** the earliest of them: no daily row before it is read */
  from: string;
}

export function dashboardSpan(now: Date, timeZone: string): DashboardSpan {
  const today = dateInTimeZone(now, timeZone);
  const [year, month] = today.split('-').map(Number);
  const thisMonth = `${today.slice(0, 7)}-01`;
  const lastMonth = month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
  const activeFrom = addDays(today, -29);
  return { today, activeFrom, thisMonth, lastMonth, from: activeFrom < lastMonth ? activeFrom : lastMonth };
}
