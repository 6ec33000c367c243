import { Injectable } from '@nestjs/common';
import { Caller, DashboardMetrics } from '@bakery/contracts';
import { DataSource } from 'typeorm';

/**
 * The dashboard's figures in one query. Admins see the whole business; a customer sees only
 * their own orders (revenue is then what they spent). Revenue excludes cancelled orders; active
 * customers are those with an order in the last 30 days (calendar months for the trends).
 */
@Injectable()
export class MetricsService {
  constructor(private readonly dataSource: DataSource) {}

  async metrics(caller: Caller): Promise<DashboardMetrics> {
    const scoped = caller.role === 'admin' ? '' : 'WHERE customer_id = $1';
    const params = caller.role === 'admin' ? [] : [caller.userId];
    const [row] = await this.dataSource.query(
      `WITH scoped AS (SELECT * FROM orders ${scoped}),
            months AS (SELECT date_trunc('month', now()) AS this_month, date_trunc('month', now()) - interval '1 month' AS last_month)
       SELECT
         (SELECT count(*)::int FROM scoped) AS "totalOrders",
         (SELECT coalesce(sum(total), 0)::numeric(12,2)::text FROM scoped WHERE status <> 'cancelled') AS revenue,
         (SELECT count(DISTINCT customer_id)::int FROM scoped WHERE created_at > now() - interval '30 days') AS "activeCustomers",
         (SELECT count(*)::int FROM scoped WHERE status = 'pending') AS "pendingOrders",
         (SELECT count(*)::int FROM scoped, months WHERE created_at >= this_month) AS "ordersThisMonth",
         (SELECT count(*)::int FROM scoped, months WHERE created_at >= last_month AND created_at < this_month) AS "ordersLastMonth",
         (SELECT coalesce(sum(total), 0)::numeric(12,2)::text FROM scoped, months
           WHERE status <> 'cancelled' AND created_at >= this_month) AS "revenueThisMonth",
         (SELECT coalesce(sum(total), 0)::numeric(12,2)::text FROM scoped, months
           WHERE status <> 'cancelled' AND created_at >= last_month AND created_at < this_month) AS "revenueLastMonth",
         (SELECT count(DISTINCT customer_id)::int FROM scoped, months WHERE created_at >= this_month) AS "activeCustomersThisMonth",
         (SELECT count(DISTINCT customer_id)::int FROM scoped, months
           WHERE created_at >= last_month AND created_at < this_month) AS "activeCustomersLastMonth"`,
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
