#!/usr/bin/env node
/**
 * `npm run bench:first-screen`: how long a customer waits, after the sign-in answer, for the first
 * product card, in Debian's chromium: cold (a new browser context, empty cache) and warm (the same
 * context signed out and back in, cache primed). Then the next screen: in the cold visit, once the
 * catalogue has settled (no new request for a second), one Add to Cart and the header's Cart link,
 * timed from the click to the order summary on screen. Starts the stack as processes like bench/run.js
 * (or uses the one at BENCH_URL), seeds products and a customer, and prints one JSON object.
 *
 * Env: BENCH_URL + ADMIN_REGISTRATION_KEY (use a running stack instead), BENCH_RUNS (5),
 * WEB_DIST_DIR (the built web app the started gateway serves; default web/dist).
 * Targets (issue 14): p50 under 1 s cold, under 500 ms warm.
 */
// watchFirstCard and the page.evaluate callbacks run in the browser
/* global document, window, MutationObserver */
const { randomUUID } = require('node:crypto');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { Client, percentile, pool } = require('./lib/client');

const ROOT = path.resolve(__dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-pass-1';
const BROWSER_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The whole stack from dist/ (as bench/run.js starts it), unless BENCH_URL names a running one. */
async function startStack() {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, key: process.env.ADMIN_REGISTRATION_KEY, stop: async () => {} };
  const { ProcessStack, waitForHealthy } = require(path.join(ROOT, 'tools/devstack/dist/process-stack'));
  const { dropNamespace } = require(path.join(ROOT, 'tools/devstack/dist'));
  const { SERVICE_NAMES } = require('@bakery/contracts');
  const namespace = `bench_${randomUUID().slice(0, 6)}`;
  const port = await freePort();
  const key = randomUUID();
  const stack = new ProcessStack({
    env: { ...process.env, BAKERY_NAMESPACE: namespace, PORT: String(port), ADMIN_REGISTRATION_KEY: key, LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES_PER_IP: '100000' },
    stdio: 'inherit',
    onUnexpectedExit: (name, code, signal) => console.error(`bench: ${name} exited (${signal ?? code})`),
  });
  for (const name of [...SERVICE_NAMES, 'gateway']) stack.spawn(name);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthy(url, 60_000);
  return {
    url,
    key,
    stop: async () => {
      await stack.stopAll(10_000);
      await dropNamespace(DATABASE_URL, process.env.NATS_URL ?? 'nats://127.0.0.1:4222', namespace);
    },
  };
}

/** 24 products (a full first screen of cards) and one customer to sign in as. */
async function seed(stack) {
  const admin = new Client(stack.url);
  const adminEmail = `bench-admin-${randomUUID().slice(0, 8)}@bench.test`;
  await admin.expect(201, 'POST', '/api/auth/admin-register', { email: adminEmail, password: PASSWORD, firstName: 'Bench', lastName: 'Admin', registrationKey: stack.key });
  await admin.expect(200, 'POST', '/api/auth/admin-login', { email: adminEmail, password: PASSWORD });
  await pool(Array.from({ length: 24 }, (_, i) => i), 8, (i) =>
    admin.expect(201, 'POST', '/api/products', {
      name: `Bench ${['Loaf', 'Croissant', 'Bagel'][i % 3]} ${String(i).padStart(2, '0')}`,
      description: 'Benchmark product',
      price: `${2 + (i % 7)}.50`,
      category: ['breads', 'pastries', 'bagels'][i % 3],
      stock: 1000,
    }),
  );
  const email = `bench-first-screen-${randomUUID().slice(0, 6)}@bench.test`;
  await new Client(stack.url).expect(201, 'POST', '/api/auth/register', { email, password: PASSWORD });
  return { email };
}

/** Notes, in page time, when the first product card is in the document and visible. */
function watchFirstCard() {
  const seen = () => {
    const card = document.querySelector('.product-card');
    if (card && card.getBoundingClientRect().height > 0) {
      window.__firstCardAt = performance.now();
      return true;
    }
    return false;
  };
  new MutationObserver((_, observer) => {
    if (seen()) observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/** One visit: the sign-in page, the form, and the time from the sign-in answer to the first card. */
async function visit(page, url, email) {
  await page.goto(url);
  await page.getByPlaceholder('you@business.com').fill(email);
  await page.getByPlaceholder('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.locator('.product-card').first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => window.__firstCardAt !== undefined);
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource');
    const login = resources.find((e) => new URL(e.name).pathname === '/api/auth/login');
    const [nav] = performance.getEntriesByType('navigation');
    const assets = resources.filter((e) => new URL(e.name).pathname.startsWith('/assets/'));
    return {
      ms: window.__firstCardAt - login.responseEnd,
      // the whole visit, page included: requests made, and bytes over the wire (0 for a cache hit)
      requests: resources.length + 1,
      scriptsAndStyles: assets.length,
      fromNetwork: assets.filter((e) => e.transferSize > 0).length,
      transferredKB: Math.round((resources.reduce((s, e) => s + e.transferSize, 0) + nav.transferSize) / 102.4) / 10,
    };
  });
}

/**
 * The catalogue's next screen: once the first screen has settled (no new request for a second: what
 * waits for the first screen has been fetched), one Add to Cart, then the Cart link; the time from
 * that click to the order summary on screen.
 */
async function openCart(page) {
  // settled: no new request for a second (the push channel's code and whatever waits for the first screen are in)
  await page.waitForFunction(
    () => {
      const count = performance.getEntriesByType('resource').length;
      const now = performance.now();
      if (window.__settle?.count !== count) window.__settle = { count, since: now };
      return now - window.__settle.since > 1000;
    },
    undefined,
    { timeout: 30_000, polling: 100 },
  );
  const added = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/cart' && res.request().method() === 'POST');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await added;
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole('link', { name: /^Cart/ }).first().click();
  await page.getByLabel('Order summary').waitFor({ state: 'visible', timeout: 30_000 });
  const shownAt = await page.evaluate(() => performance.now());
  // emptied again, so the next visit starts from the same catalogue
  await page.getByRole('button', { name: /^Remove/ }).first().click();
  await page.getByText('Your cart is empty').waitFor({ timeout: 10_000 });
  return { ms: shownAt - clickedAt };
}

const summary = (samples) => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { p50Ms: Math.round(percentile(sorted, 50)), maxMs: Math.round(sorted[sorted.length - 1]), runs: samples.length, firstRun: samples[0] };
};

async function main() {
  const stack = await startStack();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: BROWSER_FLAGS });
  try {
    const { email } = await seed(stack);
    const cold = [];
    const warm = [];
    const cart = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(watchFirstCard);
      const page = await context.newPage();
      cold.push(await visit(page, stack.url, email));
      cart.push(await openCart(page));
      // signed out, same HTTP cache
      await context.clearCookies();
      warm.push(await visit(page, stack.url, email));
      await context.close();
    }
    const result = {
      firstScreen: 'sign-in answer -> first product card visible (/products)',
      cold: summary(cold),
      warm: summary(warm),
      nextScreen: { what: 'the Cart link clicked on the settled catalogue (cold visit) -> order summary visible (/cart, one line)', ...summary(cart) },
      targets: { coldP50Ms: 1000, warmP50Ms: 500 },
      conditions: {
        date: new Date().toISOString(),
        machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.platform()} ${os.release()}`,
        node: process.version,
        chromium: browser.version(),
        stack: process.env.BENCH_URL ? process.env.BENCH_URL : `processes on this machine, web app from ${process.env.WEB_DIST_DIR ?? 'web/dist'}`,
        network: 'loopback, no throttling',
      },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
