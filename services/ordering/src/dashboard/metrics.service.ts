import { Inject, Injectable } from '@nestjs/common';
import { Caller, DashboardMetrics } from '@bakery/contracts';
import { DataSource } from 'typeorm';
import { dashboardSpan } from '../domain/dashboard-span';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';

/**
 * The dashboard's figures, read from the aggregates the orders keep up to date (migration
 * OrderListIndexesAndStats), never from the orders themselves: the cost does not grow with the
 * history. Admins see the whole business; a customer only their own orders (revenue is then what
 * they spent). Revenue excludes cancelled orders. Days and months are the bakery's
 * (BAKERY_TIMEZONE): this month starts at its first day there; active customers are those with
 * an order placed in the last 30 days there, today included.
 */
@Injectable()
export class MetricsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(ORDERING_CONFIG) private readonly config: Pick<OrderingConfig, 'timeZone'>,
  ) {}

  async metrics(caller: Caller, now: Date = new Date()): Promise<DashboardMetrics> {
    const span = dashboardSpan(now, this.config.timeZone);
    const params: unknown[] = [span.from, span.activeFrom, span.thisMonth, span.lastMonth];
    // the days as parameters, so only the daily rows of the span are read (an index range)
    const mine = caller.role === 'admin' ? '' : `AND customer_id = $${params.push(caller.userId)}`;
    const [row] = await this.dataSource.query(
      `WITH totals AS (
              SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(revenue), 0) AS revenue, coalesce(sum(pending), 0)::int AS pending
                FROM order_stats_customer WHERE true ${mine}),
            recent AS (
              SELECT customer_id, day, orders, revenue FROM order_stats_daily WHERE day >= $1::date AND orders > 0 ${mine})
       SELECT
         totals.orders AS "totalOrders",
         totals.revenue::numeric(14,2)::text AS revenue,
         totals.pending AS "pendingOrders",
         (SELECT count(DISTINCT customer_id)::int FROM recent WHERE day >= $2::date) AS "activeCustomers",
         (SELECT coalesce(sum(orders), 0)::int FROM recent WHERE day >= $3::date) AS "ordersThisMonth",
         (SELECT coalesce(sum(orders), 0)::int FROM recent WHERE day >= $4::date AND day < $3::date) AS "ordersLastMonth",
         (SELECT coalesce(sum(revenue), 0)::numeric(14,2)::text FROM recent WHERE day >= $3::date) AS "revenueThisMonth",
         (SELECT coalesce(sum(revenue), 0)::numeric(14,2)::text FROM recent WHERE day >= $4::date AND day < $3::date) AS "revenueLastMonth",
         (SELECT count(DISTINCT customer_id)::int FROM recent WHERE day >= $3::date) AS "activeCustomersThisMonth",
         (SELECT count(DISTINCT customer_id)::int FROM recent WHERE day >= $4::date AND day < $3::date) AS "activeCustomersLastMonth"
       FROM totals`,
      params,
    );
    return {
      totalOrders: row.totalOrders,
      revenue: row.revenue,
      activeCustomers: row.activeCustomers,
      pendingOrders: row.pendingOrders,
      trends: {
        ordersThisMonth: row.ordersThisMonth,
        ordersLastMonth: row.ordersLastMonth,
        revenueThisMonth: row.revenueThisMonth,
        revenueLastMonth: row.revenueLastMonth,
        activeCustomersThisMonth: row.activeCustomersThisMonth,
        activeCustomersLastMonth: row.activeCustomersLastMonth,
      },
    };
  }
}
