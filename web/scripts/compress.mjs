#!/usr/bin/env node
/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
 * highest levels: the gateway sends the copy the browser accepts (gateway/src/http/http-pipeline.ts,
 * `webApp`) instead of compressing on every request. Usage: node scripts/compress.mjs [dist folder].
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(webDir, 'dist'));
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
// below this a copy saves less than the headers it costs
const MIN_BYTES = 1024;

/** Files under `dir`, leaving out dot folders (.vite holds the manifest, which is not served to browsers). */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const file of files(dist)) {
  if (!TEXT.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  // a copy that is not smaller is not written: the gateway then sends the plain file
  if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
  raw += bytes.length;
  br += Math.min(brotli.length, bytes.length);
  gz += Math.min(gzip.length, bytes.length);
  count++;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`compress: ${count} files in ${dist}: ${kb(raw)} -> ${kb(br)} brotli, ${kb(gz)} gzip`);
