/** Everything a namespace left on the shared servers: its databases and its JetStream stream. */
import { connect } from 'nats';
import { Client } from 'pg';

/** Drops the databases and the JetStream stream of every namespace starting with `prefix`. */
export async function dropNamespacesWithPrefix(databaseUrl: string, natsUrl: string, prefix: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`unsafe namespace prefix ${prefix}`);
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [prefix],
    );
    for (const { datname } of rows) await pg.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await pg.end();
  }
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(prefix)) await jsm.streams.delete(name).catch(() => undefined);
    }
  } finally {
    await nc.close();
  }
}

export async function dropNamespace(databaseUrl: string, natsUrl: string, namespace: string): Promise<void> {
  // databases are <ns>_<service> and the stream <ns>_events, so the prefix covers both
  await dropNamespacesWithPrefix(databaseUrl, natsUrl, `${namespace}_`);
}
