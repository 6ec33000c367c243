/**
 * antd's prebuilt stylesheet (antd/dist/antd.css: 1 MB, 75 KB brotli, every one of antd's 70-odd
 * components) trimmed to the components the app can render, at build time (issue 14: it blocks the
 * first paint of every screen). A component can render only if its module is imported: the app's
 * own imports from 'antd' (and 'antd/es/...'), then every antd module those import, followed file
 * by file. The class prefixes the reachable modules ask for (`getPrefixCls('picker')`) are kept; the
 * rules of prefixes only unreachable modules use (Tree Select, Transfer, Tour, Upload...) go.
 */
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

export interface TrimmedCss {
  css: string;
  /** class prefixes whose rules stay (`btn`, `picker`, ...) */
  kept: string[];
  /** class prefixes whose rules went */
  dropped: string[];
}

/**
 * antd.css without the rules of components the app cannot render. A rule goes only when every one
 * of its selectors starts from such a component's class (the longest known prefix decides:
 * `.ant-select-tree` is TreeSelect's, not Select's), inside media queries too; keyframes stay, and
 * so does any rule a dropped prefix shares with a kept one.
 */
export function trimAntdCss(css: string, options: { esDir: string; srcDir: string }): TrimmedCss {
  const esDir = path.resolve(options.esDir);
  const { names, modules, prefixes } = antdImports(path.resolve(options.srcDir));
  const folders = exportFolders(esDir);
  const start = [...modules].map((m) => mustResolve(path.join(esDir, m), `antd/es/${m}`));
  for (const name of names) {
    const folder = folders.get(name);
    if (!folder) throw new Error(`antd-css: antd exports no "${name}"`);
    start.push(mustResolve(path.join(esDir, folder), `antd/es/${folder}`));
  }
  const reachable = importClosure(start);
  const keep = new Set(prefixes);
  const drop = new Set<string>();
  for (const file of filesUnder(esDir)) {
    for (const prefix of prefixesIn(fs.readFileSync(file, 'utf8'))) (reachable.has(file) ? keep : drop).add(prefix);
  }
  for (const prefix of keep) drop.delete(prefix);
  const known = [...keep, ...drop].sort((a, b) => b.length - a.length);
  const owner = (selector: string) => {
    const cls = /\.ant-([a-z-]+)/.exec(selector)?.[1];
    return cls === undefined ? undefined : known.find((p) => cls === p || cls.startsWith(`${p}-`));
  };
  const unused = (selector: string) => {
    const prefix = owner(selector);
    return prefix !== undefined && drop.has(prefix);
  };
  const sheet = postcss.parse(css);
  // postcss's selector list splits at top-level commas only (not inside `:not(.a, .b)`); rules in
  // media queries are walked too, and keyframes' steps (`0%`, `to`) belong to no component
  sheet.walkRules((rule) => {
    if (rule.selectors.every(unused)) rule.remove();
  });
  sheet.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return { css: sheet.toString(), kept: [...keep].sort(), dropped: [...drop].sort() };
}

/** The Vite plugin: antd/dist/antd.css, as the app imports it, trimmed (in builds; dev serves it whole). */
export function antdUsedCss(options: { esDir: string; srcDir: string }): Plugin {
  return {
    name: 'antd-used-css',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]antd[\\/]dist[\\/]antd\.css$/.test(id)) return null;
      const { css, dropped } = trimAntdCss(fs.readFileSync(id, 'utf8'), options);
      this.info(`antd.css without the rules of ${dropped.length} unused components (${dropped.join(', ')})`);
      return css;
    },
  };
}

/** Names the app imports from 'antd', modules it imports from 'antd/es/...', prefixes it asks for itself. */
export function antdImports(srcDir: string): { names: Set<string>; modules: Set<string>; prefixes: Set<string> } {
  const names = new Set<string>();
  const modules = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of filesUnder(srcDir, /\.tsx?$/).filter((f) => !/\.(test|spec)\.tsx?$/.test(f))) {
    const code = fs.readFileSync(file, 'utf8');
    for (const [, typeOnly, list] of code.matchAll(/import\s+(type\s+)?\{([^}]+)\}\s+from\s+'antd'/g)) {
      if (typeOnly) continue;
      for (const part of list.split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
      }
    }
    for (const [, module] of code.matchAll(/from\s+'antd\/es\/([^']+)'/g)) modules.add(module);
    // components/ui/card.tsx draws antd's card markup with antd's classes
    for (const prefix of prefixesIn(code)) prefixes.add(prefix);
  }
  return { names, modules, prefixes };
}

/** antd/es's folder of each name the package exports (`export { default as Button } from './button'`). */
function exportFolders(esDir: string): Map<string, string> {
  const index = fs.readFileSync(path.join(esDir, 'index.js'), 'utf8');
  const folders = new Map<string, string>();
  for (const [, list, folder] of index.matchAll(/export \{([^}]+)\} from '\.\/([^/']+)[^']*'/g)) {
    for (const part of list.split(',')) folders.set(part.trim().split(/\s+as\s+/).pop()!, folder);
  }
  return folders;
}

/** The modules reachable from `start` by relative imports (`from '../tabs'`). */
function importClosure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*'(\.[^']*)'/g)) {
      const target = resolveModule(path.resolve(path.dirname(file), specifier));
      if (target) queue.push(target);
    }
  }
  return seen;
}

function resolveModule(base: string): string | undefined {
  return [base, `${base}.js`, path.join(base, 'index.js')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
}

function mustResolve(base: string, name: string): string {
  const file = resolveModule(base);
  if (!file) throw new Error(`antd-css: no module ${name}`);
  return file;
}

function prefixesIn(code: string): string[] {
  return [...code.matchAll(/getPrefixCls\(\s*'([a-z-]+)'/g)].map((m) => m[1]);
}

function filesUnder(dir: string, pattern = /\.js$/): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(file, pattern);
    return pattern.test(entry.name) ? [file] : [];
  });
}
