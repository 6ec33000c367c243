#!/usr/bin/env node
/**
 * Prints how much JavaScript the sign-in page (/ for a visitor) loads, gzipped, and fails above the
 * limit. Follows dist/.vite/manifest.json: the entry chunk, its static imports, and the lazily
 * loaded auth page with its static imports (what the browser fetches before the form shows).
 * Usage: node scripts/bundle-size.mjs [dist folder].
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// 290: the landing page's libraries include the catalogue's (vite.config.ts, FIRST_SCREENS): the
// screen every sign-in leads to, and the one a returning customer opens first (was 250 without them)
const LIMIT_KB = Number(process.env.SIGNIN_JS_LIMIT_KB ?? 290);
const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(webDir, 'dist'));
const manifestFile = join(dist, '.vite', 'manifest.json');
const AUTH_PAGE = 'src/features/auth/components/auth-page.tsx';

if (!existsSync(manifestFile)) {
  console.error(`bundle-size: ${manifestFile} is missing; run vite build (with build.manifest) first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('bundle-size: no entry chunk in the manifest');
if (!manifest[AUTH_PAGE]) throw new Error(`bundle-size: ${AUTH_PAGE} is not a chunk of its own (is it still lazily loaded?)`);

/** A chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const keys = closure(AUTH_PAGE, closure(entryKey));
const rows = [...keys]
  .map((key) => {
    const file = manifest[key].file;
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .filter((r) => r.file.endsWith('.js'))
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n) => (n / 1024).toFixed(1);
const total = rows.reduce((s, r) => s + r.gzip, 0);
const raw = rows.reduce((s, r) => s + r.raw, 0);
for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(8)} KB  ${kb(r.gzip).padStart(7)} KB gzip`);
console.log(`Sign-in page initial JS: ${kb(total)} KB gzipped (${kb(raw)} KB raw, ${rows.length} files); limit ${LIMIT_KB} KB`);
if (total > LIMIT_KB * 1024) {
  console.error(`bundle-size: the sign-in page loads ${kb(total)} KB of gzipped JavaScript, over the ${LIMIT_KB} KB limit`);
  process.exit(1);
}
