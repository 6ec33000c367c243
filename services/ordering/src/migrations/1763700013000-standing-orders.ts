import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Standing orders (issue 17): the orders that repeat, their one-date changes, and what links an
 * order to the standing order it came from. Exactly once per standing order and date is this
 * unique index: however many instances, restarts or retries, a second order for the same
 * delivery cannot be written. An item may now carry a shortfall (units asked for that were not
 * available): a standing order's delivery takes what there is, possibly none of a line.
 */
export class StandingOrders1763700013000 implements MigrationInterface {
  name = 'StandingOrders1763700013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE standing_orders (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL,
        name varchar(100) NOT NULL,
        start_date date NOT NULL,
        end_date date NULL CHECK (end_date IS NULL OR end_date >= start_date),
        every_weeks smallint NOT NULL CHECK (every_weeks BETWEEN 1 AND 4),
        delivery_time_slot varchar(32) NULL,
        special_instructions text NULL,
        lines jsonb NOT NULL,
        paused boolean NOT NULL DEFAULT false,
        paused_until date NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX standing_orders_customer_idx ON standing_orders (customer_id, created_at, id)`);
    await q.query(`
      CREATE TABLE standing_order_exceptions (
        standing_order_id uuid NOT NULL REFERENCES standing_orders (id) ON DELETE CASCADE,
        delivery_date date NOT NULL,
        skip boolean NOT NULL DEFAULT false,
        lines jsonb NULL,
        PRIMARY KEY (standing_order_id, delivery_date)
      )`);
    await q.query(`ALTER TABLE orders ADD COLUMN standing_order_id uuid NULL`);
    await q.query(`CREATE UNIQUE INDEX orders_standing_delivery_idx ON orders (standing_order_id, delivery_date) WHERE standing_order_id IS NOT NULL`);
    await q.query(`ALTER TABLE order_items ADD COLUMN shortfall integer NOT NULL DEFAULT 0 CHECK (shortfall BETWEEN 0 AND 500)`);
    await q.query(`ALTER TABLE order_items DROP CONSTRAINT order_items_quantity_check`);
    await q.query(`ALTER TABLE order_items ADD CONSTRAINT order_items_quantity_check CHECK (quantity BETWEEN 0 AND 500 AND quantity + shortfall >= 1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM order_items WHERE quantity = 0`);
    await q.query(`ALTER TABLE order_items DROP CONSTRAINT order_items_quantity_check`);
    await q.query(`ALTER TABLE order_items ADD CONSTRAINT order_items_quantity_check CHECK (quantity BETWEEN 1 AND 500)`);
    await q.query(`ALTER TABLE order_items DROP COLUMN shortfall`);
    await q.query(`DROP INDEX orders_standing_delivery_idx`);
    await q.query(`ALTER TABLE orders DROP COLUMN standing_order_id`);
    await q.query(`DROP TABLE standing_order_exceptions`);
    await q.query(`DROP TABLE standing_orders`);
  }
}
