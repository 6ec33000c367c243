#!/usr/bin/env node
/**
 * Summarises a V8 .cpuprofile (from `BENCH_PROFILE=gateway npm run bench`): where the CPU went,
 * by package and by function, optionally only between two monotonic timestamps in µs (the
 * benchmark prints each scenario's window when profiling).
 *
 *   node bench/profile-summary.js bench/profiles/gateway-123.cpuprofile [fromUs toUs]
 */
const fs = require('node:fs');

const [file, fromArg, toArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.js <file.cpuprofile> [fromUs toUs]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const from = fromArg ? Number(fromArg) : -Infinity;
const to = toArg ? Number(toArg) : Infinity;

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTime = new Map();
let t = profile.startTime;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  if (t >= from && t <= to) selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
});

const byFunction = new Map();
const byPackage = new Map();
let total = 0;
let idle = 0;
for (const [id, us] of selfTime) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  total += us;
  if (functionName === '(idle)') {
    idle += us;
    continue;
  }
  const where = url.replace(/.*node_modules\//, '').replace(/.*\/(gateway|services|libs)\//, '$1/');
  const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1] ?? (url.startsWith('node:') ? 'node (internal)' : url ? where.split('/').slice(0, 2).join('/') : functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const busy = total - idle;
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)}%); shares of busy time:\n`);
console.log(top(byPackage, 20));
console.log('');
console.log(top(byFunction, 30));
