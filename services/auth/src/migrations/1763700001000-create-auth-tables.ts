import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuthTables1763700001000 implements MigrationInterface {
  name = 'CreateAuthTables1763700001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        role varchar(16) NOT NULL DEFAULT 'customer' CHECK (role IN ('admin', 'customer')),
        status varchar(16) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending')),
        first_name varchar(100),
        last_name varchar(100),
        profile_image_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_key UNIQUE (email),
        CONSTRAINT users_email_lower CHECK (email = lower(email))
      )`);
    await q.query(`CREATE INDEX users_role_created_idx ON users (role, created_at DESC)`);
    await q.query(`
      CREATE TABLE sessions (
        sid varchar(64) PRIMARY KEY,
        sess jsonb NOT NULL,
        expire timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_expire_idx ON sessions (expire)`);
    await q.query(`
      CREATE TABLE login_failures (
        id bigserial PRIMARY KEY,
        key varchar(400) NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_failures_key_time_idx ON login_failures (key, failed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE login_failures');
    await q.query('DROP TABLE sessions');
    await q.query('DROP TABLE users');
  }
}
