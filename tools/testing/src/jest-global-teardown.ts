import type { Infrastructure } from './infrastructure';
import { dropNamespacesWithPrefix } from './cleanup';
import { RUN_ID_ENV } from './namespace';

/** Drops whatever this run's test files left behind, and stops containers if any were started. */
export default async function globalTeardown(): Promise<void> {
  const runId = process.env[RUN_ID_ENV];
  if (runId) await dropNamespacesWithPrefix(process.env.DATABASE_URL!, process.env.NATS_URL!, `${runId}_`);
  await (globalThis as { __bakeryInfra?: Infrastructure }).__bakeryInfra?.stop();
}
