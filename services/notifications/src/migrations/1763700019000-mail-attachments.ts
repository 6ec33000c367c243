import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A mail's attachment (a delivered order's invoice, a cancelled one's credit note, as PDF), kept
 * with the composed mail so every attempt sends the same file. Its bytes are dropped once the mail
 * is sent; its name stays for the admins' list.
 */
export class MailAttachments1763700019000 implements MigrationInterface {
  name = 'MailAttachments1763700019000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_outbox ADD COLUMN attachment_name varchar(200), ADD COLUMN attachment bytea');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_outbox DROP COLUMN attachment_name, DROP COLUMN attachment');
  }
}
