import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders at any size (a year of history must not slow a screen down):
 * - keyset indexes for the paged lists, newest first: all orders, one customer's, by status, by
 *   delivery date; trigram indexes (pg_trgm) for the admins' free-text search on the business
 *   name, the email and the order id;
 * - the dashboard's figures kept as aggregates that every write of `orders` updates in its own
 *   transaction (a trigger, so no write path can forget it, bulk loads included):
 *   `order_stats_customer` (orders, revenue of orders not cancelled, pending, per customer) and
 *   `order_stats_daily` (orders and revenue per customer and day placed, the day in the bakery's
 *   time zone, which `ordering_settings` holds: the service keeps it equal to BAKERY_TIMEZONE and
 *   rebuilds the daily rows when it changes). No shared hot row: placements of different
 *   customers never wait on each other.
 */
export class OrderListIndexesAndStats1763700011000 implements MigrationInterface {
  name = 'OrderListIndexesAndStats1763700011000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`DROP INDEX IF EXISTS orders_created_idx`);
    await q.query(`DROP INDEX IF EXISTS orders_customer_created_idx`);
    await q.query(`DROP INDEX IF EXISTS orders_status_idx`);
    await q.query(`CREATE INDEX orders_created_id_idx ON orders (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX orders_customer_created_id_idx ON orders (customer_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX orders_status_created_id_idx ON orders (status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX orders_delivery_created_id_idx ON orders (delivery_date, created_at DESC, id DESC)`);
    // a delivery day's orders of one status (a dispatcher's view) straight from the index
    await q.query(`CREATE INDEX orders_delivery_status_created_id_idx ON orders (delivery_date, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX orders_business_trgm_idx ON orders USING gin (customer_business_name gin_trgm_ops)`);
    await q.query(`CREATE INDEX orders_email_trgm_idx ON orders USING gin (customer_email gin_trgm_ops)`);
    await q.query(`CREATE INDEX orders_id_trgm_idx ON orders USING gin ((id::text) gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE ordering_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        time_zone text NOT NULL DEFAULT 'UTC'
      )`);
    await q.query(`INSERT INTO ordering_settings DEFAULT VALUES`);
    await q.query(`
      CREATE TABLE order_stats_customer (
        customer_id uuid PRIMARY KEY,
        orders integer NOT NULL DEFAULT 0,
        revenue numeric(14,2) NOT NULL DEFAULT 0,
        pending integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE order_stats_daily (
        day date NOT NULL,
        customer_id uuid NOT NULL,
        orders integer NOT NULL DEFAULT 0,
        revenue numeric(14,2) NOT NULL DEFAULT 0,
        PRIMARY KEY (day, customer_id)
      )`);
    // a customer's own dashboard reads only their days
    await q.query(`CREATE INDEX order_stats_daily_customer_day_idx ON order_stats_daily (customer_id, day)`);
    // What one row of orders adds to the figures; an update or a delete takes the old row's back.
    // (customer_id and created_at never change after placement.)
    await q.query(`
      CREATE FUNCTION order_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        d_orders integer := 0;
        d_revenue numeric := 0;
        d_pending integer := 0;
        row_customer uuid;
        placed timestamptz;
        zone text;
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          d_orders := d_orders + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE 0 END;
          d_revenue := d_revenue + CASE WHEN NEW.status <> 'cancelled' THEN NEW.total ELSE 0 END;
          d_pending := d_pending + CASE WHEN NEW.status = 'pending' THEN 1 ELSE 0 END;
          row_customer := NEW.customer_id;
          placed := NEW.created_at;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          d_orders := d_orders - CASE WHEN TG_OP = 'DELETE' THEN 1 ELSE 0 END;
          d_revenue := d_revenue - CASE WHEN OLD.status <> 'cancelled' THEN OLD.total ELSE 0 END;
          d_pending := d_pending - CASE WHEN OLD.status = 'pending' THEN 1 ELSE 0 END;
          row_customer := OLD.customer_id;
          placed := OLD.created_at;
        END IF;
        IF d_orders = 0 AND d_revenue = 0 AND d_pending = 0 THEN
          RETURN NULL;
        END IF;
        SELECT time_zone INTO zone FROM ordering_settings WHERE id = 1;
        INSERT INTO order_stats_customer AS s (customer_id, orders, revenue, pending)
          VALUES (row_customer, d_orders, d_revenue, d_pending)
          ON CONFLICT (customer_id) DO UPDATE
            SET orders = s.orders + EXCLUDED.orders, revenue = s.revenue + EXCLUDED.revenue, pending = s.pending + EXCLUDED.pending;
        IF d_orders <> 0 OR d_revenue <> 0 THEN
          INSERT INTO order_stats_daily AS s (day, customer_id, orders, revenue)
            VALUES ((placed AT TIME ZONE zone)::date, row_customer, d_orders, d_revenue)
            ON CONFLICT (day, customer_id) DO UPDATE
              SET orders = s.orders + EXCLUDED.orders, revenue = s.revenue + EXCLUDED.revenue;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER orders_stats AFTER INSERT OR DELETE OR UPDATE OF status, total ON orders
        FOR EACH ROW EXECUTE FUNCTION order_stats_apply()`);
    // the orders placed before this migration
    await q.query(`
      INSERT INTO order_stats_customer (customer_id, orders, revenue, pending)
      SELECT customer_id, count(*), coalesce(sum(total) FILTER (WHERE status <> 'cancelled'), 0), count(*) FILTER (WHERE status = 'pending')
        FROM orders GROUP BY customer_id`);
    await q.query(`
      INSERT INTO order_stats_daily (day, customer_id, orders, revenue)
      SELECT (created_at AT TIME ZONE 'UTC')::date, customer_id, count(*), coalesce(sum(total) FILTER (WHERE status <> 'cancelled'), 0)
        FROM orders GROUP BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER orders_stats ON orders`);
    await q.query(`DROP FUNCTION order_stats_apply()`);
    await q.query(`DROP TABLE order_stats_daily, order_stats_customer, ordering_settings`);
    await q.query(`DROP INDEX orders_id_trgm_idx, orders_email_trgm_idx, orders_business_trgm_idx`);
    await q.query(
      `DROP INDEX orders_delivery_status_created_id_idx, orders_delivery_created_id_idx, orders_status_created_id_idx, orders_customer_created_id_idx, orders_created_id_idx`,
    );
    await q.query(`CREATE INDEX orders_customer_created_idx ON orders (customer_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_created_idx ON orders (created_at DESC)`);
    await q.query(`CREATE INDEX orders_status_idx ON orders (status)`);
  }
}
