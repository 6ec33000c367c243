import globalTeardown from '../../../tools/testing/src/jest-global-teardown';

/** Drops what the run left behind, when this project's setup was the one that found the servers. */
export default async function e2eGlobalTeardown(): Promise<void> {
  if (process.env.BAKERY_E2E_OWNS_INFRA !== '1') return;
  delete process.env.BAKERY_E2E_OWNS_INFRA;
  await globalTeardown();
}
