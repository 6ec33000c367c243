import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The layering rules of eslint.config.mjs bite: scratch code linted at virtual paths of the
 * repository (tools/lint/lint-text.mjs, ESLint's Node API with the real config) is refused where
 * it crosses a layer and let through where it does not. Plus two checks ESLint does not make: the
 * web app's features, taken as a whole, depend on each other without a cycle; and every package
 * lists the workspace packages it imports, so nx's project graph knows each edge.
 */

const ROOT = path.resolve(__dirname, '..', '..');

interface Sample {
  name: string;
  filePath: string;
  code: string;
}
interface Message {
  ruleId: string | null;
  message: string;
}

const imports = (specifier: string) => `import * as imported from '${specifier}';\nexport const used = imported;\n`;

/** Pieces of code that must be refused, each with the rule that refuses it. */
const refused: (Sample & { rule: string })[] = [
  {
    name: "a web feature importing another feature's internals",
    filePath: 'web/src/features/cart/components/scratch.tsx',
    code: imports('@/features/orders/filters'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a web feature importing another feature's component by a relative path",
    filePath: 'web/src/features/dashboard/components/scratch.tsx',
    code: imports('../../products/components/product-card'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a feature's api/ importing another feature (even its api/)",
    filePath: 'web/src/features/orders/api/scratch.ts',
    code: imports('@/features/cart/api/cart'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'a layout importing a feature',
    filePath: 'web/src/components/layouts/scratch.tsx',
    code: imports('@/features/cart/api/cart'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'web/src/lib importing a feature',
    filePath: 'web/src/lib/scratch.ts',
    code: imports('@/features/orders/api/orders'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'web/src/lib importing a component',
    filePath: 'web/src/lib/scratch.ts',
    code: imports('@/components/ui/toast-store'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'the web app importing a library other than the contracts',
    filePath: 'web/src/lib/scratch.ts',
    code: imports('../../../libs/platform/src'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'a libs file importing a service',
    filePath: 'libs/platform/src/scratch.ts',
    code: imports('@bakery/service-catalog'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'a libs file importing the gateway',
    filePath: 'libs/service-kit/src/scratch.ts',
    code: imports('@bakery/gateway'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a libs file importing the test harness from tools/",
    filePath: 'libs/event-bus/src/scratch.ts',
    code: imports('@bakery/testing'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'a service importing another service',
    filePath: 'services/ordering/src/scratch.ts',
    code: imports('@bakery/service-catalog'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a service's test importing another service's internals",
    filePath: 'services/ordering/test/scratch.int.spec.ts',
    code: imports('../../catalog/src/domain/products'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'the gateway importing a service',
    filePath: 'gateway/src/scratch.ts',
    code: imports('@bakery/service-auth'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: "a gateway test importing a service's internals",
    filePath: 'gateway/test/scratch.int.spec.ts',
    code: imports('../../services/catalog/src/uploads/upload-sweeper'),
    rule: 'import/no-restricted-paths',
  },
  {
    name: 'an import cycle in the web app (query-client already imports api-client)',
    filePath: 'web/src/lib/api-client.ts',
    code: imports('./query-client'),
    rule: 'import/no-cycle',
  },
  {
    name: 'an import cycle in libs (the contracts index already re-exports money)',
    filePath: 'libs/contracts/src/money.ts',
    code: imports('./index'),
    rule: 'import/no-cycle',
  },
];

/** Pieces of code that must pass. */
const allowed: Sample[] = [
  {
    name: "a web feature importing another feature's public api/, components and lib",
    filePath: 'web/src/features/cart/components/scratch.tsx',
    code: [
      "import { usePlaceOrder } from '@/features/orders/api/orders';",
      "import { StatusBadge } from '@/components/ui/status-badge';",
      "import { formatAmount } from '@/lib/money';",
      "import type { Order } from '@contracts/ordering';",
      'export const used: [unknown, unknown, unknown, Order | null] = [usePlaceOrder, StatusBadge, formatAmount, null];',
      '',
    ].join('\n'),
  },
  {
    name: "a feature's api/ importing lib (the shared query keys)",
    filePath: 'web/src/features/orders/api/scratch.ts',
    code: imports('@/lib/query-keys'),
  },
  {
    name: 'the app importing features and components',
    filePath: 'web/src/app/scratch.tsx',
    code: imports('@/features/dashboard/components/dashboard-page') + imports('@/components/layouts/app-shell').replace('used', 'shell'),
  },
  {
    name: 'a service importing the libs',
    filePath: 'services/ordering/src/scratch.ts',
    code: imports('@bakery/contracts') + imports('@bakery/service-kit').replace('used', 'kit'),
  },
  {
    name: 'a libs integration test using the @bakery/testing harness',
    filePath: 'libs/event-bus/test/scratch.int.spec.ts',
    code: imports('@bakery/testing'),
  },
  {
    name: "a gateway test using a service's public entry",
    filePath: 'gateway/test/scratch.int.spec.ts',
    code: imports('@bakery/service-catalog'),
  },
  {
    name: 'tools importing everything',
    filePath: 'tools/testing/src/scratch.ts',
    code: imports('@bakery/gateway') + imports('../../../services/catalog/src/catalog.config').replace('used', 'config'),
  },
];

function lint(samples: Sample[]): Map<string, Message[]> {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'lint-text.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(samples.map(({ code, filePath }) => ({ code, filePath }))),
    encoding: 'utf8',
    timeout: 60_000,
  });
  const results = JSON.parse(out) as { filePath: string; messages: Message[] }[];
  return new Map(samples.map((sample, i) => [sample.name, results[i].messages]));
}

describe('the layering rules of eslint.config.mjs', () => {
  let results: Map<string, Message[]>;
  beforeAll(() => {
    results = lint([...refused, ...allowed]);
  }, 60_000);

  it.each(refused.map((s) => [s.name, s] as const))('refuses %s', (_name, sample) => {
    const messages = results.get(sample.name)!;
    expect(messages.map((m) => m.ruleId)).toContain(sample.rule);
  });

  it.each(allowed.map((s) => [s.name, s] as const))('allows %s', (_name, sample) => {
    expect(results.get(sample.name)).toEqual([]);
  });

  it('says why, in the message', () => {
    const [message] = results.get("a web feature importing another feature's internals")!;
    expect(message.message).toContain('only through its public api/ folder');
  });
});

describe('the web features', () => {
  const FEATURES = path.join(ROOT, 'web', 'src', 'features');

  function filesOf(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesOf(file);
      return /\.tsx?$/.test(entry.name) ? [file] : [];
    });
  }

  /** feature -> the features it imports (any file, tests included, by `@/features/...` or a relative path) */
  function featureGraph(): Map<string, Set<string>> {
    const graph = new Map<string, Set<string>>();
    const featureOf = (file: string) => path.relative(FEATURES, file).split(path.sep)[0];
    for (const file of filesOf(FEATURES)) {
      const from = featureOf(file);
      const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const target = specifier.startsWith('@/features/')
          ? path.join(ROOT, 'web', 'src', specifier.slice(2))
          : specifier.startsWith('.')
            ? path.resolve(path.dirname(file), specifier)
            : null;
        if (!target || path.relative(FEATURES, target).startsWith('..')) continue;
        const to = featureOf(target);
        if (to !== from) edges.add(to);
      }
    }
    return graph;
  }

  it('depend on each other without a cycle (feature A using B while B uses A)', () => {
    const graph = featureGraph();
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (feature: string, trail: string[]) => {
      if (state.get(feature) === 'done') return;
      if (state.get(feature) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(feature)), feature].join(' -> '));
        return;
      }
      state.set(feature, 'visiting');
      for (const next of graph.get(feature) ?? []) visit(next, [...trail, feature]);
      state.set(feature, 'done');
    };
    for (const feature of graph.keys()) visit(feature, []);
    expect(cycles).toEqual([]);
    // the scan saw the features and their edges (a broken one would pass vacuously)
    expect(graph.size).toBeGreaterThanOrEqual(5);
    expect([...(graph.get('dashboard') ?? [])]).toContain('orders');
  });
});

describe('the workspace packages', () => {
  const SKIP = new Set(['node_modules', 'dist', '.nx', 'test-artifacts', 'coverage']);

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (SKIP.has(entry.name)) return [];
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(file);
      return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [file] : [];
    });
  }

  it("list every workspace package they import in their package.json (the test harness from tests excepted)", () => {
    const rootManifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const roots = rootManifest.workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
            .filter((entry) => entry.isDirectory())
            .map((entry) => path.join(pattern.slice(0, -2), entry.name))
        : [pattern],
    );
    const packages = roots.flatMap((root) => {
      try {
        const manifest = JSON.parse(readFileSync(path.join(ROOT, root, 'package.json'), 'utf8'));
        const listed = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
        return [{ root, name: manifest.name as string, listed }];
      } catch {
        return []; // a folder that is not a package (tools/lint)
      }
    });
    const packageOf = (file: string) =>
      packages.find((p) => {
        const rel = path.relative(path.join(ROOT, p.root), file);
        return !rel.startsWith('..') && !path.isAbsolute(rel);
      });

    const missing = new Set<string>();
    for (const pkg of packages) {
      for (const file of sourceFiles(path.join(ROOT, pkg.root))) {
        const isTest = /(^|\/)(test|e2e)\/|\.(spec|test)\.tsx?$/.test(path.relative(ROOT, file));
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import|require)\s*\(?\s*['"]([^'"]+)['"]/g)) {
          let target: string | undefined;
          if (specifier.startsWith('@bakery/')) target = specifier.split('/').slice(0, 2).join('/');
          else if (specifier.startsWith('@contracts/')) target = '@bakery/contracts';
          else if (specifier.startsWith('.')) target = packageOf(path.resolve(path.dirname(file), specifier))?.name;
          if (!target || target === pkg.name || pkg.listed.has(target)) continue;
          // the harness starts every service: tests use it without listing it (docs/architecture.md, "Layering")
          if (target === '@bakery/testing' && isTest) continue;
          missing.add(`${pkg.name} imports ${target} (${path.relative(ROOT, file)})`);
        }
      }
    }
    expect([...missing]).toEqual([]);
    expect(packages.length).toBeGreaterThanOrEqual(12);
  });
});
