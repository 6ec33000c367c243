/**
 * A sell-out rush: 200 customers, each with one unit of the same product in the cart, place their
 * orders at the same moment; 50 are in stock. Three rushes, each with a product of its own. Times
 * the whole rush (first request sent to last answer) and the answers of the winners (201) and of
 * the losers (409 'Not enough stock') apart; any other answer (a 503 from a timeout) is counted as
 * an error. Checks that exactly the stock was sold.
 *
 * Part of `npm run bench` (BENCH_SCENARIOS=sell-out runs it alone).
 * Env: BENCH_SELL_OUT_CUSTOMERS (200), BENCH_SELL_OUT_STOCK (50), BENCH_SELL_OUT_RUSHES (3).
 */
const { randomUUID } = require('node:crypto');
const { percentile, pool } = require('./lib/client');

const CUSTOMERS = Number(process.env.BENCH_SELL_OUT_CUSTOMERS ?? 200);
const STOCK = Number(process.env.BENCH_SELL_OUT_STOCK ?? 50);
const RUSHES = Number(process.env.BENCH_SELL_OUT_RUSHES ?? 3);

async function rush(admin, buyers) {
  const product = await admin.expect(201, 'POST', '/api/products', {
    name: `Bench Scarce Loaf ${randomUUID().slice(0, 6)}`,
    price: '4.00',
    category: 'breads',
    stock: STOCK,
  });
  await pool(buyers, 16, (c) => c.expect(201, 'POST', '/api/cart', { productId: product.id, quantity: 1 }));
  const started = performance.now();
  const answers = await Promise.all(
    buyers.map(async (c) => {
      const sent = performance.now();
      const res = await c.call('POST', '/api/orders', {});
      return { status: res.status, ms: performance.now() - sent };
    }),
  );
  const wallMs = performance.now() - started;
  const { stock } = await admin.expect(200, 'GET', `/api/products/${product.id}`);
  // the losers keep the line in their carts: empty them for the next rush
  await pool(buyers, 16, async (c) => {
    for (const line of await c.expect(200, 'GET', '/api/cart')) await c.expect(200, 'DELETE', `/api/cart/${line.id}`);
  });
  return { answers, wallMs, stockLeft: stock };
}

/** Runs the rushes with `register` (a customer maker from bench/run.js's seed). */
async function sellOut(admin, register) {
  const buyers = await pool(Array.from({ length: CUSTOMERS }, (_, i) => i), 8, register('sell-out'));
  const rushes = [];
  for (let n = 0; n < RUSHES; n++) rushes.push(await rush(admin, buyers));
  return rushes;
}

const ms = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? '-' : `${Math.round(percentile(sorted, 50))} / ${Math.round(percentile(sorted, 99))} / ${Math.round(sorted[sorted.length - 1])}`;
};

function printReport(rushes) {
  console.log(`\nSell-out rush: ${CUSTOMERS} customers order 1 unit each at once, ${STOCK} in stock (${rushes.length} rushes)`);
  console.table(
    rushes.map((r, i) => {
      const won = r.answers.filter((a) => a.status === 201);
      const lost = r.answers.filter((a) => a.status === 409);
      const other = r.answers.filter((a) => a.status !== 201 && a.status !== 409);
      return {
        rush: i + 1,
        'whole rush ms': Math.round(r.wallMs),
        'sold (201)': won.length,
        'refused (409)': lost.length,
        'other answers': other.length ? `${other.length} (${[...new Set(other.map((a) => a.status))].join(', ')})` : 0,
        'stock left': r.stockLeft,
        'winners p50 / p99 / max ms': ms(won.map((a) => a.ms)),
        'losers p50 / p99 / max ms': ms(lost.map((a) => a.ms)),
        oversold: won.length + r.stockLeft === STOCK ? 'no' : 'YES',
      };
    }),
  );
}

module.exports = { sellOut, printReport };
