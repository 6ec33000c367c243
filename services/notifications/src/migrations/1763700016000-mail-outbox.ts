import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox (issue 20): one row per email, written in the transaction that handles the event
 * it comes from: one per event and kind (each kind has one recipient: the order's customer, the
 * address ADMIN_ORDER_EMAIL names, or the account a password link is for), so no redelivery or
 * re-drive adds a second. The handler writes what the event says (`data`); the worker composes the
 * mail before its first attempt (it asks ordering for the order then, so an ordering that does not
 * answer delays the mail, never the event) and keeps the result, so every attempt sends the same
 * message. A password link's body and data are blanked once it is sent or has failed (`sensitive`).
 */
export class MailOutbox1763700016000 implements MigrationInterface {
  name = 'MailOutbox1763700016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL,
        kind varchar(32) NOT NULL
          CHECK (kind IN ('order_confirmation', 'order_status', 'order_amended', 'admin_new_order', 'password_reset', 'welcome')),
        -- null until composed: a customer's address comes with their order
        recipient varchar(254),
        order_id uuid,
        customer_id uuid,
        data jsonb NOT NULL DEFAULT '{}',
        subject text,
        html text,
        text_body text,
        sensitive boolean NOT NULL DEFAULT false,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        CONSTRAINT mail_outbox_event_kind_key UNIQUE (event_id, kind)
      )`);
    // the worker's look for due mail reads only pending rows
    await q.query(`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status = 'pending'`);
    // the admins' list, newest first, all or one status (keyset paging)
    await q.query('CREATE INDEX mail_outbox_list_idx ON mail_outbox (created_at DESC, id DESC)');
    await q.query('CREATE INDEX mail_outbox_status_list_idx ON mail_outbox (status, created_at DESC, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE mail_outbox');
  }
}
