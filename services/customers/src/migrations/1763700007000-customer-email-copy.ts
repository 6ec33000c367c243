import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A copy of the account's email (auth owns it, and it never changes), so what an order keeps of
 * its customer is read from this one table, without a call to auth for every order. Rows from
 * before this column get it the first time an order needs it.
 */
export class CustomerEmailCopy1763700007000 implements MigrationInterface {
  name = 'CustomerEmailCopy1763700007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE customer_profiles ADD COLUMN email varchar(320) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE customer_profiles DROP COLUMN email');
  }
}
