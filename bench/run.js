#!/usr/bin/env node
/**
 * `npm run bench`: starts the stack as processes (or uses the one at BENCH_URL), seeds a
 * catalogue of 60 products and customers, runs each scenario with autocannon for a fixed time,
 * runs the two baselines on the same machine, and prints one table with the conditions.
 *
 * Env: BENCH_URL + ADMIN_REGISTRATION_KEY + BENCH_NAMESPACE (use a running stack instead),
 * BENCH_DURATION_S (10), BENCH_CONNECTIONS (64), BENCH_CHECKOUT_CUSTOMERS (1500: one order each, about 10 s of load), BENCH_CHECKOUT_CONNECTIONS (48;
 * the checkout scenario runs the same customers and connections against the monolith checkout
 * baseline, bench/baseline/monolith-checkout.js, in a database of its own),
 * BENCH_SCENARIOS (all: catalogue,cart,page-load,history,checkout,sell-out,push,hostile,standing-orders,production,orders-at-scale; see bench/orders-at-scale.js, bench/standing-orders.js, bench/sell-out.js and bench/production.js for their own options; telemetry, not in the default list: metrics and tracing off vs on, bench/telemetry.js), BENCH_PROFILE (processes to run
 * with --cpu-prof, e.g. "gateway,ordering", or "monolith" for the checkout baseline; profiles land in bench/profiles/).
 */
const { fork } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { Client, pool } = require('./lib/client');
const { cpuMeter, perRequest } = require('./lib/cpu');
const { hostileBodies } = require('./hostile-bodies');
const { ordersAtScale, printReport: printOrdersAtScale } = require('./orders-at-scale');
const { standingOrdersAtCutoff, printReport: printStandingOrders } = require('./standing-orders');
const { productionDocuments, printReport: printProduction } = require('./production');
const { sellOut, printReport: printSellOut } = require('./sell-out');
const monolithCheckout = require('./baseline/monolith-checkout');

const ROOT = path.resolve(__dirname, '..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const CHECKOUT_CUSTOMERS = Number(process.env.BENCH_CHECKOUT_CUSTOMERS ?? 1500);
const CHECKOUT_CONNECTIONS = Number(process.env.BENCH_CHECKOUT_CONNECTIONS ?? 48);
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'catalogue,cart,page-load,history,checkout,sell-out,push,hostile,standing-orders,production,orders-at-scale').split(','));
/** standing-orders moves the stack's clock to a cut-off (a test clock: ordering reads "now" from this file) */
const CLOCK_FILE = path.join(os.tmpdir(), `bakery-bench-clock-${process.pid}`);
const PROFILE = new Set((process.env.BENCH_PROFILE ?? '').split(',').filter(Boolean));
const PROFILE_DIR = path.join(__dirname, 'profiles');
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-pass-1';
const SEEDED_STOCK = 1_000_000;

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function withDatabase(url, db) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * Starts the whole stack from dist/ unless BENCH_URL names a running one; `env` goes to every
 * process, `envOf(name)` to one (bench/telemetry.js: each process's METRICS_PORT).
 */
async function startStack({ env = {}, envOf = () => ({}) } = {}) {
  if (process.env.BENCH_URL) {
    return { url: process.env.BENCH_URL, namespace: process.env.BENCH_NAMESPACE ?? 'bakery', key: process.env.ADMIN_REGISTRATION_KEY, pids: {}, stop: async () => {} };
  }
  const { ProcessStack, waitForHealthy } = require(path.join(ROOT, 'tools/devstack/dist/process-stack'));
  const { SERVICE_NAMES } = require('@bakery/contracts');
  const namespace = `bench_${randomUUID().slice(0, 6)}`;
  const port = await freePort();
  const key = randomUUID();
  let exited;
  const anExit = new Promise((_, reject) => (exited = reject));
  anExit.catch(() => undefined);
  const stack = new ProcessStack({
    env: {
      ...process.env,
      BAKERY_NAMESPACE: namespace,
      PORT: String(port),
      ADMIN_REGISTRATION_KEY: key,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      ...env,
      ...(SCENARIOS.has('standing-orders') ? { BAKERY_TEST_CLOCK_FILE: CLOCK_FILE, STANDING_ORDER_INTERVAL_SECONDS: '1' } : {}),
    },
    stdio: 'inherit',
    onUnexpectedExit: (name, code, signal) => {
      console.error(`bench: ${name} exited (${signal ?? code})`);
      exited(new Error(`${name} exited (${signal ?? code})`));
    },
  });
  const pids = {};
  for (const name of [...SERVICE_NAMES, 'gateway']) {
    const child = stack.spawn(name, envOf(name), PROFILE.has(name) ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}-${process.pid}.cpuprofile`] : []);
    pids[name] = [child.pid];
  }
  const url = `http://127.0.0.1:${port}`;
  await Promise.race([waitForHealthy(url, 60_000), anExit]);
  const { dropNamespace } = require(path.join(ROOT, 'tools/devstack/dist'));
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  return {
    url,
    namespace,
    key,
    pids,
    stop: async () => {
      await stack.stopAll(10_000);
      await dropNamespace(DATABASE_URL, natsUrl, namespace);
    },
  };
}

async function seed(stack) {
  const admin = new Client(stack.url);
  const email = `bench-admin-${randomUUID().slice(0, 8)}@bench.test`;
  await admin.expect(201, 'POST', '/api/auth/admin-register', { email, password: PASSWORD, firstName: 'Bench', lastName: 'Admin', registrationKey: stack.key });
  await admin.expect(200, 'POST', '/api/auth/admin-login', { email, password: PASSWORD });
  const products = await pool(Array.from({ length: 60 }, (_, i) => i), 8, (i) =>
    admin.expect(201, 'POST', '/api/products', {
      name: `Bench ${['Loaf', 'Croissant', 'Bagel'][i % 3]} ${String(i).padStart(2, '0')}`,
      description: 'Benchmark product',
      price: `${2 + (i % 7)}.${String((i * 13) % 100).padStart(2, '0')}`,
      category: ['breads', 'pastries', 'bagels'][i % 3],
      stock: SEEDED_STOCK,
    }),
  );
  const register = (label) => async (i) => {
    const c = new Client(stack.url);
    await c.expect(201, 'POST', '/api/auth/register', { email: `bench-${label}-${i}-${randomUUID().slice(0, 6)}@bench.test`, password: PASSWORD });
    return c;
  };
  const readers = await pool(Array.from({ length: 32 }, (_, i) => i), 8, register('reader'));
  // every reader has a few orders, for the order-history read
  await pool(readers, 8, async (c, i) => {
    for (let n = 0; n < 3; n++) {
      await c.expect(201, 'POST', '/api/cart', { productId: products[(i + n) % 60].id, quantity: 1 });
      await c.expect(201, 'POST', '/api/orders', {});
    }
  });
  return { admin, products, readers, register };
}

/** The checkout's customers, each with a 3-line cart (made just before it, so no other scenario runs beside this seeding's aftermath). */
async function seedBuyers(data, count = CHECKOUT_CUSTOMERS) {
  const buyers = await pool(Array.from({ length: count }, (_, i) => i), 8, data.register('buyer'));
  await pool(buyers, 16, async (c, i) => {
    for (let n = 0; n < 3; n++) await c.expect(201, 'POST', '/api/cart', { productId: data.products[(i * 3 + n) % 60].id, quantity: 1 + n });
  });
  return buyers;
}

/** Lets the stack finish what the last seeding set off (events, relays, autovacuum) before measuring. */
/** PIDs of the stack's processes by name (empty for a stack given by URL). */
let stackPids = {};
/** CPU ms per request by process, per scenario, printed under the table. */
const cpuRows = [];
/** The checkout's comparison with the monolith baseline, printed under the tables. */
let checkoutReport = '';
/** The load average at each measured checkout (the machine may be shared). */
const loads = [];

const settle = () => new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 3000)));

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/**
 * A phone opening /cart with a session (after the cart scenario, each reader has lines): the
 * gateway renders the page into index.html (gateway/src/http/first-screen.ts). The note says
 * whether it did (a stack with SERVER_RENDERING=off, or no renderer built, sends the plain page).
 */
async function cartPageLoad(stack, cookies) {
  const headers = { 'user-agent': PHONE_UA, 'accept-encoding': 'br', accept: 'text/html' };
  const probe = await fetch(`${stack.url}/cart`, { headers: { ...headers, cookie: cookies[0] } });
  const rendered = (await probe.text()).includes('id="first-screen-state"');
  // as many at once as the gateway renders (FIRST_SCREEN_MAX_IN_FLIGHT): past them it sends the plain page
  const load = await cannon('cart page load (phone, with a session, 4 at once)', { url: stack.url, connections: 4, requests: rotating('GET', '/cart', cookies, undefined, headers) });
  return row(load.title, load.result, rendered ? 'rendered by the gateway, brotli' : 'plain index.html');
}

/**
 * Waits until `pids` and the backends of `ownDatabase` spend under 5% of a core for a second
 * (at most 2 minutes), and answers the CPU ms they spent meanwhile: the work a run set off that
 * outlived it (events relayed and consumed, confirmation mails composed).
 */
async function untilQuiet(pids, ownDatabase) {
  const spent = {};
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const meter = cpuMeter(pids, { ownDatabase });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ms = meter.stop();
    if (!ms) break;
    const own = [...Object.keys(pids), 'postgres, own databases'].reduce((n, name) => n + (ms[name] ?? 0), 0);
    for (const name of [...Object.keys(pids), 'postgres, own databases']) spent[name] = (spent[name] ?? 0) + (ms[name] ?? 0);
    if (own < 50) break;
  }
  return { ms: spent, seconds: (Date.now() - started) / 1000 };
}

/**
 * One autocannon run; `cookies` rotate over requests (one session per simulated user). The CPU
 * of the stack's processes is counted unless `baseline` (a baseline runs outside the stack), or
 * of `pids` when given (a baseline's own process); with `ownDatabase` (name → boolean), also the
 * Postgres backends of those databases alone. Answers the result and `cpu`, the CPU ms by process
 * over the run.
 */
function cannon(title, { baseline = false, pids, ownDatabase, ...opts }) {
  const options = { connections: CONNECTIONS, ...opts };
  const fromUs = process.hrtime.bigint() / 1000n;
  const meter = cpuMeter(pids ?? (baseline ? {} : stackPids), { ownDatabase });
  if (options.amount === undefined) options.duration = DURATION_S;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      options,
      (err, result) => {
        // the same monotonic clock as V8's profiles: `node bench/profile-summary.js <file> <from> <to>`
        if (PROFILE.size > 0) console.log(`profile window of ${title}: ${fromUs} ${process.hrtime.bigint() / 1000n}`);
        let ms = null;
        if (result) {
          ms = meter.stop();
          const idle = ms ? `${Math.round((100 * ms.idle) / Object.values(ms).reduce((a, b) => a + b, 0))}%` : '';
          cpuRows.push({ scenario: title, 'CPU ms per request': perRequest(ms, result.requests.total), 'machine idle': idle });
        }
        return err ? reject(err) : resolve({ title, result, cpu: ms });
      },
    );
    instance.on('error', reject);
  });
}

function rotating(method, pathname, cookies, bodyFor, headers = {}) {
  let i = 0;
  return [
    {
      method,
      path: pathname,
      setupRequest: (req) => {
        const n = i++;
        return {
          ...req,
          headers: { ...req.headers, ...headers, cookie: cookies[n % cookies.length], 'content-type': 'application/json' },
          body: bodyFor ? JSON.stringify(bodyFor(n)) : undefined,
        };
      },
    },
  ];
}

function startBaseline(file, env, execArgv = []) {
  return new Promise((resolve) => {
    const child = fork(path.join(__dirname, 'baseline', file), [], { env: { ...process.env, ...env }, stdio: 'inherit', execArgv });
    child.once('message', () => resolve(child));
  });
}

function row(title, r, notes = '') {
  const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
  return { scenario: title, 'req/s': Math.round(r.requests.average), 'p50 ms': r.latency.p50, 'p99 ms': r.latency.p99, errors, notes };
}

/**
 * Five price lists (90%, 95%, 105%, 110% and 120% of the default, each with one fixed price), reader
 * i on list i % 5; `unassign` puts every reader back on the default prices for the scenarios after.
 */
async function priceListsFor(data) {
  const lists = await pool([90, 95, 105, 110, 120], 5, (percentage, i) =>
    data.admin.expect(201, 'POST', '/api/admin/price-lists', {
      name: `Bench list ${percentage}% ${randomUUID().slice(0, 6)}`,
      percentage: String(percentage),
      fixedPrices: [{ productId: data.products[i].id, price: '1.00' }],
    }),
  );
  const ids = await pool(data.readers, 8, async (c) => (await c.expect(200, 'GET', '/api/auth/user')).id);
  const assign = (list) => (id, i) => data.admin.expect(200, 'PUT', `/api/customers/${id}/terms`, { priceListId: list(i) });
  await pool(ids, 8, assign((i) => lists[i % lists.length].id));
  return { unassign: () => pool(ids, 8, assign(() => null)) };
}

/** The gateway's catalogue read against the monolith baseline and the bare ceiling, in that order. */
async function catalogueRead(stack, data, readerCookies) {
  // baselines on the same catalog database and the same list
  const productsJson = path.join(os.tmpdir(), `bench-products-${process.pid}.json`);
  const list = await data.readers[0].expect(200, 'GET', '/api/products');
  fs.writeFileSync(productsJson, JSON.stringify(list));
  const [monolithPort, barePort, expressPort, fastifyPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const monolith = await startBaseline('monolith.js', { PORT: String(monolithPort), CATALOG_DATABASE_URL: withDatabase(DATABASE_URL, `${stack.namespace}_catalog`) });
  const bare = await startBaseline('bare.js', { PORT: String(barePort), BODY_FILE: productsJson });
  // Nest's own floor on each HTTP adapter: one route, no middleware (issue 22's Fastify question)
  const nestExpress = await startBaseline('nest-floor.js', { PORT: String(expressPort), BODY_FILE: productsJson, ADAPTER: 'express' });
  const nestFastify = await startBaseline('nest-floor.js', { PORT: String(fastifyPort), BODY_FILE: productsJson, ADAPTER: 'fastify' });
  try {
    const gatewayRead = await cannon('catalogue read (gateway)', { url: stack.url, requests: rotating('GET', '/api/products', readerCookies) });
    // as browsers ask: the brotli copy kept with the cached list (gateway/src/http/response-compression.ts)
    const brotliRead = await cannon('catalogue read (gateway, brotli)', {
      url: stack.url,
      requests: rotating('GET', '/api/products', readerCookies, undefined, { 'accept-encoding': 'gzip, deflate, br, zstd' }),
    });
    const monolithRead = await cannon('catalogue read (monolith baseline)', { baseline: true, url: `http://127.0.0.1:${monolithPort}/api/products` });
    const bareRead = await cannon('catalogue read (bare Node ceiling)', { baseline: true, url: `http://127.0.0.1:${barePort}/api/products` });
    const expressRead = await cannon('catalogue read (Nest floor, Express)', { baseline: true, url: `http://127.0.0.1:${expressPort}/api/products` });
    const fastifyRead = await cannon('catalogue read (Nest floor, Fastify)', { baseline: true, url: `http://127.0.0.1:${fastifyPort}/api/products` });
    // the same readers spread over 5 price lists (issue 19): each list's catalogue cached on its own
    const lists = await priceListsFor(data);
    const listedRead = await cannon('catalogue read (gateway, 5 price lists)', { url: stack.url, requests: rotating('GET', '/api/products', readerCookies) });
    await lists.unassign();
    const ratio = (a, b) => (a.result.requests.average / b.result.requests.average).toFixed(2);
    return [
      row(gatewayRead.title, gatewayRead.result, `${ratio(gatewayRead, monolithRead)}x monolith, ${ratio(gatewayRead, bareRead)}x bare`),
      row(brotliRead.title, brotliRead.result, `${ratio(brotliRead, gatewayRead)}x uncompressed, ${(brotliRead.result.throughput.average / brotliRead.result.requests.average / 1024).toFixed(1)} KB a read on the wire (uncompressed ${(gatewayRead.result.throughput.average / gatewayRead.result.requests.average / 1024).toFixed(1)} KB)`),
      row(listedRead.title, listedRead.result, `${ratio(listedRead, monolithRead)}x monolith (target 1.0x), ${ratio(listedRead, gatewayRead)}x one list`),
      row(monolithRead.title, monolithRead.result),
      row(bareRead.title, bareRead.result),
      row(expressRead.title, expressRead.result, `${ratio(expressRead, bareRead)}x bare: the gateway's ceiling on Express`),
      row(fastifyRead.title, fastifyRead.result, `${ratio(fastifyRead, bareRead)}x bare, ${ratio(fastifyRead, expressRead)}x Express`),
    ];
  } finally {
    monolith.kill();
    bare.kill();
    nestExpress.kill();
    nestFastify.kill();
    fs.rmSync(productsJson, { force: true });
  }
}

/**
 * One system's checkout (the stack's, or the monolith baseline's): `count` customers register,
 * each gets a 3-line cart (3 × count POST /api/cart over CHECKOUT_CONNECTIONS: the cart add
 * figure; customer i gets products 3i, 3i+1 and 3i+2 with 1, 2 and 3 units), then each places one
 * order (POST /api/orders, CHECKOUT_CONNECTIONS). `system.units()` answers the stock of every
 * product and the units sold to date: stock left + units sold = stock seeded for every product
 * (nothing oversold, nothing lost), and this run sold 6 units per order placed (every cart right).
 */
async function checkoutOn(system, count = CHECKOUT_CUSTOMERS) {
  const buyers = await pool(Array.from({ length: count }, (_, i) => i), 8, system.register);
  const cookies = buyers.map((c) => c.cookie);
  await settle();
  const soldBefore = (await system.units()).sold;
  const cartLine = (n) => {
    const line = Math.floor(n / count);
    return { productId: system.products[((n % count) * 3 + line) % system.products.length].id, quantity: 1 + line };
  };
  const cartAdd = await cannon(`cart add (${system.label}, 3 lines a customer)`, {
    ...system.cannon,
    connections: CHECKOUT_CONNECTIONS,
    amount: 3 * count,
    requests: rotating('POST', '/api/cart', cookies, cartLine),
  });
  await settle();
  loads.push(`${system.label} checkout ${os.loadavg()[0].toFixed(2)}`);
  const started = Date.now();
  const run = await cannon(`checkout (${system.label}, 3-line carts)`, {
    ...system.cannon,
    connections: CHECKOUT_CONNECTIONS,
    amount: count,
    requests: rotating('POST', '/api/orders', cookies, () => ({})),
  });
  const seconds = (Date.now() - started) / 1000;
  const placed = run.result['2xx'];
  const after = await untilQuiet(system.cannon.pids ?? stackPids, system.cannon.ownDatabase);
  const { stock, sold } = await system.units();
  const oversold = [...stock].filter(([id, left]) => left + (sold.get(id) ?? 0) !== SEEDED_STOCK).length;
  const unitsSold = [...sold.values()].reduce((a, b) => a + b, 0) - [...soldBefore.values()].reduce((a, b) => a + b, 0);
  const cartsRight = unitsSold === 6 * placed;
  if (oversold > 0 || !cartsRight || placed !== count) process.exitCode = 1;
  const cpu = run.cpu ?? {};
  const busy = Object.entries(cpu).reduce((n, [name, v]) => (['idle', 'postgres, own databases'].includes(name) ? n : n + v), 0);
  // the system's own share: its processes, its databases' backends and NATS (the machine may be shared)
  const own = Object.entries(cpu).reduce((n, [name, v]) => (['idle', 'postgres', 'kernel, other', 'load generator'].includes(name) ? n : n + v), 0);
  const afterwards = Object.values(after.ms).reduce((a, b) => a + b, 0);
  return {
    label: system.label,
    placed,
    ordersPerSecond: placed / seconds,
    seconds,
    p50: run.result.latency.p50,
    p99: run.result.latency.p99,
    cartAdd,
    oversold,
    cartsRight,
    unitsSold,
    cpuPerOrder: Object.fromEntries(Object.entries(cpu).map(([name, v]) => [name, placed ? v / placed : NaN])),
    busyPerOrder: placed ? busy / placed : NaN,
    ownPerOrder: placed ? own / placed : NaN,
    afterPerOrder: placed ? afterwards / placed : NaN,
    after,
    rows: [
      {
        ...row(run.title, run.result, `${(placed / seconds).toFixed(1)} orders/s, ${placed} placed, ${oversold === 0 ? 'stock consistent' : `${oversold} products inconsistent`}${cartsRight ? '' : `, ${unitsSold} units sold (expected ${6 * placed})`}`),
        'req/s': Math.round(run.result.requests.total / seconds),
      },
      row(cartAdd.title, cartAdd.result),
    ],
  };
}

/** The stack: buyers through the gateway; units from the admin's order list and the catalogue. */
function realSystem(stack, data) {
  return {
    label: 'real',
    cannon: { url: stack.url, ownDatabase: (db) => db.startsWith(`${stack.namespace}_`) },
    products: data.products,
    register: data.register('buyer'),
    units: async () => {
      const orders = await data.admin.all('/api/orders?limit=200');
      const sold = new Map();
      for (const o of orders) if (o.status !== 'cancelled') for (const item of o.orderItems) sold.set(item.product.id, (sold.get(item.product.id) ?? 0) + item.quantity);
      const products = await data.admin.expect(200, 'GET', '/api/products');
      return { stock: new Map(products.map((p) => [p.id, p.stock])), sold };
    },
  };
}

/**
 * The checkout through the stack, then the same (customers, carts, connections) against the
 * monolith baseline: its own database (the services' migrations, the same 60 products and prices,
 * dropped afterwards) and one process. Prints the real checkout as a ratio of the monolith's.
 */
async function checkout(stack, data) {
  const real = await checkoutOn(realSystem(stack, data));
  const database = `bakery_bench_monolith_${process.pid}`;
  const url = withDatabase(DATABASE_URL, database);
  await monolithCheckout.prepareDatabase(DATABASE_URL, database, data.products, SEEDED_STOCK);
  const port = await freePort();
  const profile = PROFILE.has('monolith') ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=monolith-${process.pid}.cpuprofile`] : [];
  const server = await startBaseline('monolith-checkout.js', { PORT: String(port), MONOLITH_DATABASE_URL: url }, profile);
  let monolith;
  try {
    const base = `http://127.0.0.1:${port}`;
    monolith = await checkoutOn({
      label: 'monolith',
      cannon: { url: base, pids: { monolith: [server.pid] }, ownDatabase: (db) => db === database },
      products: data.products,
      register: async (i) => {
        const c = new Client(base);
        await c.expect(201, 'POST', '/api/auth/register', { email: `bench-buyer-${i}-${randomUUID().slice(0, 6)}@bench.test`, password: PASSWORD });
        return c;
      },
      units: async () => ({ stock: await monolithCheckout.stockOf(url), sold: await monolithCheckout.soldOf(url) }),
    });
  } finally {
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM'); // it exits (a --cpu-prof process writes its profile then)
    });
    await monolithCheckout.dropDatabase(DATABASE_URL, database);
  }
  const ratio = (a, b) => (a / b).toFixed(2);
  const ms = (v) => (Number.isFinite(v) ? v.toFixed(2) : '?');
  checkoutReport = [
    `Checkout against the monolith baseline (${CHECKOUT_CUSTOMERS} customers with 3-line carts, one order each, ${CHECKOUT_CONNECTIONS} connections; load average (1 min) at each checkout: ${loads.join(', ')}):`,
    `  monolith: ${monolith.ordersPerSecond.toFixed(1)} orders/s, p50 ${monolith.p50} ms, p99 ${monolith.p99} ms; CPU ms per order: monolith process ${ms(monolith.cpuPerOrder.monolith)}, Postgres ${ms(monolith.cpuPerOrder.postgres)} (its database's backends ${ms(monolith.cpuPerOrder['postgres, own databases'])}); its own share ${ms(monolith.ownPerOrder)} (+${ms(monolith.afterPerOrder)} after the run), whole machine ${ms(monolith.busyPerOrder)}`,
    `  real:     ${real.ordersPerSecond.toFixed(1)} orders/s = ${ratio(real.ordersPerSecond, monolith.ordersPerSecond)}x the monolith (target 0.5x), p50 ${real.p50} ms, p99 ${real.p99} ms; CPU ms per order: ${Object.entries(real.cpuPerOrder).filter(([name]) => name !== 'idle').map(([name, v]) => `${name} ${ms(v)}`).join(', ')}; its own share ${ms(real.ownPerOrder)} (${ratio(real.ownPerOrder, monolith.ownPerOrder)}x the monolith's) + ${ms(real.afterPerOrder)} after the run (${Object.entries(real.after.ms).map(([name, v]) => `${name} ${ms(v / real.placed)}`).join(', ')}; quiet after ${real.after.seconds.toFixed(0)} s), whole machine ${ms(real.busyPerOrder)}`,
    `  cart add: real ${Math.round(real.cartAdd.result.requests.average)} req/s, monolith ${Math.round(monolith.cartAdd.result.requests.average)} req/s (${ratio(real.cartAdd.result.requests.average, monolith.cartAdd.result.requests.average)}x)`,
    `  oversell: real ${real.oversold === 0 ? 'none' : `${real.oversold} products inconsistent`}, monolith ${monolith.oversold === 0 ? 'none' : `${monolith.oversold} products inconsistent`}; units sold 6 per order: real ${real.cartsRight ? 'yes' : `no (${real.unitsSold})`}, monolith ${monolith.cartsRight ? 'yes' : `no (${monolith.unitsSold})`}`,
  ].join('\n');
  const [realCheckout, realCart] = real.rows;
  const [monolithRow, monolithCart] = monolith.rows;
  realCheckout.notes += `, ${ratio(real.ordersPerSecond, monolith.ordersPerSecond)}x monolith`;
  return [realCheckout, monolithRow, realCart, monolithCart];
}

/** Push latency: its own script, 50 admin sockets. */
async function pushLatency(stack) {
  const push = await new Promise((resolve) => {
    let out = '';
    const child = fork(path.join(__dirname, 'push-latency.js'), [], {
      env: { ...process.env, BENCH_URL: stack.url, ADMIN_REGISTRATION_KEY: stack.key },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', () => resolve(JSON.parse(out.slice(out.indexOf('{')))));
  });
  const badge = push.orderPostToBadge ?? push.results?.orderPostToBadge ?? {};
  return { scenario: 'push latency (order → badge, 50 sockets)', 'req/s': '', 'p50 ms': badge.p50ms, 'p99 ms': badge.p99ms, errors: badge.missing ?? 0, notes: `${badge.samples ?? '?'} samples` };
}

async function main() {
  // metrics and tracing off vs on (issue 21): stacks of their own, before the others
  if (SCENARIOS.has('telemetry')) {
    const { telemetryCost, printReport } = require('./telemetry');
    printReport(await telemetryCost({ startStack, seed, seedBuyers, duration: DURATION_S, connections: CONNECTIONS, checkoutConnections: CHECKOUT_CONNECTIONS }));
    SCENARIOS.delete('telemetry');
    if (SCENARIOS.size === 0) return;
  }
  const started = new Date();
  const stack = await startStack();
  stackPids = stack.pids;
  try {
    console.log(`stack at ${stack.url} (namespace ${stack.namespace})`);
    // orders-at-scale brings its own data; the other scenarios share this seeding
    const seeded = [...SCENARIOS].some((s) => s !== 'orders-at-scale');
    let data;
    let readerCookies;
    if (seeded) {
      console.log(`seeding 60 products and ${CHECKOUT_CUSTOMERS + 32} customers...`);
      data = await seed(stack);
      readerCookies = data.readers.map((c) => c.cookie);
      await settle();
    }

    const results = [];
    if (SCENARIOS.has('catalogue')) results.push(...(await catalogueRead(stack, data, readerCookies)));

    if (SCENARIOS.has('cart')) {
      const cartAdd = await cannon('cart add', {
        url: stack.url,
        requests: rotating('POST', '/api/cart', readerCookies, (n) => ({ productId: data.products[n % 60].id, quantity: 1 })),
      });
      results.push(row(cartAdd.title, cartAdd.result));
    }

    if (SCENARIOS.has('page-load')) results.push(await cartPageLoad(stack, readerCookies));

    if (SCENARIOS.has('history')) {
      const history = await cannon('order history read', { url: stack.url, requests: rotating('GET', '/api/orders', readerCookies) });
      results.push(row(history.title, history.result));
    }

    if (SCENARIOS.has('checkout')) results.push(...(await checkout(stack, data)));
    const soldOut = SCENARIOS.has('sell-out') ? await sellOut(data.admin, data.register) : undefined;
    if (SCENARIOS.has('push')) results.push(await pushLatency(stack));
    if (SCENARIOS.has('hostile')) results.push(...(await hostileBodies(stack.url, DURATION_S, cannon)));
    const standing = SCENARIOS.has('standing-orders') ? await standingOrdersAtCutoff(stack, DATABASE_URL, CLOCK_FILE, data.admin, data.products) : undefined;
    const production = SCENARIOS.has('production') ? await productionDocuments(stack, DATABASE_URL, data.admin, data.products) : undefined;
    // last: its million orders would weigh on every scenario after it
    const atScale = SCENARIOS.has('orders-at-scale') ? await ordersAtScale(stack, DATABASE_URL) : undefined;

    if (results.length > 0) {
      console.log(`\nBenchmark ${started.toISOString()}: ${os.cpus().length} cores (${os.cpus()[0].model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; everything on this machine; ${CONNECTIONS} connections, ${DURATION_S} s per scenario; load average now ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);
      console.table(results);
      console.log('\nWhere the CPU went (ms of CPU per request, by process, over each run):');
      console.table(cpuRows);
      if (checkoutReport) console.log(`\n${checkoutReport}`);
    }
    if (soldOut) printSellOut(soldOut);
    if (standing) printStandingOrders(standing);
    if (production) printProduction(production);
    if (atScale) printOrdersAtScale(atScale);
  } finally {
    await stack.stop();
    fs.rmSync(CLOCK_FILE, { force: true });
  }
}

module.exports = { startStack, seed, seedBuyers, DATABASE_URL };

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
