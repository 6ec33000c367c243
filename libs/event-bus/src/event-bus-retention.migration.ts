import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the self-cleaning event bus needs in every service's database:
 * - indexes on the outbox's `published_at` and the inbox's `processed_at`, so pruning rows older
 *   than the retention reads only those rows, in batches, instead of scanning the tables;
 * - `event_dead_letters`: events a consumer failed to handle. A row appears at an event's first
 *   failed delivery (so its first failure is known) with `dead_at` NULL while JetStream still
 *   redelivers it; after EVENT_MAX_DELIVERIES failures `dead_at` is set and the message is
 *   acknowledged (terminated): a dead letter, kept until it is re-driven.
 *
 * The indexes are built in the migration's transaction, not CONCURRENTLY: a concurrent build waits
 * for every older snapshot in the database, including a second instance of the service blocked on
 * the migrations' advisory lock, which waits for this one: a hang nobody detects. On tables that
 * grew for a long time the build holds the service's writes (they all write the outbox) for its
 * duration, once.
 */
export class EventBusRetentionAndDeadLetters1763700100000 implements MigrationInterface {
  name = 'EventBusRetentionAndDeadLetters1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX event_outbox_published_at ON event_outbox (published_at) WHERE published_at IS NOT NULL');
    await q.query('CREATE INDEX event_inbox_processed_at ON event_inbox (processed_at)');
    await q.query(`
      CREATE TABLE event_dead_letters (
        event_id uuid NOT NULL,
        consumer varchar(200) NOT NULL,
        event_type varchar(120) NOT NULL,
        subject varchar(300) NOT NULL,
        envelope jsonb NOT NULL,
        attempts integer NOT NULL,
        last_error text NOT NULL,
        first_failed_at timestamptz NOT NULL DEFAULT now(),
        last_failed_at timestamptz NOT NULL DEFAULT now(),
        dead_at timestamptz NULL,
        PRIMARY KEY (event_id, consumer)
      )`);
    // the admin's pages and count (newest first) and the pruning of failures that were never dead-lettered
    await q.query(
      'CREATE INDEX event_dead_letters_dead ON event_dead_letters (dead_at DESC, event_id, consumer) WHERE dead_at IS NOT NULL',
    );
    await q.query('CREATE INDEX event_dead_letters_failing ON event_dead_letters (last_failed_at) WHERE dead_at IS NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS event_dead_letters');
    await q.query('DROP INDEX IF EXISTS event_inbox_processed_at');
    await q.query('DROP INDEX IF EXISTS event_outbox_published_at');
  }
}
