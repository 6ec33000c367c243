import { MigrationInterface, QueryRunner } from 'typeorm';

/** A customer's drop position (issue 18): the order of stops on the delivery run sheet; none for every existing customer. */
export class DropPosition1763700014000 implements MigrationInterface {
  name = 'DropPosition1763700014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customer_profiles ADD COLUMN drop_position integer NULL CHECK (drop_position BETWEEN 1 AND 9999)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customer_profiles DROP COLUMN drop_position`);
  }
}
