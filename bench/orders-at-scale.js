#!/usr/bin/env node
/**
 * Orders at scale (issue 15): do the order screens and the dashboard stay fast as the history
 * grows? Registers an admin and one real customer through the API, bulk-loads orders straight
 * into the stack's ordering database with SQL (10k, then up to 100k, then up to 1M by default),
 * and at each size measures through the gateway, 16 connections for a few seconds per query:
 * the admin's first page, a status + delivery-date page, free-text searches (a business-name
 * fragment, an order-id suffix), the 10th page by cursor, the customer's own history and the
 * dashboard figures. Prints p50/p99 per query and size, the growth of p99 from the smallest to
 * the largest size, and the gateway's RSS at each size.
 *
 * Part of `npm run bench` (BENCH_SCENARIOS=orders-at-scale runs it alone), or on its own after
 * `npm run build`: `node bench/orders-at-scale.js`.
 *
 * Env: BENCH_ORDER_SIZES (10000,100000,1000000), BENCH_DURATION_S (5 here), BENCH_SCALE_CONNECTIONS (16),
 * DATABASE_URL (the Postgres the stack uses), and what bench/run.js takes to start or find a stack.
 */
const os = require('node:os');
const fs = require('node:fs');
const { randomUUID } = require('node:crypto');
const autocannon = require('autocannon');
const { Client: Pg } = require('pg');
const { Client } = require('./lib/client');

const SIZES = (process.env.BENCH_ORDER_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 16);
const PASSWORD = 'bench-pass-1';
const CUSTOMERS = 300; // customer 0 is the real one: it gets 1/300 of the orders
const CHUNK = 100_000; // orders per INSERT (bounds the temporary table)

/**
 * The synthetic customers and products, as temporary tables of the loading session. Business
 * names: 10 prefixes x 10 kinds x 3 towns, so a fragment such as "harbor caf" matches 3 customers
 * (1% of the orders).
 */
const PREFIXES = ['Golden', 'Rustic', 'Corner', 'Harbor', 'Maple', 'Sunrise', 'Old Town', 'Village', 'Bluebird', 'Copper'];
const KINDS = ['Bakery', 'Cafe', 'Bistro', 'Deli', 'Kitchen', 'Market', 'Grocer', 'Diner', 'Patisserie', 'Tea Room'];
const TOWNS = ['Springfield', 'Riverside', 'Fairview'];
const SEARCH_FRAGMENT = 'harbor caf';

async function createFixtures(pg, realCustomer) {
  await pg.query(`CREATE TEMP TABLE bench_customers (n int PRIMARY KEY, id uuid NOT NULL, business text NOT NULL, email text NOT NULL)`);
  const rows = Array.from({ length: CUSTOMERS }, (_, n) => {
    const business = `${PREFIXES[n % 10]} ${KINDS[Math.floor(n / 10) % 10]} of ${TOWNS[Math.floor(n / 100) % 3]}`;
    if (n === 0) return [0, realCustomer.id, realCustomer.businessName, realCustomer.email];
    return [n, randomUUID(), business, `orders${n}@${business.toLowerCase().replace(/[^a-z]+/g, '-')}.example`];
  });
  await pg.query(
    `INSERT INTO bench_customers SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::text[])`,
    [0, 1, 2, 3].map((c) => rows.map((r) => r[c])),
  );
  await pg.query(`
    CREATE TEMP TABLE bench_products AS
    SELECT i, gen_random_uuid() AS id,
           (ARRAY['Sourdough Loaf', 'Butter Croissant', 'Sesame Bagel', 'Rye Loaf', 'Pain au Chocolat', 'Baguette'])[1 + i % 6] || ' ' || i AS name,
           (2 + i % 7 + ((i * 13) % 100) / 100.0)::numeric(10,2) AS price
      FROM generate_series(0, 59) i`);
}

/**
 * Orders number `from` to `to` - 1 (customer = number mod 300), placed uniformly over the last
 * year, delivered 1 to 7 days later (in the bakery's zone) in one of the three slots. Status by
 * delivery day: past deliveries are delivered (94%) or cancelled; today's are in transit, ready or
 * delivered; future ones pending, confirmed, in preparation or cancelled. Three lines each,
 * totals as placement computes them (tax 8.5% of the subtotal, fee 12.50).
 */
async function loadChunk(pg, from, to, zone) {
  await pg.query(`DROP TABLE IF EXISTS bench_batch`);
  await pg.query(
    `CREATE TEMP TABLE bench_batch AS
     WITH b AS (
       SELECT g, gen_random_uuid() AS id, now() - random() * interval '365 days' AS created_at, random() AS r,
              1 + floor(random() * 20)::int AS q1, 1 + floor(random() * 12)::int AS q2, 1 + floor(random() * 6)::int AS q3,
              (g * 7) % 60 AS i1, (g * 7 + 1) % 60 AS i2, (g * 7 + 2) % 60 AS i3
         FROM generate_series($1::int, $2::int - 1) g),
     d AS (
       SELECT b.*, ((b.created_at AT TIME ZONE $3)::date + 1 + floor(random() * 7)::int) AS delivery_date,
              ((now() AT TIME ZONE $3)::date) AS today,
              round(b.q1 * p1.price + b.q2 * p2.price + b.q3 * p3.price, 2) AS subtotal
         FROM b JOIN bench_products p1 ON p1.i = b.i1 JOIN bench_products p2 ON p2.i = b.i2 JOIN bench_products p3 ON p3.i = b.i3)
     SELECT d.*, round(d.subtotal * 0.085, 2) AS tax,
            CASE WHEN d.delivery_date < d.today THEN CASE WHEN d.r < 0.94 THEN 'delivered' ELSE 'cancelled' END
                 WHEN d.delivery_date = d.today THEN CASE WHEN d.r < 0.4 THEN 'in_transit' WHEN d.r < 0.6 THEN 'ready_for_delivery'
                                                         WHEN d.r < 0.93 THEN 'delivered' ELSE 'cancelled' END
                 ELSE CASE WHEN d.r < 0.4 THEN 'pending' WHEN d.r < 0.7 THEN 'confirmed' WHEN d.r < 0.93 THEN 'in_preparation'
                           ELSE 'cancelled' END
            END AS status
       FROM d`,
    [from, to, zone],
  );
  await pg.query(`
    INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, delivery_date, delivery_time_slot,
                        customer_business_name, customer_email, created_at, updated_at)
    SELECT x.id, c.id, x.status, x.subtotal, 12.50, x.tax, x.subtotal + 12.50 + x.tax, x.delivery_date,
           (ARRAY['6:00 AM - 8:00 AM', '8:00 AM - 10:00 AM', '10:00 AM - 12:00 PM'])[1 + x.g % 3],
           c.business, c.email, x.created_at, x.created_at
      FROM bench_batch x JOIN bench_customers c ON c.n = x.g % ${CUSTOMERS}`);
  await pg.query(`
    INSERT INTO order_items (order_id, position, product_id, product_name, quantity, unit_price, total_price, created_at)
    SELECT x.id, l.position, p.id, p.name, l.quantity, p.price, l.quantity * p.price, x.created_at
      FROM bench_batch x
      CROSS JOIN LATERAL (VALUES (0, x.i1, x.q1), (1, x.i2, x.q2), (2, x.i3, x.q3)) AS l(position, i, quantity)
      JOIN bench_products p ON p.i = l.i`);
}

/**
 * Loads orders until there are `target` bench orders. The aggregates' trigger is off meanwhile
 * (one row-level trigger per order would be most of the load's time); the aggregates are rebuilt
 * after, with the migration's backfill SQL in the bakery's zone, all in one transaction so no
 * order placed through the API meanwhile escapes them.
 */
async function loadUpTo(pg, loaded, target) {
  await pg.query('BEGIN');
  try {
    await pg.query(`SET LOCAL synchronous_commit = off`);
    await pg.query(`ALTER TABLE orders DISABLE TRIGGER orders_stats`);
    const [{ time_zone: zone }] = (await pg.query(`SELECT time_zone FROM ordering_settings WHERE id = 1`)).rows;
    for (let from = loaded; from < target; from += CHUNK) await loadChunk(pg, from, Math.min(target, from + CHUNK), zone);
    await pg.query(`DROP TABLE IF EXISTS bench_batch`);
    await pg.query(`TRUNCATE order_stats_customer, order_stats_daily`);
    await pg.query(`
      INSERT INTO order_stats_customer (customer_id, orders, revenue, pending)
      SELECT customer_id, count(*), coalesce(sum(total) FILTER (WHERE status <> 'cancelled'), 0), count(*) FILTER (WHERE status = 'pending')
        FROM orders GROUP BY customer_id`);
    await pg.query(
      `INSERT INTO order_stats_daily (day, customer_id, orders, revenue)
       SELECT (created_at AT TIME ZONE $1)::date, customer_id, count(*), coalesce(sum(total) FILTER (WHERE status <> 'cancelled'), 0)
         FROM orders GROUP BY 1, 2`,
      [zone],
    );
    await pg.query(`ALTER TABLE orders ENABLE TRIGGER orders_stats`);
    await pg.query('COMMIT');
  } catch (err) {
    await pg.query('ROLLBACK');
    throw err;
  }
  // the steady state of a table that grew over a year: statistics fresh, visibility map set
  await pg.query(`VACUUM (ANALYZE) orders, order_items`);
}

/** One autocannon run of GET `path` with `cookie`, after a few sequential requests to warm it. */
async function measure(url, cookie, path) {
  const warm = new Client(url);
  warm.cookie = cookie;
  for (let i = 0; i < 10; i++) await warm.expect(200, 'GET', path);
  const result = await autocannon({ url: url + path, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) throw new Error(`GET ${path}: ${errors} errors of ${result.requests.total}`);
  return result;
}

function rssMiB(pid) {
  if (!pid) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** The queries measured at each size (paths relative to the gateway), from what the data holds now. */
async function queries(admin, customer, pg) {
  // tomorrow in the bakery's zone: future deliveries, some pending or confirmed
  const { rows: [{ day }] } = await pg.query(
    `SELECT to_char((now() AT TIME ZONE (SELECT time_zone FROM ordering_settings WHERE id = 1))::date + 1, 'YYYY-MM-DD') AS day`,
  );
  // the last 8 characters of an order placed half a year ago: not near the first page
  const { rows: [{ suffix }] } = await pg.query(
    `SELECT right(id::text, 8) AS suffix FROM orders WHERE created_at < now() - interval '180 days' ORDER BY created_at DESC LIMIT 1`,
  );
  let page10 = '/api/orders';
  for (let i = 0; i < 9; i++) {
    const res = await admin.call('GET', page10);
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    if (res.status !== 200 || !next) throw new Error(`page ${i + 1}: ${res.status}, next ${next}`);
    const u = new URL(next);
    page10 = u.pathname + u.search;
  }
  return [
    { name: 'admin: first page', cookie: admin.cookie, path: '/api/orders' },
    { name: 'admin: status + delivery date', cookie: admin.cookie, path: `/api/orders?status=pending,confirmed&deliveryDate=${day}` },
    { name: `admin: q="${SEARCH_FRAGMENT}" (business)`, cookie: admin.cookie, path: `/api/orders?q=${encodeURIComponent(SEARCH_FRAGMENT)}` },
    { name: 'admin: q=<order id suffix>', cookie: admin.cookie, path: `/api/orders?q=${suffix}` },
    { name: 'admin: 10th page (cursor)', cookie: admin.cookie, path: page10 },
    { name: 'customer: own history', cookie: customer.cookie, path: '/api/orders' },
    { name: 'admin: dashboard metrics', cookie: admin.cookie, path: '/api/dashboard/metrics' },
  ];
}

/**
 * The scenario on a running stack (`{ url, key, namespace, pids }` as bench/run.js's
 * startStack gives it); `databaseUrl` is the Postgres server the stack uses.
 */
async function ordersAtScale(stack, databaseUrl) {
  const run = randomUUID().slice(0, 8);
  const admin = new Client(stack.url);
  const adminEmail = `scale-admin-${run}@bench.test`;
  await admin.expect(201, 'POST', '/api/auth/admin-register', { email: adminEmail, password: PASSWORD, firstName: 'Scale', lastName: 'Admin', registrationKey: stack.key });
  await admin.expect(200, 'POST', '/api/auth/admin-login', { email: adminEmail, password: PASSWORD });
  const customer = new Client(stack.url);
  const real = { email: `scale-customer-${run}@bench.test`, businessName: 'Harbor Cafe of Springfield' };
  const user = await customer.expect(201, 'POST', '/api/auth/register', { ...real, password: PASSWORD });

  const db = new URL(databaseUrl);
  db.pathname = `/${stack.namespace}_ordering`;
  const pg = new Pg({ connectionString: db.toString() });
  await pg.connect();
  const rows = [];
  const sizes = [];
  try {
    await createFixtures(pg, { ...real, id: user.id });
    let loaded = 0;
    for (const size of SIZES) {
      const started = Date.now();
      await loadUpTo(pg, loaded, size);
      const loadS = (Date.now() - started) / 1000;
      loaded = size;
      const { rows: [counts] } = await pg.query(
        `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items,
                pg_size_pretty(pg_total_relation_size('orders') + pg_total_relation_size('order_items')) AS size`,
      );
      console.log(`orders-at-scale: ${counts.orders} orders, ${counts.items} lines (${counts.size} with indexes), loaded in ${loadS.toFixed(1)} s`);
      for (const q of await queries(admin, customer, pg)) {
        const r = await measure(stack.url, q.cookie, q.path);
        rows.push({ query: q.name, size, p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average) });
        console.log(`  ${q.name}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s`);
      }
      sizes.push({ size, orders: counts.orders, loadS, tables: counts.size, gatewayRssMiB: rssMiB(stack.pids?.gateway?.[0]) });
    }
  } finally {
    await pg.end();
  }
  return { rows, sizes };
}

/** One table: a row per query, p50 / p99 (ms) per size, and p99's growth from the first size to the last. */
function printReport({ rows, sizes }) {
  const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));
  const byQuery = new Map();
  for (const r of rows) byQuery.set(r.query, [...(byQuery.get(r.query) ?? []), r]);
  const table = [...byQuery].map(([query, runs]) => {
    const line = { query };
    for (const r of runs) line[`${label(r.size)} p50/p99 ms`] = `${r.p50} / ${r.p99}`;
    const [first, last] = [runs[0], runs[runs.length - 1]];
    line[`p99 ${label(first.size)}→${label(last.size)}`] = `${(last.p99 / first.p99).toFixed(2)}x`;
    return line;
  });
  console.log(
    `\nOrders at scale ${new Date().toISOString()}: ${os.cpus().length} cores (${os.cpus()[0].model}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}; ` +
      `${CONNECTIONS} connections, ${DURATION_S} s per query; everything on this machine\n`,
  );
  console.table(table);
  console.table(sizes.map((s) => ({ orders: s.orders, 'load s': s.loadS.toFixed(1), 'orders + lines on disk': s.tables, 'gateway RSS MiB': s.gatewayRssMiB ?? 'n/a' })));
}

module.exports = { ordersAtScale, printReport };

if (require.main === module) {
  const { startStack, DATABASE_URL } = require('./run');
  (async () => {
    const stack = await startStack();
    try {
      printReport(await ordersAtScale(stack, DATABASE_URL));
    } finally {
      await stack.stop();
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
