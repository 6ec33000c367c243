import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCatalogTables1763700003000 implements MigrationInterface {
  name = 'CreateCatalogTables1763700003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL,
        description text,
        price numeric(10,2) NOT NULL CHECK (price > 0),
        category varchar(20) CHECK (category IN ('breads', 'pastries', 'bagels')),
        image_url text,
        stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
        low_stock_threshold integer NOT NULL DEFAULT 10 CHECK (low_stock_threshold >= 0),
        reorder_level integer NOT NULL DEFAULT 5 CHECK (reorder_level >= 0),
        reorder_quantity integer NOT NULL DEFAULT 50 CHECK (reorder_quantity >= 0),
        supplier varchar(200),
        is_active boolean NOT NULL DEFAULT true,
        review_status varchar(20) NOT NULL DEFAULT 'approved'
          CHECK (review_status IN ('approved', 'pending_review', 'rejected')),
        submitted_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT products_approved_have_category CHECK (review_status <> 'approved' OR category IS NOT NULL)
      )`);

    await q.query(`
      CREATE TABLE inventory_alerts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        alert_type varchar(20) NOT NULL CHECK (alert_type IN ('low_stock', 'out_of_stock')),
        message text NOT NULL,
        is_resolved boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        CONSTRAINT inventory_alerts_resolved_at CHECK (is_resolved = (resolved_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX inventory_alerts_one_open_idx ON inventory_alerts (product_id) WHERE NOT is_resolved`);
    await q.query(`CREATE INDEX inventory_alerts_product_idx ON inventory_alerts (product_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE stock_reservations (
        order_id uuid PRIMARY KEY,
        lines jsonb NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN ('reserved', 'confirmed', 'released')),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        confirmed_at timestamptz,
        released_at timestamptz
      )`);
    await q.query(`CREATE INDEX stock_reservations_expiring_idx ON stock_reservations (expires_at) WHERE status = 'reserved'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE stock_reservations');
    await q.query('DROP TABLE inventory_alerts');
    await q.query('DROP TABLE products');
  }
}
