import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password links (issue 20): a reset, or an admin-created customer's welcome. Only the token's
 * SHA-256 is kept; `used_at` makes it single use. Sessions get an index on their user, so a reset
 * ends all of a user's sessions without reading every session.
 */
export class PasswordTokens1763700016000 implements MigrationInterface {
  name = 'PasswordTokens1763700016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_tokens (
        token_hash char(64) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose varchar(16) NOT NULL CHECK (purpose IN ('reset', 'welcome')),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX password_tokens_user_idx ON password_tokens (user_id) WHERE used_at IS NULL');
    await q.query('CREATE INDEX password_tokens_expires_idx ON password_tokens (expires_at)');
    await q.query(`CREATE INDEX sessions_user_idx ON sessions ((sess->>'userId'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX sessions_user_idx');
    await q.query('DROP TABLE password_tokens');
  }
}
