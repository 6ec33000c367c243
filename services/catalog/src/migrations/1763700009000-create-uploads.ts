import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Photo uploads: who was issued each upload URL, until when it may be registered, and whether it
 * was. Products and submissions may only name registered uploads.
 *
 * Images registered before this table existed cannot all be known; those the catalogue uses are:
 * every product's image is recorded as registered, without an owner (so it counts for nobody's
 * quota, an admin may keep or reuse it, and no customer can claim it as their own).
 */
export class CreateUploads1763700009000 implements MigrationInterface {
  name = 'CreateUploads1763700009000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE uploads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid,
        issued_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        registered_at timestamptz
      )`);
    // the quota and rate checks read one owner's recent uploads
    await q.query(`CREATE INDEX uploads_owner_idx ON uploads (owner_id, issued_at)`);
    // the sweeper reads unregistered uploads by expiry
    await q.query(`CREATE INDEX uploads_unregistered_idx ON uploads (expires_at) WHERE registered_at IS NULL`);
    // the submission limits read one customer's submissions
    await q.query(`CREATE INDEX products_submitted_by_idx ON products (submitted_by, created_at) WHERE submitted_by IS NOT NULL`);
    await q.query(`
      INSERT INTO uploads (id, owner_id, issued_at, expires_at, registered_at)
      SELECT DISTINCT lower(substring(image_url from 18))::uuid, NULL::uuid, now(), now(), now()
        FROM products
       WHERE image_url ~* '^/objects/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      ON CONFLICT (id) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX products_submitted_by_idx');
    await q.query('DROP TABLE uploads');
  }
}
