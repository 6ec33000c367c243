/**
 * Where integration tests find Postgres and NATS. Never a mock:
 * 1. BAKERY_TEST_INFRA=containers, or auto and a Docker engine answers: testcontainers starts a
 *    Postgres and a NATS with JetStream for this run;
 * 2. otherwise the servers at DATABASE_URL / NATS_URL, else the local defaults.
 */
import { probeNats, probePostgres } from '@bakery/platform';

export type InfrastructurePath = 'testcontainers' | 'env' | 'local';

export interface Infrastructure {
  path: InfrastructurePath;
  databaseUrl: string;
  natsUrl: string;
  stop(): Promise<void>;
}

const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_NATS_URL = 'nats://127.0.0.1:4222';

async function dockerEngineAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startContainers(): Promise<Infrastructure> {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { NatsContainer } = await import('@testcontainers/nats');
  const [pg, nats] = await Promise.all([
    new PostgreSqlContainer('postgres:16-alpine').withDatabase('postgres').start(),
    new NatsContainer('nats:2.10-alpine').withJetStream().start(),
  ]);
  return {
    path: 'testcontainers',
    databaseUrl: pg.getConnectionUri(),
    // NatsContainer sets a user and password; they travel in the URL.
    natsUrl: natsUrlOf(nats.getConnectionOptions()),
    stop: async () => {
      await Promise.all([pg.stop(), nats.stop()]);
    },
  };
}

export async function resolveInfrastructure(env = process.env): Promise<Infrastructure> {
  const mode = env.BAKERY_TEST_INFRA ?? 'auto';
  if (mode === 'containers' || (mode === 'auto' && (await dockerEngineAnswers()))) {
    return startContainers();
  }
  const fromEnv = Boolean(env.DATABASE_URL || env.NATS_URL);
  const infra: Infrastructure = {
    path: fromEnv ? 'env' : 'local',
    databaseUrl: env.DATABASE_URL || LOCAL_DATABASE_URL,
    natsUrl: env.NATS_URL || LOCAL_NATS_URL,
    stop: async () => undefined,
  };
  await Promise.all([
    probePostgres(infra.databaseUrl).catch((err) => {
      throw new Error(`Integration tests need Postgres at ${infra.databaseUrl}: ${(err as Error).message}`);
    }),
    probeNats(infra.natsUrl).catch((err) => {
      throw new Error(`Integration tests need NATS with JetStream at ${infra.natsUrl}: ${(err as Error).message}`);
    }),
  ]);
  return infra;
}

export function describeInfrastructure(infra: Infrastructure): string {
  const where = `Postgres ${redact(infra.databaseUrl)}, NATS ${redact(infra.natsUrl)}`;
  switch (infra.path) {
    case 'testcontainers':
      return `integration tests: testcontainers (a Docker engine answered): ${where}`;
    case 'env':
      return `integration tests: no Docker engine; servers from DATABASE_URL/NATS_URL: ${where}`;
    default:
      return `integration tests: no Docker engine; local servers: ${where}`;
  }
}

function natsUrlOf(options: { servers?: string | string[]; user?: string; pass?: string }): string {
  const server = [options.servers].flat()[0] ?? LOCAL_NATS_URL;
  const url = new URL(server.includes('://') ? server : `nats://${server}`);
  if (options.user) url.username = encodeURIComponent(options.user);
  if (options.pass) url.password = encodeURIComponent(options.pass);
  return url.toString();
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
