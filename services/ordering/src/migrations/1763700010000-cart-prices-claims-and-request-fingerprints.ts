import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * - cart_items.unit_price: the price a line was added (or its quantity last changed) at, so the
 *   cart can say "price changed from ... to ..." and a 409 on placing can name old and new prices;
 * - cart_items.claimed_by / claimed_at: the placement (its order id) that holds the line, so a cart
 *   is placed at most once however many requests place it at the same time;
 * - orders.request_fingerprint: a hash of what a placement asked for (delivery date, slot,
 *   instructions, expected total), so reusing an Idempotency-Key for another request is refused.
 * All nullable: lines and orders from before keep working (no remembered price, no fingerprint).
 */
export class CartPricesClaimsAndRequestFingerprints1763700010000 implements MigrationInterface {
  name = 'CartPricesClaimsAndRequestFingerprints1763700010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cart_items
        ADD COLUMN unit_price numeric(10,2) CHECK (unit_price >= 0),
        ADD COLUMN claimed_by uuid,
        ADD COLUMN claimed_at timestamptz`);
    await q.query(`ALTER TABLE orders ADD COLUMN request_fingerprint varchar(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders DROP COLUMN request_fingerprint');
    await q.query('ALTER TABLE cart_items DROP COLUMN claimed_at, DROP COLUMN claimed_by, DROP COLUMN unit_price');
  }
}
