#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse at phone width (its default mobile emulation: slow 4G, 4x
 * CPU slowdown) on the sign-in page as a visitor, and on the catalogue and the cart as a signed-in
 * customer with one cart line, against a running stack with the sample catalogue (`npm start`, then
 * `npm run seed`). Prints one line per page: the scores, the metrics, the largest paint's element,
 * what was downloaded before it and how fast the machine was (scores move with it).
 *
 * The customer is signed in the way a browser is (the gateway's cookies in the browser's jar, the
 * session hint included), not with an injected Cookie header: the web app reads the hint. Each page
 * starts with an empty cache: a new browser profile holding only those cookies (Lighthouse's own
 * storage reset would drop them).
 *
 * Env: LH_URL (http://localhost:3000), LH_EMAIL / LH_PASSWORD (the seed's demo cafe), LH_RUNS (1),
 * LH_PAGES (sign-in,catalogue,cart), LH_REPORTS (unset: a folder to keep the JSON reports in), CHROME_PATH (/usr/bin/chromium),
 * LH_THROTTLING (simulate: Lighthouse's default, the scores; devtools: the page really loaded on the
 * throttled line and CPU, to time what the simulation cannot see, such as requests made in parallel). Runs lighthouse 12 with npx (fetched on first use).
 * Targets (issue 14): performance 90, accessibility 100, best practices 100.
 */
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const BASE = process.env.LH_URL ?? 'http://localhost:3000';
const EMAIL = process.env.LH_EMAIL ?? 'cafe@demo.bakery';
const PASSWORD = process.env.LH_PASSWORD ?? 'demo-cafe-1';
const RUNS = Number(process.env.LH_RUNS ?? 1);
const PAGES = (process.env.LH_PAGES ?? 'sign-in,catalogue,cart').split(',');
// a folder to keep each run's whole report in (for the request chains and the largest paint's phases)
const REPORTS = process.env.LH_REPORTS;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const THROTTLING = process.env.LH_THROTTLING ?? 'simulate';
const PORT = 9333;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'];

async function call(method, route, body, cookie) {
  const res = await fetch(`${BASE}${route}`, {
    method,
    headers: { 'content-type': 'application/json', origin: BASE, ...(cookie ? { cookie } : {}) },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res;
}

/** Signs the customer in, with one line in the cart; answers the cookies the gateway set. */
async function signIn() {
  const login = await call('POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0].split('='));
  const header = cookies.map(([name, value]) => `${name}=${value}`).join('; ');
  const products = await (await call('GET', '/api/products', undefined, header)).json();
  const cart = await (await call('GET', '/api/cart', undefined, header)).json();
  if (cart.length === 0) await call('POST', '/api/cart', { productId: products.find((p) => p.stock > 0).id, quantity: 1 }, header);
  // with an expiry, so the browser writes them to its profile on disk (see profileWith)
  const expires = Math.floor(Date.now() / 1000) + 3600;
  return cookies.map(([name, value]) => ({ name, value, url: BASE, expires }));
}

function lighthouse(url) {
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}.json`);
  execFileSync(
    'npx',
    ['--yes', 'lighthouse@12', url, `--port=${PORT}`, '--form-factor=mobile', `--throttling-method=${THROTTLING}`, '--disable-storage-reset', '--output=json', `--output-path=${out}`, '--quiet'],
    // its stderr (progress, and trace-engine complaints it recovers from) is shown only if it fails
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: CHROME } },
  );
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  if (REPORTS) fs.copyFileSync(out, path.join(REPORTS, `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`));
  fs.rmSync(out, { force: true });
  return report;
}

function summary(page, report) {
  const scores = Object.entries(report.categories).map(([k, v]) => `${k} ${Math.round(v.score * 100)}`).join(', ');
  const metrics = METRICS.map((m) => `${m.replace(/-/g, ' ')} ${report.audits[m].displayValue}`).join(', ');
  // the largest paint's element: shows the page is the one meant (not the sign-in page, not a 404)
  const lcp = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? 'none';
  return `${page}: ${scores}; ${metrics}; largest paint: ${lcp}; ${bytesBefore(report)}; ${speedOfThisMachine(report)}`;
}

/**
 * How fast this machine was during the run: Lighthouse's benchmark index (a fixed piece of work it
 * times; the simulated 4x CPU multiplies what this machine did, so scores only compare between runs
 * of similar index) and the first paint as really observed, unthrottled.
 */
function speedOfThisMachine(report) {
  const index = report.environment?.benchmarkIndex;
  const observed = report.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint;
  return `benchmark index ${index === undefined ? 'unknown' : Math.round(index)}, first paint observed unthrottled ${typeof observed === 'number' ? `${Math.round(observed)} ms` : 'unknown'}`;
}

/**
 * What the page moved before its largest paint (as loaded, unthrottled): on the simulated slow 4G
 * line (1.6 Mbit/s) these bytes, more than the round trips, set the signed-in pages' largest paint.
 */
function bytesBefore(report) {
  const observed = report.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  if (typeof observed !== 'number') return 'before it: unknown';
  const before = requests.filter((r) => r.networkRequestTime < observed);
  const kb = before.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
  const script = before.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
  return `before it ${before.length} requests, ${kb.toFixed(0)} KB (script ${script.toFixed(0)} KB)`;
}

/** A fresh profile (empty cache) holding `cookies`, written by a browser Playwright starts and closes. */
async function profileWith(cookies) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
  if (cookies.length > 0) {
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: [...FLAGS, '--password-store=basic'] });
    await context.addCookies(cookies);
    await context.close();
  }
  return profile;
}

/**
 * Lighthouse drives a browser of its own on PORT (Playwright is not attached: it would hold every
 * new tab for itself), started on the profile.
 */
async function audit(url, cookies) {
  const profile = await profileWith(cookies);
  const chrome = spawn(CHROME, [...FLAGS, '--password-store=basic', `--remote-debugging-port=${PORT}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`http://127.0.0.1:${PORT}/json/version`).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 50) throw new Error('chromium did not open its debugging port');
      await new Promise((r) => setTimeout(r, 200));
    }
    return lighthouse(url);
  } finally {
    chrome.kill();
    await new Promise((r) => chrome.once('exit', r));
    // chromium's helper processes can still be writing to the profile for a moment after it exits;
    // a profile left behind in the temp folder is not worth failing the run for
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 25, retryDelay: 200 });
    } catch (err) {
      console.warn(`(left ${profile} behind: ${err.code})`);
    }
  }
}

async function main() {
  if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
  const cookies = await signIn();
  console.log(`Lighthouse 12 (mobile, ${THROTTLING} throttling) on ${BASE}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`);
  for (let run = 0; run < RUNS; run++) {
    for (const [page, route, signedIn] of [['sign-in', '/', false], ['catalogue', '/products', true], ['cart', '/cart', true]]) {
      if (!PAGES.includes(page)) continue;
      console.log(summary(page, await audit(`${BASE}${route}`, signedIn ? cookies : [])));
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
