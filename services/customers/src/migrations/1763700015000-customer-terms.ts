import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer terms (issue 19): price lists (a percentage of the default price and fixed prices per
 * product), each customer's terms (their list, minimum order, delivery fee and free-delivery
 * threshold overrides, hold) and the audit of every change to them. No row in customer_terms is
 * "the bakery's defaults, not on hold": every existing customer keeps exactly today's prices.
 */
export class CustomerTerms1763700015000 implements MigrationInterface {
  name = 'CustomerTerms1763700015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE price_lists (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        percentage numeric(5,2) NOT NULL CHECK (percentage BETWEEN 1 AND 500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // names are unique whatever their case; the page's keyset
    await q.query(`CREATE UNIQUE INDEX price_lists_name_idx ON price_lists (lower(name))`);
    await q.query(`CREATE INDEX price_lists_page_idx ON price_lists (created_at, id)`);
    await q.query(`
      CREATE TABLE price_list_prices (
        price_list_id uuid NOT NULL REFERENCES price_lists (id) ON DELETE CASCADE,
        product_id uuid NOT NULL,
        price numeric(10,2) NOT NULL CHECK (price > 0),
        PRIMARY KEY (price_list_id, product_id)
      )`);
    // A list a customer is on cannot be deleted (RESTRICT backs the service's 409).
    await q.query(`
      CREATE TABLE customer_terms (
        user_id uuid PRIMARY KEY REFERENCES customer_profiles (user_id) ON DELETE CASCADE,
        price_list_id uuid NULL REFERENCES price_lists (id) ON DELETE RESTRICT,
        minimum_order numeric(10,2) NULL CHECK (minimum_order >= 0),
        delivery_fee numeric(10,2) NULL CHECK (delivery_fee >= 0),
        free_delivery_threshold numeric(10,2) NULL CHECK (free_delivery_threshold >= 0),
        on_hold boolean NOT NULL DEFAULT false,
        hold_reason text NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX customer_terms_price_list_idx ON customer_terms (price_list_id) WHERE price_list_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE customer_terms_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        changed_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        field varchar(40) NOT NULL,
        old_value text NULL,
        new_value text NULL
      )`);
    // a customer's changes, newest first, one page at a time
    await q.query(`CREATE INDEX customer_terms_audit_page_idx ON customer_terms_audit (user_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE customer_terms_audit`);
    await q.query(`DROP TABLE customer_terms`);
    await q.query(`DROP TABLE price_list_prices`);
    await q.query(`DROP TABLE price_lists`);
  }
}
