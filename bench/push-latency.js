#!/usr/bin/env node
/**
 * Push-latency benchmark: how long after a customer starts POST /api/orders the admins' badge
 * (`admin:notifications` over socket.io) shows it, with many admin sockets connected.
 *
 *   ADMIN_REGISTRATION_KEY=bench-key npm start                 # in one terminal
 *   ADMIN_REGISTRATION_KEY=bench-key node bench/push-latency.js
 *
 * Env: BENCH_URL (http://localhost:3000), BENCH_SOCKETS (50), BENCH_ORDERS (100),
 * BENCH_RATE (orders per second, 10), BENCH_CUSTOMERS (10), ADMIN_REGISTRATION_KEY.
 *
 * The unread count is set to 0 first (mark-read), then the orders are started at a steady rate.
 * The k-th order (in the order their POSTs started) is shown on a socket when that socket first
 * receives a count >= k: the push carries a count, not an order id, so this is "the badge counts
 * at least every order started up to this one". With orders far apart compared with their
 * processing time this is the order's own push. `order:updated` (which names the order) is
 * measured too, exactly, as a cross-check. Nothing else should place orders during a run.
 */
const os = require('node:os');
const { Client, percentile } = require('./lib/client');
const { randomUUID } = require('node:crypto');
const { io } = require('socket.io-client');

const BASE = process.env.BENCH_URL ?? 'http://localhost:3000';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10);
const KEY = process.env.ADMIN_REGISTRATION_KEY;
const PASSWORD = 'bench-pass-1';


function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms) => +ms.toFixed(1);
  return {
    samples: sorted.length,
    p50ms: round(percentile(sorted, 50)),
    p90ms: round(percentile(sorted, 90)),
    p99ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An admin socket that notes when it first saw each count and each order's pending update. */
function adminSocket(cookie) {
  const socket = io(BASE, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  const watcher = { socket, highest: -1, countSeenAt: new Map(), orderSeenAt: new Map() };
  socket.on('admin:notifications', ({ count }) => {
    const now = performance.now();
    for (let k = watcher.highest + 1; k <= count; k++) watcher.countSeenAt.set(k, now);
    watcher.highest = Math.max(watcher.highest, count);
  });
  socket.on('order:updated', ({ orderId, status }) => {
    if (status === 'pending' && !watcher.orderSeenAt.has(orderId)) watcher.orderSeenAt.set(orderId, performance.now());
  });
  const connected = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { watcher, connected };
}

async function main() {
  if (!KEY) throw new Error('set ADMIN_REGISTRATION_KEY to the key the stack was started with');
  const run = randomUUID().slice(0, 8);

  const admin = new Client(BASE);
  const adminEmail = `bench-push-admin-${run}@bench.test`;
  await admin.expect(201, 'POST', '/api/auth/admin-register', {
    email: adminEmail, password: PASSWORD, firstName: 'Bench', lastName: 'Admin', registrationKey: KEY,
  });
  await admin.expect(200, 'POST', '/api/auth/admin-login', { email: adminEmail, password: PASSWORD });
  const product = await admin.expect(201, 'POST', '/api/products', {
    name: `Bench Push Loaf ${run}`, price: '2.00', category: 'breads', stock: 1_000_000,
  });
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, i) => {
      const c = new Client(BASE);
      await c.expect(201, 'POST', '/api/auth/register', { email: `bench-push-${run}-${i}@bench.test`, password: PASSWORD });
      return c;
    }),
  );

  await admin.expect(200, 'POST', '/api/admin/notifications/mark-read');
  // Every socket shares the admin's session, as many tabs of one browser would.
  const sockets = Array.from({ length: SOCKETS }, () => adminSocket(admin.cookie));
  await Promise.all(sockets.map((s) => s.connected));
  const watchers = sockets.map((s) => s.watcher);
  const deadline = Date.now() + 10_000;
  while (watchers.some((w) => w.highest !== 0) && Date.now() < deadline) await sleep(20);
  if (watchers.some((w) => w.highest !== 0)) throw new Error('the sockets did not all get the count 0 on connect');

  // Orders start at a steady rate; a customer's orders never overlap (they share one cart).
  const placed = [];
  const failures = new Map();
  const queues = customers.map(() => Promise.resolve());
  const intervalMs = 1000 / RATE;
  const firstStart = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    const wait = firstStart + i * intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    const c = i % CUSTOMERS;
    const customer = customers[c];
    queues[c] = queues[c].then(async () => {
      await customer.expect(201, 'POST', '/api/cart', { productId: product.id, quantity: 1 });
      const startedAt = performance.now();
      const res = await customer.call('POST', '/api/orders', {});
      if (res.status === 201) placed.push({ id: res.body.id, startedAt, answeredAt: performance.now() });
      else failures.set(res.status, (failures.get(res.status) ?? 0) + 1);
    });
  }
  await Promise.all(queues);
  const placingSeconds = (performance.now() - firstStart) / 1000;

  const until = Date.now() + 15_000;
  while (watchers.some((w) => w.highest < placed.length) && Date.now() < until) await sleep(50);

  placed.sort((a, b) => a.startedAt - b.startedAt);
  const badge = [];
  const orderUpdated = [];
  let missing = 0;
  for (const w of watchers) {
    placed.forEach((order, i) => {
      const seen = w.countSeenAt.get(i + 1);
      if (seen === undefined) missing++;
      else badge.push(seen - order.startedAt);
      const updated = w.orderSeenAt.get(order.id);
      if (updated !== undefined) orderUpdated.push(updated - order.startedAt);
    });
  }
  for (const s of sockets) s.watcher.socket.disconnect();

  const cpus = os.cpus();
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        url: BASE,
        machine: `${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
        adminSockets: SOCKETS,
        orders: { target: ORDERS, placed: placed.length, failed: Object.fromEntries(failures) },
        customers: CUSTOMERS,
        rate: { targetPerSecond: RATE, achievedPerSecond: +(placed.length / placingSeconds).toFixed(1) },
        placeOrderPost: summary(placed.map((o) => o.answeredAt - o.startedAt)),
        orderPostToBadge: { ...summary(badge), missing },
        orderPostToOrderUpdated: summary(orderUpdated),
      },
      null,
      2,
    ),
  );
  if (missing > 0 || failures.size > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
