import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sliding log of failed sign-ins (read, then written: concurrent attempts all read the same
 * count) becomes one counter row per key, which an attempt reserves atomically. The log's
 * entries are dropped: at worst an address gets a fresh window once, at upgrade.
 */
export class AtomicAttemptLimits1763700008000 implements MigrationInterface {
  name = 'AtomicAttemptLimits1763700008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_counters (
        key varchar(400) PRIMARY KEY,
        window_started_at timestamptz NOT NULL DEFAULT now(),
        hits integer NOT NULL CHECK (hits >= 0)
      )`);
    await q.query('CREATE INDEX rate_counters_window_idx ON rate_counters (window_started_at)');
    await q.query('DROP TABLE login_failures');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        key varchar(400) NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX login_failures_key_time_idx ON login_failures (key, failed_at)');
    await q.query('DROP TABLE rate_counters');
  }
}
