import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every committed change to products (any path: admin edits, reservations, releases, the TTL
 * sweeper) sends a Postgres notification on `catalog_changed`. Postgres delivers notifications
 * only when the transaction commits, never on rollback, which is exactly when caches must drop.
 */
export class NotifyCatalogChanges1763700006000 implements MigrationInterface {
  name = 'NotifyCatalogChanges1763700006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalog_changed', '');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE ON products
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER products_changed ON products');
    await q.query('DROP FUNCTION notify_catalog_changed()');
  }
}
