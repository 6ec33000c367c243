/**
 * Production documents at size (issue 18): one delivery date with 2,000 orders (2,000 customers,
 * five lines each over the 60 seeded products, every slot and none, 5% cancelled) and 100
 * standing orders due that date, not yet placed (projected). Customers' profiles (address,
 * phone, drop position) and the orders are bulk-loaded with SQL into the customers and ordering
 * databases (the services read only their own tables, so the documents see them as real); a
 * third of the products get a batch size through the API.
 *
 * Measures through the gateway, one request at a time: GET /api/admin/production/bake-list as
 * JSON (20 calls, p50/p99; target under 200 ms), the same after a print with 50 order lines
 * amended since (the changes are worked out too; the first read after the print on its own), the
 * run sheet as JSON and as a PDF (5 calls each; PDF target under 2 s),
 * and the packing slips PDF once (a page per order).
 *
 * Part of `npm run bench` (BENCH_SCENARIOS=production runs it alone).
 * Env: BENCH_PRODUCTION_ORDERS (2000), BENCH_PRODUCTION_STANDING (100).
 */
const { randomUUID } = require('node:crypto');
const { Client: Pg } = require('pg');
const { percentile } = require('./lib/client');

const ORDERS = Number(process.env.BENCH_PRODUCTION_ORDERS ?? 2000);
const STANDING = Number(process.env.BENCH_PRODUCTION_STANDING ?? 100);
/** order lines amended between the print and the reads after it */
const AMENDED_LINES = 50;
const SLOTS = ['6:00 AM - 8:00 AM', '8:00 AM - 10:00 AM', '10:00 AM - 12:00 PM', null];
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Mill Road', 'Market Square', 'Harbour Way', 'Orchard Close', 'Bridge Street'];
const KINDS = ['Cafe', 'Bistro', 'Deli', 'Kitchen', 'Market', 'Grocer', 'Diner', 'Tea Room'];

function withDatabase(url, db) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A week ahead of the real clock: the default schedule delivers every day, until the day ends. */
function deliveryDate() {
  return new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 10);
}

async function loadCustomers(pg) {
  const customers = Array.from({ length: ORDERS }, (_, n) => ({
    id: randomUUID(),
    business: `${['Golden', 'Rustic', 'Corner', 'Harbor', 'Maple', 'Sunrise', 'Village', 'Copper'][n % 8]} ${KINDS[Math.floor(n / 8) % 8]} ${n}`,
    address: `${1 + (n % 200)} ${STREETS[n % STREETS.length]}, Unit ${n}, Springfield SP${n % 90} ${n % 9}AB`,
    phone: `020 7946 ${String(n).padStart(4, '0')}`,
    // every tenth customer without a drop position (they come after the others in their slot)
    drop: n % 10 === 9 ? null : 1 + ((n * 7919) % 9999),
  }));
  await pg.query(
    `INSERT INTO customer_profiles (user_id, business_name, business_type, phone, address, drop_position, email, identity_copied)
     SELECT id, business, 'other', phone, address, drop, 'bench-production-' || id || '@bench.test', true
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[]) AS c(id, business, phone, address, drop)`,
    [customers.map((c) => c.id), customers.map((c) => c.business), customers.map((c) => c.phone), customers.map((c) => c.address), customers.map((c) => c.drop)],
  );
  return customers;
}

async function loadOrders(pg, date, customers, products) {
  const ids = customers.map(() => randomUUID());
  const status = (n) => (n % 20 === 19 ? 'cancelled' : ['pending', 'confirmed', 'in_preparation'][n % 3]);
  await pg.query(
    `INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, delivery_date, delivery_time_slot, special_instructions,
                         customer_business_name, customer_email, customer_phone)
     SELECT id, customer, status, 50.00, 12.50, 4.25, 66.75, $1::date, slot, note, business, 'bench-production-' || customer || '@bench.test', phone
       FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS o(id, customer, status, slot, note, business, phone)`,
    [
      date,
      ids,
      customers.map((c) => c.id),
      customers.map((_, n) => status(n)),
      customers.map((_, n) => SLOTS[n % SLOTS.length]),
      customers.map((_, n) => (n % 10 === 0 ? `Leave at the back door, code ${n}` : null)),
      customers.map((c) => c.business),
      customers.map((c) => c.phone),
    ],
  );
  const items = ids.flatMap((orderId, n) =>
    [0, 1, 2, 3, 4].map((position) => {
      const product = products[(n * 5 + position * 11) % products.length];
      return { orderId, position, productId: product.id, name: product.name, quantity: 1 + ((n + position * 3) % 24) };
    }),
  );
  await pg.query(
    `INSERT INTO order_items (order_id, position, product_id, product_name, quantity, unit_price, total_price)
     SELECT order_id, position, product_id, name, quantity, 2.00, quantity * 2.00
       FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::text[], $5::int[]) AS i(order_id, position, product_id, name, quantity)`,
    [items.map((i) => i.orderId), items.map((i) => i.position), items.map((i) => i.productId), items.map((i) => i.name), items.map((i) => i.quantity)],
  );
}

async function loadStandingOrders(pg, date, customers, products) {
  const rows = Array.from({ length: STANDING }, (_, n) => ({
    id: randomUUID(),
    customer: customers[(n * 17) % customers.length].id,
    lines: JSON.stringify([0, 1, 2].map((k) => ({ productId: products[(n + k * 13) % products.length].id, quantities: [4, 4, 4, 4, 4, 4, 4] }))),
  }));
  await pg.query(
    `INSERT INTO standing_orders (id, customer_id, name, start_date, every_weeks, lines)
     SELECT id, customer, 'Bench standing', $1::date, 1, lines::jsonb FROM unnest($2::uuid[], $3::uuid[], $4::text[]) AS s(id, customer, lines)`,
    [date, rows.map((r) => r.id), rows.map((r) => r.customer), rows.map((r) => r.lines)],
  );
}

/** `calls` requests one after the other: their times in ms (ascending) and the last answer. */
async function timed(admin, calls, path, asBytes = false) {
  const times = [];
  let last;
  for (let i = 0; i < calls; i++) {
    const started = process.hrtime.bigint();
    const res = await fetch(admin.base + path, { headers: { cookie: admin.cookie } });
    const body = asBytes ? Buffer.from(await res.arrayBuffer()) : await res.json();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${asBytes ? body.toString() : JSON.stringify(body)}`);
    last = body;
  }
  return { times: times.sort((a, b) => a - b), last };
}

const stats = (what, target, { times }) => ({
  what,
  calls: times.length,
  'p50 ms': percentile(times, 50).toFixed(0),
  'p99 ms': percentile(times, 99).toFixed(0),
  'max ms': times[times.length - 1].toFixed(0),
  target,
});

async function productionDocuments(stack, databaseUrl, admin, products) {
  const date = deliveryDate();
  console.log(`production: loading ${ORDERS} orders and ${STANDING} standing orders for ${date}...`);
  // a third of the products are made in batches
  for (const [i, p] of products.entries()) if (i % 3 === 0) await admin.expect(200, 'PATCH', `/api/products/${p.id}`, { batchSize: 24 + (i % 5) * 12 });
  const customersDb = new Pg({ connectionString: withDatabase(databaseUrl, `${stack.namespace}_customers`) });
  const orderingDb = new Pg({ connectionString: withDatabase(databaseUrl, `${stack.namespace}_ordering`) });
  await Promise.all([customersDb.connect(), orderingDb.connect()]);
  try {
    const customers = await loadCustomers(customersDb);
    await loadOrders(orderingDb, date, customers, products);
    await loadStandingOrders(orderingDb, date, customers, products);
    await Promise.all([customersDb.query('VACUUM (ANALYZE) customer_profiles'), orderingDb.query('VACUUM (ANALYZE) orders, order_items, standing_orders')]);
    const plan = (await orderingDb.query(
      `EXPLAIN (ANALYZE, FORMAT JSON)
       SELECT i.product_id, o.customer_id, sum(i.quantity)::int FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.delivery_date = $1::date AND o.status <> 'cancelled' AND i.quantity > 0 GROUP BY i.product_id, o.customer_id`,
      [date],
    )).rows[0]['QUERY PLAN'][0];

    // warm up (connections, caches), then measure
    await timed(admin, 3, `/api/admin/production/bake-list?date=${date}`);
    const bakeList = await timed(admin, 20, `/api/admin/production/bake-list?date=${date}`);
    await admin.expect(201, 'POST', '/api/admin/production/prints', { date });
    // orders amended since the print (written straight into the table, as they were loaded): the
    // bake list lists what changed, with those customers' names
    const amended = await orderingDb.query(
      `UPDATE order_items SET quantity = quantity + 1
        WHERE (order_id, position) IN (SELECT i.order_id, i.position FROM order_items i JOIN orders o ON o.id = i.order_id
                                        WHERE o.delivery_date = $1::date AND o.status <> 'cancelled' ORDER BY o.id LIMIT $2)`,
      [date, AMENDED_LINES],
    );
    // the first read after a print, on its own: the service that printed keeps the print as written,
    // and another would read it back once (ProductionService.lastPrint)
    const firstAfterPrint = await timed(admin, 1, `/api/admin/production/bake-list?date=${date}`);
    const afterPrint = await timed(admin, 20, `/api/admin/production/bake-list?date=${date}`);
    if (afterPrint.last.changesTotal !== amended.rowCount) throw new Error(`${amended.rowCount} lines amended since the print, the bake list shows ${afterPrint.last.changesTotal} changes`);
    const runSheet = await timed(admin, 5, `/api/admin/production/run-sheet?date=${date}`);
    await timed(admin, 1, `/api/admin/production/run-sheet?date=${date}&format=pdf`, true);
    const runSheetPdf = await timed(admin, 5, `/api/admin/production/run-sheet?date=${date}&format=pdf`, true);
    const slipsPdf = await timed(admin, 1, `/api/admin/production/packing-slips?date=${date}&format=pdf`, true);

    const units = bakeList.last.products.reduce((n, p) => n + p.quantity + p.projectedQuantity, 0);
    const stops = runSheet.last.slots.reduce((n, s) => n + s.stops.length, 0);
    if (!runSheetPdf.last.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('the run sheet is not a PDF');
    return {
      date,
      rows: [
        stats('bake list (JSON)', '< 200 ms', bakeList),
        stats('bake list, first read after a print (JSON)', '< 200 ms', firstAfterPrint),
        stats(`bake list after a print, ${AMENDED_LINES} lines amended since (JSON)`, '< 200 ms', afterPrint),
        stats('run sheet (JSON)', '', runSheet),
        stats('run sheet (PDF)', '< 2000 ms', runSheetPdf),
        stats('packing slips (PDF, a page per order)', '', slipsPdf),
      ],
      notes: {
        orders: ORDERS,
        cancelled: Math.floor(ORDERS / 20),
        standingOrdersProjected: STANDING,
        products: bakeList.last.products.length,
        units,
        runSheetStops: stops,
        runSheetPdfKiB: Math.round(runSheetPdf.last.length / 1024),
        packingSlipsPdfKiB: Math.round(slipsPdf.last.length / 1024),
        aggregateQueryMs: plan['Execution Time'].toFixed(1),
        aggregateQueryPlan: plan.Plan['Node Type'] + ' ← ' + (plan.Plan.Plans ?? []).map((p) => p['Node Type']).join(', '),
      },
    };
  } finally {
    await Promise.all([customersDb.end(), orderingDb.end()]);
  }
}

function printReport(report) {
  console.log(`\nProduction documents for one date (${report.date}), requests one at a time through the gateway:`);
  console.table(report.rows);
  console.table([report.notes]);
}

module.exports = { productionDocuments, printReport };
