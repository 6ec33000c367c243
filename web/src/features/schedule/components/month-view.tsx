import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { addDays } from '@contracts/calendar';
import { weekdayOf } from '@contracts/delivery-rules';

export interface DayMark {
  kind: 'closure' | 'no-delivery';
  /** what the day is, for the title and screen readers ("Closed for Christmas") */
  label: string;
}

const HEADS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** "2026-11" → "November 2026". */
export function monthTitle(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "2026-11" + 1 → "2026-12". */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month's weeks, Monday first; null pads the days of the months around it. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const days: (string | null)[] = Array.from({ length: weekdayOf(first) - 1 }, () => null);
  for (let date = first; date.startsWith(month); date = addDays(date, 1)) days.push(date);
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
}

/**
 * A month at a glance, read-only: closures and the weekdays without deliveries marked, each with
 * what it is as a title and for screen readers. Picking dates is the From and To fields' job (a
 * 44 px target per day would not fit a phone's width).
 */
export function MonthView({
  month,
  minMonth,
  today,
  markOf,
  onMonthChange,
}: {
  /** YYYY-MM */
  month: string;
  minMonth: string;
  today: string;
  markOf: (date: string) => DayMark | null;
  onMonthChange: (month: string) => void;
}) {
  const title = monthTitle(month);
  return (
    <div className="month-view">
      <div className="month-view-head">
        <Button type="text" icon={<LeftOutlined />} aria-label="Previous month" disabled={month <= minMonth} onClick={() => onMonthChange(addMonths(month, -1))} />
        <h3 className="month-view-title" aria-live="polite">
          {title}
        </h3>
        <Button type="text" icon={<RightOutlined />} aria-label="Next month" onClick={() => onMonthChange(addMonths(month, 1))} />
      </div>
      <table className="month-view-grid" aria-label={title}>
        <thead>
          <tr>
            {HEADS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week, i) => (
            <tr key={i}>
              {week.map((date, j) => {
                if (!date) return <td key={j} />;
                const mark = markOf(date);
                const classes = ['month-day', mark ? `month-day-${mark.kind}` : '', date < today ? 'month-day-past' : '', date === today ? 'month-day-today' : '']
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={date} className={classes} title={mark?.label} data-date={date}>
                    <span aria-hidden={mark ? true : undefined}>{Number(date.slice(8))}</span>
                    {mark && <span className="visually-hidden">{`${Number(date.slice(8))}: ${mark.label}`}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="month-view-legend" aria-hidden="true">
        <span>
          <i className="legend-swatch month-day-closure" /> Closure
        </span>
        <span>
          <i className="legend-swatch month-day-no-delivery" /> No deliveries
        </span>
      </div>
    </div>
  );
}
