import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer directory at any size (GET /api/customers pages and searches this table alone,
 * then asks auth for the identities of one page):
 * - a copy of the person's names (auth owns them) beside the email copy, so a search by name needs
 *   no call to auth; `identity_copied` says the copies were taken from auth. Names change only
 *   through customers.accounts.update, which keeps the copy in step.
 * - the keyset index of the list, newest first, and trigram indexes (pg_trgm) for the partial,
 *   any-case search on business name, email and "first last".
 *
 * Rows from before this migration have no copy of the names (and the oldest none of the email).
 * The migration cannot fill them in: the names are in auth's database, which this service never
 * reads (it may be another server). So they start with `identity_copied` false, and the service
 * copies them from auth in batches shortly after it starts (IdentityCopyBackfill); until then such
 * a row is listed as usual but found by its business name and email copy only.
 */
export class CustomerListSearch1763700013000 implements MigrationInterface {
  name = 'CustomerListSearch1763700013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      ALTER TABLE customer_profiles
        ADD COLUMN first_name varchar(100) NULL,
        ADD COLUMN last_name varchar(100) NULL,
        ADD COLUMN identity_copied boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX customer_profiles_created_id_idx ON customer_profiles (created_at DESC, user_id DESC)`);
    await q.query(`CREATE INDEX customer_profiles_business_trgm_idx ON customer_profiles USING gin (business_name gin_trgm_ops)`);
    await q.query(`CREATE INDEX customer_profiles_email_trgm_idx ON customer_profiles USING gin (email gin_trgm_ops)`);
    // the same expression as CUSTOMER_NAME_SQL (customer-list.query.ts), or the index is not used
    await q.query(
      `CREATE INDEX customer_profiles_name_trgm_idx ON customer_profiles USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops)`,
    );
    // the backfill's rows, found without reading the rest
    await q.query(`CREATE INDEX customer_profiles_uncopied_idx ON customer_profiles (user_id) WHERE NOT identity_copied`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP INDEX customer_profiles_uncopied_idx, customer_profiles_name_trgm_idx, customer_profiles_email_trgm_idx, customer_profiles_business_trgm_idx, customer_profiles_created_id_idx`,
    );
    await q.query(`ALTER TABLE customer_profiles DROP COLUMN identity_copied, DROP COLUMN last_name, DROP COLUMN first_name`);
  }
}
