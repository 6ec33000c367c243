/**
 * The web app imports the shared contracts straight from libs/contracts/src. Only decorator-free
 * modules may be imported for their values (class-validator and reflect-metadata must not reach
 * the browser bundle), and what they import at runtime must be such modules too, or a pure library
 * (Luxon); users.ts, catalog.ts, ordering.ts and delivery-schedule.ts come in with `import type` only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const WEB_SRC = path.resolve(__dirname, '..');
const CONTRACTS = path.resolve(__dirname, '../../../libs/contracts/src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** `import ... from '<spec>'` and `export ... from '<spec>'` statements, with whether they are type-only. */
function imports(text: string): { spec: string; typeOnly: boolean }[] {
  const found: { spec: string; typeOnly: boolean }[] = [];
  // the clause holds no quote or semicolon: a side-effect import (import './x.css';) is not the start of the next one's
  const re = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;'"]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const clause = m[3];
    // `import { type A, type B } from` is type-only too
    const allTyped = /^\{[\s\S]*\}$/.test(clause.trim()) && clause.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type'));
    found.push({ spec: m[4], typeOnly: Boolean(m[2]) || allTyped });
  }
  // side-effect imports: import 'x'
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) found.push({ spec: m[1], typeOnly: false });
  return found;
}

/** Packages a decorator-free contracts module may use at runtime: Luxon (zone arithmetic of delivery-rules.ts). */
const PURE_LIBRARIES = ['luxon'];
const DECORATED = ['users', 'catalog', 'ordering', 'validation', 'index', 'customers', 'auth', 'delivery-schedule'];

describe('contracts imported by the web app', () => {
  const runtime = new Map<string, string[]>();
  for (const file of sources(WEB_SRC)) {
    for (const { spec, typeOnly } of imports(readFileSync(file, 'utf8'))) {
      const match = /^@contracts\/(.+)$/.exec(spec);
      if (match && !typeOnly) runtime.set(match[1], [...(runtime.get(match[1]) ?? []), path.relative(WEB_SRC, file)]);
    }
  }

  it('are used at runtime (constants and money at least)', () => {
    expect([...runtime.keys()]).toEqual(expect.arrayContaining(['constants', 'money']));
  });

  it('are, when imported for their values, modules without decorators whose own runtime imports are such modules or a pure library', () => {
    // followed through the contracts' own imports: delivery-rules.ts brings calendar.ts and constants.ts
    const seen = new Set<string>();
    const visit = (module: string, importers: string[]) => {
      if (seen.has(module)) return;
      seen.add(module);
      const text = readFileSync(path.join(CONTRACTS, `${module}.ts`), 'utf8');
      const valueImports = imports(text).filter((i) => !i.typeOnly);
      const unexpected = valueImports.filter((i) => !i.spec.startsWith('./') && !PURE_LIBRARIES.includes(i.spec));
      expect({ module, importers, unexpected }).toEqual({ module, importers, unexpected: [] });
      expect(text).not.toMatch(/^\s*@\w+\(/m);
      for (const i of valueImports) if (i.spec.startsWith('./')) visit(i.spec.slice(2), [...importers, module]);
    };
    for (const [module, importers] of runtime) visit(module, importers);
    // and none of them is a decorated module
    for (const decorated of DECORATED) expect({ module: decorated, reached: seen.has(decorated) }).toEqual({ module: decorated, reached: false });
  });

  it('never include the decorated modules for their values', () => {
    for (const decorated of DECORATED) {
      expect({ module: decorated, importers: runtime.get(decorated) ?? [] }).toEqual({ module: decorated, importers: [] });
    }
  });
});
