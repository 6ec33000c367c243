import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Changing a placed order's stock (issue 17, catalog.stock.adjust): the reservation remembers its
 * latest adjustment, `amendment_id`, and its state: `pending` until ordering's `order.amended`
 * confirms it, `confirmed` then, `reverted` when it was never confirmed within the reservation
 * TTL and the sweeper put back `amendment_previous_lines` (what the order held before). A pending
 * adjustment expires at `amendment_expires_at`.
 */
export class ReservationAmendments1763700013500 implements MigrationInterface {
  name = 'ReservationAmendments1763700013500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE stock_reservations
        ADD COLUMN amendment_id uuid NULL,
        ADD COLUMN amendment_state varchar(20) NULL CHECK (amendment_state IN ('pending', 'confirmed', 'reverted')),
        ADD COLUMN amendment_previous_lines jsonb NULL,
        ADD COLUMN amendment_expires_at timestamptz NULL`);
    await q.query(`CREATE INDEX stock_reservations_amendment_expiring_idx ON stock_reservations (amendment_expires_at) WHERE amendment_state = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX stock_reservations_amendment_expiring_idx`);
    await q.query(`
      ALTER TABLE stock_reservations
        DROP COLUMN amendment_expires_at, DROP COLUMN amendment_previous_lines, DROP COLUMN amendment_state, DROP COLUMN amendment_id`);
  }
}
