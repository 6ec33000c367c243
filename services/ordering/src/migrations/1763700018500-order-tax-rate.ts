import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tax rate an order was placed at, so a change of it is taxed at that rate as its kept lines
 * keep their prices (null: placed before the rate was kept; such an order's change takes today's).
 */
export class OrderTaxRate1763700018500 implements MigrationInterface {
  name = 'OrderTaxRate1763700018500';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders ADD COLUMN tax_rate numeric(7,6) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders DROP COLUMN tax_rate');
  }
}
