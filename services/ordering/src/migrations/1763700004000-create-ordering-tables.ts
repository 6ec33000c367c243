import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOrderingTables1763700004000 implements MigrationInterface {
  name = 'CreateOrderingTables1763700004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cart_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL,
        product_id uuid NOT NULL,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT cart_items_customer_product_key UNIQUE (customer_id, product_id)
      )`);
    await q.query(`CREATE INDEX cart_items_product_idx ON cart_items (product_id)`);
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL,
        status varchar(32) NOT NULL DEFAULT 'pending' CHECK (status IN
          ('pending', 'confirmed', 'in_preparation', 'ready_for_delivery', 'in_transit', 'delivered', 'cancelled')),
        subtotal numeric(10,2) NOT NULL CHECK (subtotal >= 0),
        delivery_fee numeric(10,2) NOT NULL DEFAULT 12.50 CHECK (delivery_fee >= 0),
        tax numeric(10,2) NOT NULL CHECK (tax >= 0),
        total numeric(10,2) NOT NULL CHECK (total >= 0),
        delivery_date date,
        delivery_time_slot varchar(32),
        special_instructions text,
        customer_business_name varchar(200),
        customer_email varchar(254) NOT NULL,
        customer_phone varchar(40),
        idempotency_key varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_customer_idempotency_key UNIQUE (customer_id, idempotency_key)
      )`);
    await q.query(`CREATE INDEX orders_customer_created_idx ON orders (customer_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_created_idx ON orders (created_at DESC)`);
    await q.query(`CREATE INDEX orders_status_idx ON orders (status)`);
    await q.query(`
      CREATE TABLE order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        product_id uuid NOT NULL,
        product_name varchar(200) NOT NULL,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 500),
        unit_price numeric(10,2) NOT NULL CHECK (unit_price >= 0),
        total_price numeric(10,2) NOT NULL CHECK (total_price >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_items_order_idx ON order_items (order_id)`);
    await q.query(`
      CREATE TABLE configurations (
        id serial PRIMARY KEY,
        key varchar(100) NOT NULL UNIQUE,
        value text NOT NULL,
        description text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE configurations');
    await q.query('DROP TABLE order_items');
    await q.query('DROP TABLE orders');
    await q.query('DROP TABLE cart_items');
  }
}
