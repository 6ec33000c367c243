import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox (events written in the same transaction as the change) and the inbox (ids of events
 * this service has handled). Every service includes this migration in its own list.
 */
export class CreateEventBusTables1763700000000 implements MigrationInterface {
  name = 'CreateEventBusTables1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type varchar(120) NOT NULL,
        envelope jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text NULL
      )`);
    await q.query(`CREATE INDEX event_outbox_pending ON event_outbox (seq) WHERE published_at IS NULL`);
    await q.query(`
      CREATE TABLE event_inbox (
        event_id uuid NOT NULL,
        consumer varchar(200) NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, consumer)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE event_inbox');
    await q.query('DROP TABLE event_outbox');
  }
}
