import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bakery's ordering windows (issue 16): one row with the weekday rules (a JSON list of seven,
 * replaced whole by the admin) and the settings, and the closures. `version` goes up in the same
 * transaction as every change of either, so an instance's cached schedule is current exactly while
 * the version it read is (MVCC: a reader never sees the new version with the old rules). No row
 * means the default schedule (every day, cut-off at its end: the spec's rule), so nothing changes
 * until the bakery configures it.
 */
export class DeliverySchedule1763700012000 implements MigrationInterface {
  name = 'DeliverySchedule1763700012000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE delivery_schedule (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        weekdays jsonb NOT NULL,
        require_delivery_date boolean NOT NULL DEFAULT false,
        auto_confirm_at_cutoff boolean NOT NULL DEFAULT false,
        version bigint NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE delivery_closures (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        from_date date NOT NULL,
        to_date date NOT NULL CHECK (to_date >= from_date),
        message varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX delivery_closures_to_date_idx ON delivery_closures (to_date, from_date)`);
    // auto-confirmation reads pending orders by delivery date
    await q.query(`CREATE INDEX orders_pending_delivery_idx ON orders (delivery_date) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_pending_delivery_idx`);
    await q.query(`DROP TABLE delivery_closures`);
    await q.query(`DROP TABLE delivery_schedule`);
  }
}
