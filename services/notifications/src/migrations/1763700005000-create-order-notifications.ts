import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOrderNotifications1763700005000 implements MigrationInterface {
  name = 'CreateOrderNotifications1763700005000';

  async up(q: QueryRunner): Promise<void> {
    // order_id is unique: a second order.placed for the same order (even under another event id) adds nothing.
    await q.query(`
      CREATE TABLE order_notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL,
        is_read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT order_notifications_order_id_key UNIQUE (order_id)
      )`);
    // The badge counts unread rows on every change; read ones pile up and are never counted.
    await q.query(`CREATE INDEX order_notifications_unread_idx ON order_notifications (created_at) WHERE NOT is_read`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE order_notifications');
  }
}
