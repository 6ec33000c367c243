/**
 * `npm run test:faults`: fault injection against the stack as real processes (kill -9, two
 * instances, NATS and Postgres restarts). Separate from `npm test` because it restarts the
 * machine's shared servers, so it must run alone and in band.
 */
const { projects, testTimeout } = require('./jest.config.js');

const integration = projects.find((p) => p.displayName === 'integration');

module.exports = {
  testTimeout: Math.max(testTimeout, 180_000),
  projects: [
    {
      ...integration,
      displayName: 'faults',
      testMatch: ['<rootDir>/tools/devstack/test/faults/**/*.faults.spec.ts'],
    },
  ],
};
