import { Client } from 'pg';
import { DataSource } from 'typeorm';

const DATABASE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** The same server URL, pointing at another database. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the database if it does not exist; safe when several processes race to do it. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  if (!DATABASE_NAME.test(database)) throw new Error(`Refusing to create database with name ${JSON.stringify(database)}`);
  const client = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount) return;
    try {
      await client.query(`CREATE DATABASE "${database}"`);
    } catch (err) {
      // 42P04: created meanwhile by another instance; 23505: same race seen through the catalog index.
      const code = (err as { code?: string }).code;
      if (code !== '42P04' && code !== '23505') throw err;
    }
  } finally {
    await client.end();
  }
}

/** Resolves if Postgres answers at `url` within `timeoutMs`, rejects otherwise. */
export async function probePostgres(url: string, timeoutMs = 3000): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  await client.connect();
  await client.end();
}

/**
 * Runs pending migrations under a Postgres advisory lock, so instances of one service starting
 * together do not apply the same migration twice.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', ['bakery:migrations']);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', ['bakery:migrations']);
    }
  } finally {
    await runner.release();
  }
}
