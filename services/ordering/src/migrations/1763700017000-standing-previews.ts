import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Standing-order previews (issue 20): one row per standing order and delivery date, written when
 * its preview is announced (`standing-delivery.preview`, same transaction), so however many
 * instances sweep, each delivery is previewed once. The skip link's token is kept only as its
 * SHA-256; it works until the delivery's cut-off (`expires_at`) and once (`used_at`).
 */
export class StandingPreviews1763700017000 implements MigrationInterface {
  name = 'StandingPreviews1763700017000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE standing_order_previews (
        standing_order_id uuid NOT NULL REFERENCES standing_orders (id) ON DELETE CASCADE,
        delivery_date date NOT NULL,
        customer_id uuid NOT NULL,
        token_hash bytea NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (standing_order_id, delivery_date)
      )`);
    // a link is looked up by its token's hash only
    await q.query('CREATE UNIQUE INDEX standing_order_previews_token_idx ON standing_order_previews (token_hash)');
    // a reminder asks which customers have an order for one date
    await q.query(`CREATE INDEX IF NOT EXISTS orders_delivery_date_customer_idx ON orders (delivery_date, customer_id) WHERE status <> 'cancelled'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS orders_delivery_date_customer_idx');
    await q.query('DROP TABLE standing_order_previews');
  }
}
