/**
 * One jest run for the whole workspace, in four projects:
 * - unit: *.spec.ts files in src/, beside the code, no servers needed (and tools/lint's check of the
 *   lint config);
 * - integration: *.int.spec.ts files in test/, against real Postgres and NATS (see tools/testing);
 * - web: the browser app's component and unit tests (*.test.ts(x) files in web/src/, and its build's
 *   in web/scripts/), in jsdom;
 * - e2e: the browser app in Debian's chromium (playwright-core) against a real stack started by
 *   each test file (*.e2e.spec.ts files in web/e2e/); needs web/dist (npm test builds it first).
 * TypeScript is transpiled by ts-jest (decorator metadata on), straight from the sources.
 */
// Transpile only (no type check here: `npm run build` type-checks the sources with tsc -b).
const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      target: 'ES2022',
      module: 'commonjs',
      esModuleInterop: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      isolatedModules: true,
      sourceMap: true,
    },
    diagnostics: false,
  },
];

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': tsJest },
  moduleNameMapper: {
    '^@bakery/(contracts|documents|platform|event-bus|service-kit)$': '<rootDir>/libs/$1/src',
    '^@bakery/(testing|devstack)$': '<rootDir>/tools/$1/src',
    '^@bakery/service-(auth|catalog|ordering|customers|notifications)$': '<rootDir>/services/$1/src/service',
    '^@bakery/gateway$': '<rootDir>/gateway/src/gateway',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/web/'],
};

// The web app: TSX, the @/ alias, CSS imports as nothing.
const webTsJest = [
  'ts-jest',
  {
    tsconfig: {
      target: 'ES2022',
      module: 'commonjs',
      jsx: 'react-jsx',
      esModuleInterop: true,
      isolatedModules: true,
      sourceMap: true,
    },
    diagnostics: false,
  },
];

module.exports = {
  // per test; integration tests start whole stacks
  testTimeout: 60000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{libs,services,gateway,tools}/**/src/**/*.spec.ts',
        '<rootDir>/tools/lint/*.spec.ts',
        // the Helm chart and the compose file (deploy/)
        '<rootDir>/deploy/test/*.spec.ts',
      ],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{libs,services,gateway,tools}/**/test/**/*.int.spec.ts'],
      globalSetup: '<rootDir>/tools/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/tools/testing/src/jest-global-teardown.ts',
      setupFiles: ['<rootDir>/tools/testing/src/jest-setup-env.ts'],
      slowTestThreshold: 20,
    },
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/web/src/testing/jsdom-environment.js',
      // and the build's own code (web/scripts/*.test.ts)
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}', '<rootDir>/web/scripts/**/*.test.ts'],
      transform: { '^.+\\.tsx?$': webTsJest },
      moduleNameMapper: {
        '\\.css$': '<rootDir>/web/src/testing/style-mock.js',
        // @ant-design/icons' CommonJS build requires an ES module file of @ant-design/colors
        '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
        // antd's modules the app imports by path (components/ui/card.tsx), from the CommonJS build jest loads antd from
        '^antd/es/(.*)$': 'antd/lib/$1',
        '^@/(.*)$': '<rootDir>/web/src/$1',
        '^@contracts/(.*)$': '<rootDir>/libs/contracts/src/$1',
      },
      setupFilesAfterEnv: ['<rootDir>/web/src/testing/setup-tests.ts'],
      modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/web/e2e/**/*.e2e.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      globalSetup: '<rootDir>/web/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/web/e2e/support/global-teardown.ts',
      setupFiles: ['<rootDir>/tools/testing/src/jest-setup-env.ts'],
      slowTestThreshold: 60,
    },
  ],
};
