import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';

/**
 * Keeps the dashboard's aggregates (`order_stats_customer`, `order_stats_daily`: see migration
 * OrderListIndexesAndStats) in the bakery's time zone. The trigger on `orders` files each order
 * under its day in `ordering_settings.time_zone`; when BAKERY_TIMEZONE differs from it (first
 * start, or the bakery moved), the daily rows are rebuilt from the orders, with writes of orders
 * held off meanwhile, so no order is filed under the old zone's day.
 */
@Injectable()
export class OrderStatsZone implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(ORDERING_CONFIG) private readonly config: OrderingConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.useTimeZone(this.config.timeZone);
  }

  /** Answers whether the daily rows had to be rebuilt. */
  async useTimeZone(timeZone: string): Promise<boolean> {
    const [current] = await this.dataSource.query(`SELECT time_zone FROM ordering_settings WHERE id = 1`);
    if (current?.time_zone === timeZone) return false;
    return this.dataSource.transaction(async (manager) => {
      // SHARE mode: no order is written or changes status while the rows are rebuilt (reads go on)
      await manager.query(`LOCK TABLE orders IN SHARE MODE`);
      const [locked] = await manager.query(`SELECT time_zone FROM ordering_settings WHERE id = 1 FOR UPDATE`);
      if (locked.time_zone === timeZone) return false; // another instance did it meanwhile
      await manager.query(`UPDATE ordering_settings SET time_zone = $1 WHERE id = 1`, [timeZone]);
      await manager.query(`DELETE FROM order_stats_daily`);
      await manager.query(
        `INSERT INTO order_stats_daily (day, customer_id, orders, revenue)
         SELECT (created_at AT TIME ZONE $1)::date, customer_id, count(*), coalesce(sum(total) FILTER (WHERE status <> 'cancelled'), 0)
           FROM orders GROUP BY 1, 2`,
        [timeZone],
      );
      return true;
    });
  }
}
