import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Production prints (issue 18): what the bake list of a delivery date held when it was last
 * printed, per product and customer with their names, so the next bake list shows what changed
 * since. One row per date (a new print replaces it). The date's orders are read through the
 * existing delivery-date indexes (orders_delivery_status_created_id_idx), so no new index on orders.
 */
export class ProductionPrints1763700014000 implements MigrationInterface {
  name = 'ProductionPrints1763700014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE production_prints (
        delivery_date date PRIMARY KEY,
        printed_at timestamptz NOT NULL,
        lines jsonb NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE production_prints`);
  }
}
