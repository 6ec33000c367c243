import { CalendarOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { Fragment } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { shortDate } from '@/lib/bakery-time';
import { useProductionWeek } from '../api/production';
import { groupByCategory } from '../production';

/**
 * The coming days side by side: products as rows, dates as columns (placed and projected units),
 * as bakeries plan ahead. The table scrolls inside its box on a narrow screen; a date opens its bake list.
 */
export function WeekTab({ from, days, onOpenDate }: { from: string; days: number; onOpenDate: (date: string) => void }) {
  const week = useProductionWeek(from, days);
  if (week.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (week.isError || !week.data) return <LoadError icon={<CalendarOutlined />} title="The week could not be loaded" query={week} />;
  const { dates, products } = week.data;
  const last = dates[dates.length - 1] ?? from;
  if (products.length === 0) {
    return <EmptyState icon={<CalendarOutlined />} title="Nothing to bake this week" hint={`No orders or standing orders from ${shortDate(from)} to ${shortDate(last)} yet.`} />;
  }
  const dayTotals = dates.map((_, i) => products.reduce((sum, p) => sum + (p.quantities[i] ?? 0), 0));
  const caption = `Units per product from ${shortDate(from)} to ${shortDate(last)}, ordered and projected`;
  return (
    <div className="production-week">
      <p className="production-summary muted">{caption}.</p>
      {/* focusable: the keyboard scrolls it on a narrow screen */}
      <div className="week-scroll" role="region" aria-label="Week ahead" tabIndex={0}>
        <table className="production-table week-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="week-product">
                Product
              </th>
              {dates.map((date) => (
                <th key={date} scope="col" className="num">
                  <Button type="link" size="small" className="week-date" onClick={() => onOpenDate(date)} aria-label={`Bake list for ${shortDate(date)}`}>
                    {shortDate(date)}
                  </Button>
                </th>
              ))}
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {groupByCategory(products).map((group) => (
              <Fragment key={group.category}>
                <tr className="week-category">
                  <th scope="colgroup" colSpan={dates.length + 2}>
                    {group.label}
                  </th>
                </tr>
                {group.rows.map((p) => (
                  <tr key={p.productId} aria-label={p.name}>
                    <th scope="row" className="week-product production-wrap">
                      {p.name}
                    </th>
                    {dates.map((date, i) => (
                      <td key={date} className={p.quantities[i] ? 'num' : 'num muted'}>
                        {p.quantities[i] || '–'}
                      </td>
                    ))}
                    <td className="num week-total">{p.quantities.reduce((sum, q) => sum + q, 0)}</td>
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="week-product">
                All products
              </th>
              {dayTotals.map((total, i) => (
                <td key={dates[i]} className="num">
                  {total}
                </td>
              ))}
              <td className="num week-total">{dayTotals.reduce((sum, t) => sum + t, 0)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
