import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A date's own quantities written by a change of a standing order's terms, to keep what the
 * bakery can no longer change (its cut-off passed, or a product's lead time began), are `pinned`:
 * the next change of the terms may lift or move them; a customer's own change of the date may not.
 */
export class StandingExceptionPins1763700018000 implements MigrationInterface {
  name = 'StandingExceptionPins1763700018000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE standing_order_exceptions ADD COLUMN pinned boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE standing_order_exceptions DROP COLUMN pinned');
  }
}
