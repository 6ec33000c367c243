/**
 * Standing orders at one cut-off (issue 17): 2,000 standing orders (200 customers x 10) all due
 * at the same cut-off. The stack's clock (BAKERY_TEST_CLOCK_FILE, which bench/run.js sets for
 * this scenario) is moved to the cut-off; the scenario measures the time from the cut-off until
 * the last of the 2,000 orders is written (read from ordering's database every 100 ms), while 16
 * customers keep checking out through the gateway, and prints the checkout's answers and p99
 * during the run. Ordering sweeps every second (STANDING_ORDER_INTERVAL_SECONDS=1).
 *
 * Part of `npm run bench` (BENCH_SCENARIOS=standing-orders runs it alone).
 * Env: BENCH_STANDING_ORDERS (2000), BENCH_STANDING_CHECKOUTS (16).
 */
const fs = require('node:fs');
const { randomUUID } = require('node:crypto');
const { Client: Pg } = require('pg');
const { Client, percentile, pool } = require('./lib/client');

const STANDING_ORDERS = Number(process.env.BENCH_STANDING_ORDERS ?? 2000);
const PER_CUSTOMER = 10;
const CHECKOUTS = Number(process.env.BENCH_STANDING_CHECKOUTS ?? 16);
const PASSWORD = 'bench-pass-1';
/** Everything happens on "Tuesday 1 December 2026": deliveries of the 2nd close at 14:00 UTC. */
const BEFORE_CUTOFF = '2026-12-01T08:00:00.000Z';
const CUTOFF = '2026-12-01T14:00:00.000Z';

function withDatabase(url, db) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function standingOrdersAtCutoff(stack, databaseUrl, clockFile, admin, products) {
  fs.writeFileSync(clockFile, BEFORE_CUTOFF);
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    delivers: true,
    leadDays: 1,
    cutoffTime: '14:00',
    slots: ['6:00 AM - 8:00 AM', '8:00 AM - 10:00 AM', '10:00 AM - 12:00 PM'],
  }));
  await admin.expect(200, 'PUT', '/api/admin/delivery-schedule', { weekdays, requireDeliveryDate: false, autoConfirmAtCutoff: false });

  console.log(`standing orders: making ${STANDING_ORDERS} standing orders due at one cut-off...`);
  const customers = await pool(Array.from({ length: Math.ceil(STANDING_ORDERS / PER_CUSTOMER) }, (_, i) => i), 8, async (i) => {
    const c = new Client(stack.url);
    await c.expect(201, 'POST', '/api/auth/register', { email: `bench-standing-${i}-${randomUUID().slice(0, 6)}@bench.test`, password: PASSWORD });
    return c;
  });
  await pool(Array.from({ length: STANDING_ORDERS }, (_, i) => i), 16, (i) =>
    customers[Math.floor(i / PER_CUSTOMER)].expect(201, 'POST', '/api/standing-orders', {
      name: `Bench standing ${i}`,
      startDate: '2026-12-02',
      endDate: '2026-12-02',
      everyWeeks: 1,
      lines: [0, 1, 2].map((k) => ({ productId: products[(i + k * 7) % products.length].id, quantities: [2, 2, 2, 2, 2, 2, 2] })),
    }),
  );

  const pg = new Pg({ connectionString: withDatabase(databaseUrl, `${stack.namespace}_ordering`) });
  await pg.connect();
  const count = async () => Number((await pg.query(`SELECT count(*)::int AS n FROM orders WHERE standing_order_id IS NOT NULL`)).rows[0].n);

  // checkout traffic alongside: each buyer adds a product and places an order, in a loop
  const buyers = await pool(Array.from({ length: CHECKOUTS }, (_, i) => i), 8, async (i) => {
    const c = new Client(stack.url);
    await c.expect(201, 'POST', '/api/auth/register', { email: `bench-buyer-${i}-${randomUUID().slice(0, 6)}@bench.test`, password: PASSWORD });
    return c;
  });
  let running = true;
  const latencies = [];
  const statuses = new Map();
  const checkoutLoop = async (buyer, i) => {
    for (let n = i; running; n++) {
      await buyer.call('POST', '/api/cart', { productId: products[n % products.length].id, quantity: 1 });
      const started = process.hrtime.bigint();
      const res = await buyer.call('POST', '/api/orders', {});
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const traffic = Promise.all(buyers.map(checkoutLoop));

  const cutoffAt = Date.now();
  fs.writeFileSync(clockFile, CUTOFF);
  let made = 0;
  while ((made = await count()) < STANDING_ORDERS && Date.now() - cutoffAt < 300_000) await new Promise((r) => setTimeout(r, 100));
  const lastOrderMs = Date.now() - cutoffAt;
  running = false;
  await traffic;
  const duplicates = Number(
    (await pg.query(`SELECT count(*)::int AS n FROM (SELECT standing_order_id, delivery_date FROM orders WHERE standing_order_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1) d`)).rows[0].n,
  );
  await pg.end();
  fs.writeFileSync(clockFile, '');
  latencies.sort((a, b) => a - b);
  return {
    standingOrders: STANDING_ORDERS,
    ordersMade: made,
    duplicates,
    secondsFromCutoffToLastOrder: (lastOrderMs / 1000).toFixed(1),
    checkoutsDuringRun: latencies.length,
    checkoutAnswers: Object.fromEntries(statuses),
    checkoutP50Ms: latencies.length ? percentile(latencies, 50).toFixed(0) : 'n/a',
    checkoutP99Ms: latencies.length ? percentile(latencies, 99).toFixed(0) : 'n/a',
  };
}

function printReport(report) {
  console.log(`\nStanding orders at one cut-off (${CHECKOUTS} customers checking out meanwhile; ordering sweeps every second; target: under 30 s):`);
  console.table([report]);
}

module.exports = { standingOrdersAtCutoff, printReport };
