/**
 * Fewer, larger library chunks for the screens people open first (issue 14).
 *
 * Rollup cuts a chunk for every set of screens that shares a module: with twenty lazy screens, the
 * catalogue's libraries (antd's Select, Tooltip, Badge, their rc-components, icons) arrive in about
 * twenty files of 2 to 25 KB, and on a phone's line each file is a request of its own. Here a first
 * build only looks (`vite build --mode chunk-scan`, nothing written but the groups file): which
 * library modules the entry loads (with the screens named to go with it), and, for the rest, which
 * of the other first screens load each. The real build then puts each group in one chunk
 * (`manualChunks`). A first screen loads exactly the library code it loaded before, in fewer files;
 * the entry also loads what goes with it (the price, paid by the landing page, of the catalogue's
 * speed); screens opened later may load a group for one module of it (cached by then, mostly).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A screen opened first: its name (in chunk names) and the modules it is loaded from. */
export interface FirstScreen {
  name: string;
  /** dynamically imported modules (their source path) whose chunks make up the screen */
  roots: RegExp[];
}

/** What the scan reads of Rollup's output bundle. */
export interface ScannedChunk {
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  modules?: Record<string, unknown>;
}

// library code only: stylesheets stay where the app imports them (antd's before the app's own)
const LIBRARY = /[\\/]node_modules[\\/]/;
const STYLESHEET = /\.css(\?|$)/;

/** The modules of the chunks a screen loads: its roots' chunks and what they import, statically. */
function modulesLoaded(bundle: Record<string, ScannedChunk>, isRoot: (chunk: ScannedChunk) => boolean): Set<string> {
  const files = new Set<string>();
  const load = (file: string) => {
    if (files.has(file) || bundle[file]?.type !== 'chunk') return;
    files.add(file);
    for (const imported of bundle[file].imports ?? []) load(imported);
  };
  for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && isRoot(chunk)) load(file);
  return new Set([...files].flatMap((file) => Object.keys(bundle[file].modules ?? {})));
}

/** Whether the chunk is the one Rollup made for a module matching one of `roots`. */
const madeFor = (chunk: ScannedChunk, roots: readonly RegExp[]) => chunk.facadeModuleId != null && roots.some((root) => root.test(chunk.facadeModuleId!));

/**
 * Library modules by chunk: the page's entry loads `vendor-<entry>`; every other library module a
 * first screen loads goes by which first screens load it (`vendor-catalogue`, `vendor-catalogue-cart`,
 * ...). A first screen then loads exactly the library code it loaded before, in a file per set of
 * screens sharing it rather than one per set of all twenty screens; `skip` keeps modules out (those
 * another manual chunk holds).
 */
export function scanChunkGroups(
  bundle: Record<string, ScannedChunk>,
  options: { entry: string; withEntry?: RegExp[]; screens: FirstScreen[]; skip: (id: string) => boolean },
): Record<string, string[]> {
  const library = (id: string) => LIBRARY.test(id) && !STYLESHEET.test(id) && !options.skip(id);
  const withEntry = options.withEntry ?? [];
  const entry = [...modulesLoaded(bundle, (chunk) => chunk.isEntry === true || madeFor(chunk, withEntry))].filter(library);
  const taken = new Set(entry);
  const loads = options.screens.map((screen) => {
    const modules = modulesLoaded(bundle, (chunk) => madeFor(chunk, screen.roots));
    if (modules.size === 0) throw new Error(`chunk-groups: no chunk for the roots of screen "${screen.name}"`);
    return { name: screen.name, modules };
  });
  const groups: Record<string, string[]> = { [`vendor-${options.entry}`]: entry.sort() };
  for (const id of new Set(loads.flatMap((screen) => [...screen.modules]))) {
    if (!library(id) || taken.has(id)) continue;
    const group = `vendor-${loads
      .filter((screen) => screen.modules.has(id))
      .map((screen) => screen.name)
      .join('-')}`;
    (groups[group] ??= []).push(id);
  }
  for (const ids of Object.values(groups)) ids.sort();
  return groups;
}

/** The scan build's plugin: writes the groups of its bundle to `file` (JSON: group name → module ids). */
export function chunkGroupsScan(options: { file: string; entry: string; withEntry?: RegExp[]; screens: FirstScreen[]; skip: (id: string) => boolean }): Plugin {
  return {
    name: 'chunk-groups-scan',
    apply: 'build',
    generateBundle(_output, bundle) {
      const groups = scanChunkGroups(bundle as unknown as Record<string, ScannedChunk>, options);
      fs.mkdirSync(path.dirname(options.file), { recursive: true });
      fs.writeFileSync(options.file, `${JSON.stringify(groups, null, 1)}\n`);
      this.info(`chunk groups: ${Object.entries(groups).map(([name, ids]) => `${name} ${ids.length} modules`).join(', ')}`);
    },
  };
}

/**
 * The real build's grouping, from the scan's file: module id → group name. Without the file (a
 * plain `vite build`, or `vite` in development) nothing is grouped: Rollup's own chunks.
 */
export function chunkGroupOf(file: string): (id: string) => string | undefined {
  if (!fs.existsSync(file)) return () => undefined;
  const groups = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  const byId = new Map<string, string>();
  for (const [name, ids] of Object.entries(groups)) for (const id of ids) byId.set(id, name);
  return (id) => byId.get(id);
}
