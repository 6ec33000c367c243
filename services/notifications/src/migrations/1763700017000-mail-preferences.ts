import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers' choices of optional emails (issue 20): a row only once a customer changed something
 * (no row: DEFAULT_MAIL_PREFERENCES). The reminder sweep pages through those who opted in by id.
 * The outbox gains the preview and reminder kinds.
 */
export class MailPreferences1763700017000 implements MigrationInterface {
  name = 'MailPreferences1763700017000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_preferences (
        customer_id uuid PRIMARY KEY,
        order_updates boolean NOT NULL,
        standing_order_previews boolean NOT NULL,
        cutoff_reminders boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX mail_preferences_reminders_idx ON mail_preferences (customer_id) WHERE cutoff_reminders');
    await q.query('ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check');
    await q.query(`ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
      CHECK (kind IN ('order_confirmation', 'order_status', 'order_amended', 'admin_new_order', 'password_reset', 'welcome', 'standing_order_preview', 'cutoff_reminder'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_outbox WHERE kind IN ('standing_order_preview', 'cutoff_reminder')`);
    await q.query('ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check');
    await q.query(`ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
      CHECK (kind IN ('order_confirmation', 'order_status', 'order_amended', 'admin_new_order', 'password_reset', 'welcome'))`);
    await q.query('DROP TABLE mail_preferences');
  }
}
