#!/usr/bin/env node
/**
 * Checkout benchmark: N concurrent customers each fill a 3-line cart and place an order, over
 * and over, for a fixed time, through the gateway of a running stack.
 *
 *   ADMIN_REGISTRATION_KEY=bench-key npm start            # in one terminal
 *   ADMIN_REGISTRATION_KEY=bench-key node bench/checkout.js
 *
 * Env: BENCH_URL (http://localhost:3000), CUSTOMERS (32), DURATION_S (20), ADMIN_REGISTRATION_KEY.
 * Prints orders per second and POST /api/orders latency (p50/p99/max), then checks that no
 * stock was oversold: initial stock = stock left + units sold, for every product.
 */
const os = require('node:os');
const { Client, percentile } = require('./lib/client');
const { randomUUID } = require('node:crypto');

const BASE = process.env.BENCH_URL ?? 'http://localhost:3000';
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 32);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const KEY = process.env.ADMIN_REGISTRATION_KEY;
const INITIAL_STOCK = 1_000_000;



async function main() {
  if (!KEY) throw new Error('set ADMIN_REGISTRATION_KEY to the key the stack was started with');
  const run = randomUUID().slice(0, 8);
  const admin = new Client(BASE);
  const adminEmail = `bench-admin-${run}@bench.test`;
  let res = await admin.call('POST', '/api/auth/admin-register', {
    email: adminEmail, password: 'bench-pass-1', firstName: 'Bench', lastName: 'Admin', registrationKey: KEY,
  });
  if (res.status !== 201) throw new Error(`admin register: ${res.status} ${JSON.stringify(res.body)}`);
  await admin.call('POST', '/api/auth/admin-login', { email: adminEmail, password: 'bench-pass-1' });

  const products = [];
  for (const [name, price, category] of [['Bench Loaf', '3.25', 'breads'], ['Bench Croissant', '2.40', 'pastries'], ['Bench Bagel', '1.60', 'bagels']]) {
    res = await admin.call('POST', '/api/products', { name: `${name} ${run}`, price, category, stock: INITIAL_STOCK });
    if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
    products.push(res.body);
  }

  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, i) => {
      const c = new Client(BASE);
      const r = await c.call('POST', '/api/auth/register', { email: `bench-${run}-${i}@bench.test`, password: 'bench-pass-1' });
      if (r.status !== 201) throw new Error(`register: ${r.status}`);
      return c;
    }),
  );

  const latencies = [];
  const statuses = new Map();
  let orders = 0;
  const deadline = Date.now() + DURATION_S * 1000;
  const started = Date.now();
  await Promise.all(
    customers.map(async (c) => {
      while (Date.now() < deadline) {
        for (const [i, p] of products.entries()) await c.call('POST', '/api/cart', { productId: p.id, quantity: i + 1 });
        const t0 = performance.now();
        const r = await c.call('POST', '/api/orders', {}, { 'idempotency-key': randomUUID() });
        latencies.push(performance.now() - t0);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 201) orders++;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  // Oversell check: what is left plus what was sold is what there was.
  const all = await admin.all('/api/orders?limit=200');
  let consistent = true;
  for (const p of products) {
    const sold = all.flatMap((o) => o.orderItems).filter((i) => i.product.id === p.id).reduce((n, i) => n + i.quantity, 0);
    const left = (await admin.call('GET', `/api/products/${p.id}`)).body.stock;
    if (left + sold !== INITIAL_STOCK) consistent = false;
  }

  const row = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    customers: CUSTOMERS,
    durationS: DURATION_S,
    orders,
    ordersPerSecond: +(orders / seconds).toFixed(1),
    p50ms: +percentile(latencies, 50).toFixed(1),
    p99ms: +percentile(latencies, 99).toFixed(1),
    maxMs: +latencies[latencies.length - 1].toFixed(1),
    statuses: Object.fromEntries(statuses),
    stockConsistent: consistent,
  };
  console.log(JSON.stringify(row, null, 2));
  if (!consistent) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
