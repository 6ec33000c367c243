import { MigrationInterface, QueryRunner } from 'typeorm';

/** A product's batch size (issue 18): units one mix makes, for the bake list; null (not made in batches) for every existing product. */
export class ProductBatchSize1763700014000 implements MigrationInterface {
  name = 'ProductBatchSize1763700014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN batch_size integer NULL CHECK (batch_size BETWEEN 1 AND 10000)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP COLUMN batch_size`);
  }
}
