import { describeInfrastructure, resolveInfrastructure } from './infrastructure';
import { RUN_ID_ENV, newRunId } from './namespace';

/** Once per jest run: find Postgres and NATS, and hand their URLs to every worker through the env. */
export default async function globalSetup(): Promise<void> {
  const infra = await resolveInfrastructure();
  process.env.DATABASE_URL = infra.databaseUrl;
  process.env.NATS_URL = infra.natsUrl;
  process.env.BAKERY_TEST_INFRA_PATH = infra.path;
  process.env[RUN_ID_ENV] = newRunId();
  (globalThis as { __bakeryInfra?: typeof infra }).__bakeryInfra = infra;
  console.log(`\n[testing] ${describeInfrastructure(infra)}`);
}
