// @ts-check
/**
 * `npm run lint`: ESLint over the whole workspace (flat config). Syntax-only typescript-eslint
 * rules (no type information: the whole repository lints in seconds, and `npm run build`
 * type-checks anyway), React's hook rules for web/, and the layering: who may import whom,
 * checked on the resolved file of every import (`import/no-restricted-paths`), and no import
 * cycles (`import/no-cycle`). The rules are written out in README.md ("Lint and layering") and
 * docs/architecture.md ("Layering"); tools/lint/lint-boundaries.spec.ts checks that they bite.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const subfolders = (/** @type {string} */ dir) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The services: the folders of services/ that are packages (services/test holds cross-service tests). */
const SERVICES = subfolders('services').filter((name) => existsSync(path.join(ROOT, 'services', name, 'package.json')));
const FEATURES = subfolders('web/src/features');

/**
 * The layering, as zones of import/no-restricted-paths: a file under `target` may not import a
 * file under `from` (paths from the repository root; `except` is relative to `from`). Imports are
 * judged by the file they resolve to, so `@bakery/*` specifiers, the web app's `@/` alias and
 * relative paths are all caught.
 * @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]}
 */
const LAYERS = [
  // libs/: the bottom layer
  {
    target: 'libs',
    from: ['services', 'gateway', 'web'],
    message: 'libs/ is the bottom layer: it never imports a service, the gateway or the web app.',
  },
  {
    target: 'libs',
    from: 'tools',
    except: ['./testing'],
    message: 'libs/ never imports tools/ (its integration tests may use the @bakery/testing harness).',
  },
  {
    target: 'libs/*/src/**',
    from: 'tools/testing/**',
    message: "libs/ never imports tools/: the @bakery/testing harness is for integration tests (test/), not a library's code.",
  },

  // services/: each one alone on the libs
  ...SERVICES.map((name) => ({
    target: `services/${name}`,
    from: 'services',
    except: [`./${name}`],
    message: 'A service never imports another service: they talk over NATS, through the subjects and payloads in @bakery/contracts.',
  })),
  {
    target: 'services',
    from: ['gateway', 'web'],
    message: 'A service never imports the gateway or the web app.',
  },
  {
    target: 'services',
    from: 'tools',
    except: ['./testing'],
    message: 'A service never imports tools/ (its integration tests may use the @bakery/testing harness).',
  },
  {
    target: 'services/*/src/**',
    from: 'tools/testing/**',
    message: "The @bakery/testing harness is for a service's integration tests (test/), not its code.",
  },

  // gateway/: talks to the services over NATS only
  {
    target: 'gateway/src',
    from: 'services',
    message: 'The gateway reaches the services over NATS (RpcClient and @bakery/contracts), never by importing them.',
  },
  {
    target: 'gateway',
    from: 'services',
    except: SERVICES.map((name) => `./${name}/src/service.ts`),
    message: "The gateway's tests may use a service's public entry (@bakery/service-<name>), never its internals.",
  },
  {
    target: 'gateway',
    from: 'web',
    message: 'The gateway never imports the web app (it serves the built web/dist).',
  },
  {
    target: 'gateway',
    from: 'tools',
    except: ['./testing'],
    message: 'The gateway never imports tools/ (its integration tests may use the @bakery/testing harness).',
  },
  {
    target: 'gateway/src/**',
    from: 'tools/testing/**',
    message: "The @bakery/testing harness is for the gateway's integration tests (test/), not its code.",
  },

  // web/src: the browser app, on the contracts' pure modules only
  {
    target: 'web/src',
    from: ['services', 'gateway', 'tools', 'web/e2e'],
    message: 'The web app talks to the gateway over HTTP; it imports none of the back end.',
  },
  {
    target: 'web/src',
    from: 'libs',
    except: ['./contracts'],
    message: 'The web app imports only @contracts/* (the contracts), nothing else of libs/.',
  },
  // app/ composes features, components and lib; nothing below imports it
  {
    target: ['web/src/features', 'web/src/components', 'web/src/lib', 'web/src/testing'],
    from: 'web/src/app',
    message: 'web/src/app composes the app: features, components and lib never import it.',
  },
  // components/ and lib/ are shared by every feature and import none
  {
    target: ['web/src/components', 'web/src/lib', 'web/src/testing'],
    from: 'web/src/features',
    message:
      'web/src/components, web/src/lib and web/src/testing import no feature: take what a feature knows as props, or move the shared piece down to components/ or lib/.',
  },
  {
    target: 'web/src/lib',
    from: 'web/src/components',
    message: 'web/src/lib is the bottom of the web app: it imports no component.',
  },
  // a feature reaches another only through its public api/ folder ...
  ...FEATURES.map((name) => ({
    target: `web/src/features/${name}`,
    from: 'web/src/features',
    except: [`./${name}`, ...FEATURES.filter((other) => other !== name).map((other) => `./${other}/api`)],
    message: "A feature imports another feature only through its public api/ folder; anything else they share goes to web/src/components or web/src/lib.",
  })),
  // ... and a feature's api/ imports no other feature (so features never import each other in a cycle)
  ...FEATURES.map((name) => ({
    target: `web/src/features/${name}/api`,
    from: 'web/src/features',
    except: [`./${name}`],
    message: "A feature's api/ imports no other feature (shared query keys live in web/src/lib/query-keys.ts).",
  })),
];

/** Resolve imports as TypeScript does, with the given tsconfig's `paths` (eslint-import-resolver-typescript). */
const resolverWith = (/** @type {string} */ tsconfig) => ({
  typescript: { project: path.join(ROOT, tsconfig), alwaysTryTypes: true },
});

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/*.d.ts',
      '.nx/**',
      'coverage/**',
      'data/**',
      'test-artifacts/**',
      'bench/profiles/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // a `let` assigned once, after a closure that reads it was set up (a handler registered before
      // the value exists), cannot be a const
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },

  // JavaScript: CommonJS scripts and configs for Node, ES modules where the extension says so
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: {
      // CommonJS is what these files are
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  {
    // the web app's plain scripts run in the browser, as classic scripts
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // jest's environment module runs in Node; the style mock too
    files: ['web/src/testing/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },

  // TypeScript everywhere. No `globals` here: TypeScript itself checks undefined names (typescript-eslint
  // turns no-undef off for these files), and import/no-cycle serializes the language options for
  // every import it follows, so a few thousand browser globals would cost a minute of lint.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
    rules: {
      // TypeORM types its entity and migration lists as Function[] (class constructors); we say the same
      '@typescript-eslint/no-unsafe-function-type': 'off',
      // `_`-prefixed names are deliberately unused (a handler's ignored argument, a destructured-away field)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'web/e2e/**/*.ts', 'tools/**/*.ts'],
    rules: {
      // tests and test tooling load some modules lazily on purpose (after the environment or a mock is set)
      '@typescript-eslint/no-require-imports': 'off',
      // tests read untyped JSON bodies and socket payloads from the real stack and poke at them
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  // the browser app
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // antd's Card brings Tabs, Dropdown and Menu to every screen that shows a card (issue 14)
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'antd', importNames: ['Card'], message: "Use Card from '@/components/ui/card': antd's imports Tabs, Dropdown and Menu." }] },
      ],
    },
  },

  // imports: resolution per area, then the layering and no cycles everywhere
  {
    plugins: { import: importPlugin },
    settings: {
      'import/external-module-folders': ['node_modules', 'node_modules/@types'],
      // never parse packages' own files (only the workspace's modules can make a cycle or cross a layer)
      'import/ignore': ['node_modules'],
      'import/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import/resolver': resolverWith('tools/lint/tsconfig.resolve.json'),
    },
  },
  {
    files: ['web/src/**', 'web/vite.config.ts'],
    settings: { 'import/resolver': resolverWith('web/tsconfig.json') },
  },
  {
    files: ['web/e2e/**'],
    settings: { 'import/resolver': resolverWith('web/e2e/tsconfig.json') },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: ROOT, zones: LAYERS }],
      // disableScc: the precomputed components graph is no faster here, reads the files from disk (so it
      // misses a cycle in code linted from an editor buffer or lintText) and fails on a file not yet on disk
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
    },
  },
  {
    // Test files are leaves: nothing imports them, so none can be part of a cycle, and following
    // their imports (the harness reaches every service) would only add time. Their helpers
    // (test/support/..., the harness itself) are still checked.
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import/no-cycle': 'off' },
  },
);
