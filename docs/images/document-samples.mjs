/**
 * Makes the pictures of the production documents and an invoice shown in the README
 * (docs/images/*.png): against a running, seeded stack (`npm start`, then `npm run seed`), it
 * names the bakery, gives the demo customers drop positions, places their orders for the next
 * date that can be ordered, downloads the bake list, packing slips, run sheet and an invoice as
 * PDFs, and renders each one's first page with pdftoppm (Debian's poppler-utils).
 *
 *   SEED_URL=http://localhost:3000 node docs/images/document-samples.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BASE = process.env.SEED_URL ?? 'http://localhost:3000';
const OUT = path.dirname(new URL(import.meta.url).pathname);
const work = mkdtempSync(path.join(tmpdir(), 'document-samples-'));

/** A signed-in caller: keeps the session cookie. */
function session() {
  let cookie = '';
  const call = async (method, url, body) => {
    const res = await fetch(BASE + url, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie().find((c) => c.includes('bakery_session='));
    if (set) cookie = set.split(';')[0];
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    const type = res.headers.get('content-type') ?? '';
    return type.includes('json') ? res.json() : Buffer.from(await res.arrayBuffer());
  };
  return call;
}

const admin = session();
await admin('POST', '/api/auth/admin-login', { email: 'admin@demo.bakery', password: 'demo-admin-1' });
await admin('PUT', '/api/admin/bakery-details', {
  name: 'Demo Bakery',
  address: '1 Oven Row, Breadford',
  taxId: 'VAT 123 4567 89',
  paymentInstructions: 'Bank transfer within 14 days to account 12-34-56 78901234, quoting the invoice number.',
});

const customers = [
  { email: 'cafe@demo.bakery', password: 'demo-cafe-1', drop: 2, slot: '6:00 AM - 8:00 AM', lines: [[0, 20], [3, 12], [6, 6]] },
  { email: 'bistro@demo.bakery', password: 'demo-bistro-1', drop: 1, slot: '6:00 AM - 8:00 AM', lines: [[0, 10], [1, 8], [9, 24]] },
];
const products = (await admin('GET', '/api/products')).filter((p) => p.isActive);
// enough stock for the sample orders, however often this runs
for (const index of new Set(customers.flatMap((c) => c.lines.map(([i]) => i)))) await admin('PATCH', `/api/products/${products[index].id}`, { stock: 500, batchSize: index === 0 ? 24 : null });
const today = new Date().toISOString().slice(0, 10);
const in2Weeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

let date;
const orders = [];
for (const c of customers) {
  const client = session();
  const me = await client('POST', '/api/auth/login', { email: c.email, password: c.password });
  await admin('PATCH', `/api/customers/${me.id ?? me.user?.id}`, { dropPosition: c.drop });
  const calendar = await client('GET', `/api/delivery/calendar?from=${today}&to=${in2Weeks}`);
  date ??= (Array.isArray(calendar) ? calendar : calendar.days).find((d) => d.orderable).date;
  for (const [index, quantity] of c.lines) await client('POST', '/api/cart', { productId: products[index].id, quantity });
  orders.push(await client('POST', '/api/orders', { deliveryDate: date, deliveryTimeSlot: c.slot, specialInstructions: 'Side door, ring twice' }));
}

await admin('PUT', `/api/orders/${orders[0].id}/status`, { status: 'delivered' });
const [invoice] = await admin('GET', `/api/invoices?orderId=${orders[0].id}`);

const documents = {
  'bake-list': `/api/admin/production/bake-list?date=${date}&format=pdf`,
  'packing-slips': `/api/admin/production/packing-slips?date=${date}&format=pdf`,
  'run-sheet': `/api/admin/production/run-sheet?date=${date}&format=pdf`,
  invoice: `/api/invoices/${invoice.id}/pdf`,
};
for (const [name, url] of Object.entries(documents)) {
  const pdf = path.join(work, `${name}.pdf`);
  writeFileSync(pdf, await admin('GET', url));
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(OUT, name)]);
  console.log(`${name}: docs/images/${name}.png`);
}
