import globalSetup from '../../../tools/testing/src/jest-global-setup';

/**
 * Finds Postgres and NATS once per run, as the integration project does. When the integration
 * project's setup already ran in this jest process, its servers and run id are reused.
 */
export default async function e2eGlobalSetup(): Promise<void> {
  if (process.env.BAKERY_TEST_INFRA_PATH) return;
  await globalSetup();
  process.env.BAKERY_E2E_OWNS_INFRA = '1';
}
