import { MigrationInterface, QueryRunner } from 'typeorm';

/** A product's lead time in days (issue 16): 0, no notice beyond the date's cut-off, for every existing product. */
export class ProductLeadDays1763700012000 implements MigrationInterface {
  name = 'ProductLeadDays1763700012000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN lead_days smallint NOT NULL DEFAULT 0 CHECK (lead_days BETWEEN 0 AND 30)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP COLUMN lead_days`);
  }
}
