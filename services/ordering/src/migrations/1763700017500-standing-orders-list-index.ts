import { MigrationInterface, QueryRunner } from 'typeorm';

/** The admins' list of every standing order pages oldest first (keyset on created_at, id): an index, not a sort of the table. */
export class StandingOrdersListIndex1763700017500 implements MigrationInterface {
  name = 'StandingOrdersListIndex1763700017500';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX standing_orders_created_id_idx ON standing_orders (created_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX standing_orders_created_id_idx');
  }
}
