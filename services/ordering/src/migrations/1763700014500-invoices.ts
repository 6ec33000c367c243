import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices and credit notes (issue 18). An invoice is an immutable copy of its order, its customer
 * and the bakery as they were when it was issued: the amounts, the lines, the customer and the
 * bakery are its own columns, never joined from live rows. A trigger keeps it so: only `paid` and
 * `paid_at` may change, and no invoice is ever deleted.
 *
 * Numbers are gap-free per kind and year: `invoice_counters` holds the last number of each (kind,
 * year); an issue takes the next one with one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` in
 * the transaction that writes the invoice. Concurrent issues of a kind wait on that row's lock one
 * after the other, and a rollback gives the number back with the rest (a sequence would not).
 *
 * An order has at most one invoice and at most one credit note (the unique index on (order_id,
 * kind)); an invoice is credited at most once (the partial unique index on credited_invoice_id).
 * The paged list walks (issued_at, id) newest first, alone, within a customer, or among the
 * unpaid (partial: usually a few among many); `order_id` leads the unique index.
 */
export class Invoices1763700014500 implements MigrationInterface {
  name = 'Invoices1763700014500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invoice_counters (
        kind varchar(16) NOT NULL CHECK (kind IN ('invoice', 'credit-note')),
        year smallint NOT NULL,
        last_number integer NOT NULL CHECK (last_number >= 1),
        PRIMARY KEY (kind, year)
      )`);
    await q.query(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY,
        number varchar(24) NOT NULL UNIQUE,
        kind varchar(16) NOT NULL CHECK (kind IN ('invoice', 'credit-note')),
        year smallint NOT NULL,
        sequence integer NOT NULL CHECK (sequence >= 1),
        order_id uuid NOT NULL REFERENCES orders (id),
        customer_id uuid NOT NULL,
        credited_invoice_id uuid NULL REFERENCES invoices (id),
        subtotal numeric(10,2) NOT NULL,
        delivery_fee numeric(10,2) NOT NULL,
        tax numeric(10,2) NOT NULL,
        total numeric(10,2) NOT NULL,
        lines jsonb NOT NULL,
        customer jsonb NOT NULL,
        bakery jsonb NOT NULL,
        delivery_date date NULL,
        delivery_time_slot varchar(32) NULL,
        issued_at timestamptz NOT NULL,
        paid boolean NOT NULL DEFAULT false,
        paid_at timestamptz NULL,
        UNIQUE (kind, year, sequence),
        CHECK ((kind = 'credit-note') = (credited_invoice_id IS NOT NULL)),
        CHECK (paid = (paid_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX invoices_order_kind_idx ON invoices (order_id, kind)`);
    await q.query(`CREATE UNIQUE INDEX invoices_credited_idx ON invoices (credited_invoice_id) WHERE credited_invoice_id IS NOT NULL`);
    await q.query(`CREATE INDEX invoices_issued_idx ON invoices (issued_at, id)`);
    await q.query(`CREATE INDEX invoices_customer_issued_idx ON invoices (customer_id, issued_at, id)`);
    await q.query(`CREATE INDEX invoices_unpaid_issued_idx ON invoices (issued_at, id) WHERE NOT paid`);
    // once issued an invoice never changes, but for whether it has been paid
    await q.query(`
      CREATE FUNCTION invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'invoices are never deleted' USING ERRCODE = 'restrict_violation';
        END IF;
        IF (to_jsonb(NEW) - 'paid' - 'paid_at') IS DISTINCT FROM (to_jsonb(OLD) - 'paid' - 'paid_at') THEN
          RAISE EXCEPTION 'an issued invoice cannot change' USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_immutable()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE invoices`);
    await q.query(`DROP FUNCTION invoices_immutable()`);
    await q.query(`DROP TABLE invoice_counters`);
  }
}
