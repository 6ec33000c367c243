import { randomBytes } from 'node:crypto';

export const RUN_ID_ENV = 'BAKERY_TEST_RUN_ID';

export function newRunId(): string {
  return `it${randomBytes(3).toString('hex')}`;
}

/**
 * A fresh BAKERY_NAMESPACE for one test file: its own databases, subjects, stream and consumers,
 * so test files running in parallel (and runs on a shared server) never see each other.
 */
export function uniqueNamespace(): string {
  const run = process.env[RUN_ID_ENV] ?? newRunId();
  return `${run}_${randomBytes(4).toString('hex')}`;
}
