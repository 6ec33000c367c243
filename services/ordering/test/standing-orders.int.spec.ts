import { DateTime } from 'luxon';
import { parseAmount } from '@bakery/contracts';
import { parseExposition, sampleValue } from '@bakery/platform';
import { ApiClient, createProduct, eventually, ORDER_BY_2PM_THE_DAY_BEFORE, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { StandingOrderMaterializer } from '../src/standing-orders/standing-order-materializer';

/**
 * Standing orders through the gateway, with the stack's controllable clock and two ordering
 * instances: the API, one-date changes until the cut-off, and deliveries turned into orders at
 * their cut-off exactly once. The bakery is in London; the dates are December 2026.
 */
const ZONE = 'Europe/London';
const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

const BAKERY = ORDER_BY_2PM_THE_DAY_BEFORE;

/** quantities Monday … Sunday */
const weekdays = (q: number, saturday = q) => [q, q, q, q, q, saturday, 0];

interface OrderJson {
  id: string;
  status: string;
  total: string;
  subtotal: string;
  deliveryFee: string;
  deliveryDate: string;
  standingOrderId: string | null;
  orderItems: { productId: string; quantity: number; shortfall: number; unitPrice: string; totalPrice: string }[];
}

describe('standing orders', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let cafe: ApiClient;
  let cafeId: string;
  let bistro: ApiClient;
  let baguette: { id: string };
  let croissant: { id: string };

  const materializers = () => stack.instancesOf('ordering').map((i) => i.app.get(StandingOrderMaterializer));
  /** Every instance sweeps at once, as their timers would: real concurrency, no waiting for timers. */
  const sweepEverywhere = async () => (await Promise.all(materializers().map((m) => m.run()))).reduce((a, b) => a + b, 0);
  const ordersOf = (standingOrderId: string) =>
    stack.query<{ id: string; date: string }>(
      'ordering',
      `SELECT id, to_char(delivery_date, 'YYYY-MM-DD') AS date FROM orders WHERE standing_order_id = $1 ORDER BY delivery_date`,
      [standingOrderId],
    );

  /** The standing orders' order value, summed over the ordering instances (whichever relayed counts it). */
  const standingOrderValue = async () => {
    const texts = await Promise.all(stack.instancesOf('ordering').map(async (i) => (await fetch(i.metricsUrl!)).text()));
    return texts.reduce((sum, text) => sum + sampleValue(parseExposition(text), 'bakery_order_value_total', { source: 'standing_order' }), 0);
  };

  async function standingOrder(client: ApiClient, body: Record<string, unknown>) {
    const res = await client.post('/api/standing-orders', {
      name: 'Daily bread',
      startDate: '2026-11-30',
      everyWeeks: 1,
      lines: [{ productId: baguette.id, quantities: weekdays(20, 30) }],
      ...body,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  beforeAll(async () => {
    // the timers sweep rarely here: the tests sweep every instance themselves, at once
    // METRICS_PORT 0: each instance's metrics on a port of its own (the order value a delivery adds)
    stack = await TestStack.start({ env: { BAKERY_TIMEZONE: ZONE, STANDING_ORDER_INTERVAL_SECONDS: '3600', METRICS_PORT: '0' } });
    await stack.startService('ordering');
    admin = await signedInAdmin(stack.url);
    cafe = await signedInCustomer(stack.url, { businessName: 'Corner Coffee' });
    cafeId = (await cafe.get('/api/auth/user')).body.id;
    bistro = await signedInCustomer(stack.url, { businessName: 'Bistro Forno' });
    baguette = await createProduct(admin, { name: 'Baguette', price: '2.25', stock: 100_000 });
    croissant = await createProduct(admin, { name: 'Croissant', price: '1.80', stock: 100_000 });
    expect((await admin.put('/api/admin/delivery-schedule', BAKERY)).status).toBe(200);
    stack.setClock(london('2026-11-30T08:00')); // a Monday morning
  });
  afterAll(() => stack?.close());

  describe('the API', () => {
    it('creates, reads, replaces and deletes a customer’s own standing order', async () => {
      const created = await cafe.post('/api/standing-orders', {
        name: 'Weekday bread',
        startDate: '2026-11-30',
        endDate: null,
        everyWeeks: 2,
        deliveryTimeSlot: '6:00 AM - 8:00 AM',
        specialInstructions: 'Back door',
        lines: [{ productId: baguette.id, quantities: weekdays(20, 30) }],
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        customerId: cafeId,
        status: 'active',
        pausedUntil: null,
        name: 'Weekday bread',
        startDate: '2026-11-30',
        endDate: null,
        everyWeeks: 2,
        deliveryTimeSlot: '6:00 AM - 8:00 AM',
        specialInstructions: 'Back door',
        lines: [{ productId: baguette.id, quantities: [20, 20, 20, 20, 20, 30, 0] }],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const id = created.body.id;
      expect((await cafe.get(`/api/standing-orders/${id}`)).body).toEqual(created.body);
      expect((await cafe.get('/api/standing-orders')).body.map((s: { id: string }) => s.id)).toContain(id);
      expect((await bistro.get(`/api/standing-orders/${id}`)).status).toBe(404);
      expect((await bistro.get('/api/standing-orders')).body).toEqual([]);

      const replaced = await cafe.put(`/api/standing-orders/${id}`, { name: 'Weekly', startDate: '2026-11-30', everyWeeks: 1, lines: [{ productId: croissant.id, quantities: [1, 0, 0, 0, 0, 0, 0] }] });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({ name: 'Weekly', everyWeeks: 1, deliveryTimeSlot: null, specialInstructions: null });
      expect((await bistro.delete(`/api/standing-orders/${id}`)).status).toBe(404);
      expect((await cafe.delete(`/api/standing-orders/${id}`)).status).toBe(204);
      expect((await cafe.get(`/api/standing-orders/${id}`)).status).toBe(404);
    });

    it('lets an admin make one for a customer (and only an admin name the customer)', async () => {
      expect((await cafe.post('/api/standing-orders', { name: 'x', startDate: '2026-11-30', everyWeeks: 1, customerId: cafeId, lines: [{ productId: baguette.id, quantities: weekdays(1) }] })).status).toBe(403);
      const missing = await admin.post('/api/standing-orders', { name: 'By phone', startDate: '2026-11-30', everyWeeks: 1, lines: [{ productId: baguette.id, quantities: weekdays(1) }] });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ customerId: ['customerId is required: the customer the standing order is for'] });
      const byPhone = await admin.post('/api/standing-orders', { name: 'By phone', startDate: '2026-11-30', everyWeeks: 1, customerId: cafeId, lines: [{ productId: baguette.id, quantities: weekdays(1) }] });
      expect(byPhone.status).toBe(201);
      expect(byPhone.body.customerId).toBe(cafeId);
      expect((await cafe.get(`/api/standing-orders/${byPhone.body.id}`)).status).toBe(200);
      expect((await admin.get(`/api/standing-orders?customerId=${cafeId}`)).body.map((s: { id: string }) => s.id)).toContain(byPhone.body.id);
      expect((await cafe.get(`/api/standing-orders?customerId=${cafeId}`)).status).toBe(403);
      await admin.delete(`/api/standing-orders/${byPhone.body.id}`);
    });

    it('refuses bad bodies with field messages, and an 11th standing order, writing nothing', async () => {
      const customer = await signedInCustomer(stack.url);
      const bad = await customer.post('/api/standing-orders', {
        name: '',
        startDate: '2026-12-10',
        endDate: '2026-12-01',
        everyWeeks: 5,
        lines: [{ productId: baguette.id, quantities: [1, 2, 3] }],
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['everyWeeks', 'lines.0.quantities', 'name']);
      const backwards = await customer.post('/api/standing-orders', { name: 'x', startDate: '2026-12-10', endDate: '2026-12-01', everyWeeks: 1, lines: [{ productId: baguette.id, quantities: weekdays(1) }] });
      expect(backwards.body.errors).toEqual({ endDate: ['endDate cannot be before startDate'] });
      const nothing = await customer.post('/api/standing-orders', { name: 'x', startDate: '2026-12-10', everyWeeks: 1, lines: [{ productId: baguette.id, quantities: [0, 0, 0, 0, 0, 0, 0] }] });
      expect(nothing.body.errors).toEqual({ lines: ['A standing order needs a quantity on at least one day'] });
      expect((await customer.get('/api/standing-orders')).body).toEqual([]);

      const made = await Promise.all(Array.from({ length: 12 }, () => customer.post('/api/standing-orders', { name: 'x', startDate: '2026-12-10', everyWeeks: 1, lines: [{ productId: baguette.id, quantities: weekdays(1) }] })));
      expect(made.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), 409, 409]);
      const own = await customer.get('/api/standing-orders');
      expect(own.body).toHaveLength(10);
      // a customer's own always fit in one page: no next page
      expect(own.headers.get('link')).toBeNull();
    });

    it('pages every standing order for an admin (limit, cursor, Link), with no gap or duplicate, and refuses a bad limit or cursor', async () => {
      // more than a default page (50), made in one statement: one created_at, so the id orders them (ended: never delivered)
      const ended = await stack.query<{ id: string }>(
        'ordering',
        `INSERT INTO standing_orders (id, customer_id, name, start_date, end_date, every_weeks, lines)
         SELECT gen_random_uuid(), gen_random_uuid(), 'Ended ' || n, '2020-01-06', '2020-01-06', 1, $1::jsonb FROM generate_series(1, 52) AS n RETURNING id`,
        [JSON.stringify([{ productId: baguette.id, quantities: weekdays(1) }])],
      );
      const expected = async () => (await stack.query<{ id: string }>('ordering', 'SELECT id FROM standing_orders ORDER BY created_at, id')).map((r) => r.id);
      const walk = async (client: ApiClient, path: string, between?: () => Promise<unknown>) => {
        const pages: { id: string; standingOrderId?: string; date?: string }[][] = [];
        for (let next: string | null = path; next; ) {
          const res = await client.get(next);
          expect(res.status).toBe(200);
          pages.push(res.body);
          const link = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
          next = link ? link.slice(new URL(link).origin.length) : null;
          if (next && between) await between();
        }
        return pages;
      };

      const all = await expected();
      expect(all.length).toBeGreaterThan(50);
      const byDefault = await walk(admin, '/api/standing-orders');
      expect(byDefault).toHaveLength(Math.ceil(all.length / 50));
      expect(byDefault.slice(0, -1).every((p) => p.length === 50)).toBe(true);
      expect(byDefault.flat().map((s) => s.id)).toEqual(all);

      // one made while the admin walks the pages comes once, on the last page
      let madeMeanwhile: { id: string } | undefined;
      const small = await walk(admin, '/api/standing-orders?limit=7', async () => {
        madeMeanwhile ??= await standingOrder(admin, { customerId: cafeId, name: 'Made meanwhile' });
      });
      expect(small.slice(0, -1).every((p) => p.length === 7)).toBe(true);
      expect(small.flat().map((s) => s.id)).toEqual(await expected());
      expect(small.flat().map((s) => s.id).at(-1)).toBe(madeMeanwhile!.id);

      // the coming deliveries page by the same standing orders: each one's deliveries on one page only
      const shop = await signedInCustomer(stack.url);
      const shopId = (await shop.get('/api/auth/user')).body.id as string;
      const three = [await standingOrder(shop, { name: 'One' }), await standingOrder(shop, { name: 'Two' }), await standingOrder(shop, { name: 'Three' })];
      const deliveries = (await shop.get('/api/standing-orders/upcoming?weeks=1')).body as { standingOrderId: string; date: string }[];
      expect(new Set(deliveries.map((d) => d.standingOrderId))).toEqual(new Set(three.map((so) => so.id)));
      const upcomingPages = await walk(admin, `/api/standing-orders/upcoming?weeks=1&customerId=${shopId}&limit=2`);
      expect(upcomingPages).toHaveLength(2);
      expect(upcomingPages.map((p) => new Set(p.map((d) => d.standingOrderId)))).toEqual([new Set([three[0].id, three[1].id]), new Set([three[2].id])]);
      const key = (d: { standingOrderId?: string; date?: string }) => `${d.standingOrderId} ${d.date}`;
      expect(upcomingPages.flat().map(key).sort()).toEqual(deliveries.map(key).sort());

      for (const path of ['/api/standing-orders', '/api/standing-orders/upcoming']) {
        for (const limit of ['0', '201', '2.5', 'x']) {
          const bad = await admin.get(`${path}?limit=${limit}`);
          expect(bad.status).toBe(400);
          expect(bad.body.errors).toEqual({ limit: ['limit must be a whole number from 1 to 200'] });
        }
        for (const cursor of ['nonsense', Buffer.from(JSON.stringify(['2026-11-30', 'x'])).toString('base64url'), 'x'.repeat(201)]) {
          const bad = await admin.get(`${path}?cursor=${cursor}`);
          expect(bad.status).toBe(400);
          expect(bad.body.errors).toEqual({ cursor: ['Not a cursor of this list'] });
        }
      }

      await stack.query('ordering', 'DELETE FROM standing_orders WHERE id = ANY($1::uuid[])', [[...ended.map((r) => r.id), madeMeanwhile!.id, ...three.map((so) => so.id)]]);
    });
  });

  describe('upcoming deliveries and one-date changes', () => {
    it('lists four weeks of deliveries; skips, changes and pauses are honoured until each date’s cut-off', async () => {
      const customer = await signedInCustomer(stack.url);
      // made on Sunday morning, before Monday's cut-off; seen on Monday
      stack.setClock(london('2026-11-29T08:00'));
      const so = await standingOrder(customer, { lines: [{ productId: baguette.id, quantities: weekdays(20, 30) }] });
      stack.setClock(london('2026-11-30T08:00'));
      const upcoming = await customer.get('/api/standing-orders/upcoming?weeks=4');
      expect(upcoming.status).toBe(200);
      // Monday 30 November to Sunday 27 December, Monday to Saturday
      expect(upcoming.body).toHaveLength(24);
      expect(upcoming.body[0]).toEqual({
        standingOrderId: so.id,
        date: '2026-11-30',
        cutoffAt: london('2026-11-29T14:00').toISOString(),
        skipped: false,
        lines: [{ productId: baguette.id, quantity: 20 }],
      });
      expect(upcoming.body.find((d: { date: string }) => d.date === '2026-12-05').lines).toEqual([{ productId: baguette.id, quantity: 30 }]);

      const skip = await customer.put(`/api/standing-orders/${so.id}/deliveries/2026-12-02`, { skip: true });
      expect(skip.status).toBe(200);
      expect(skip.body).toMatchObject({ date: '2026-12-02', skipped: true });
      const change = await customer.put(`/api/standing-orders/${so.id}/deliveries/2026-12-03`, { lines: [{ productId: baguette.id, quantity: 40 }, { productId: croissant.id, quantity: 6 }] });
      expect(change.body.lines).toEqual([{ productId: baguette.id, quantity: 40 }, { productId: croissant.id, quantity: 6 }]);
      // Monday's own delivery closed on Sunday: too late
      const late = await customer.put(`/api/standing-orders/${so.id}/deliveries/2026-11-30`, { skip: true });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This order is being prepared: contact the bakery to change it');
      const sunday = await customer.put(`/api/standing-orders/${so.id}/deliveries/2026-12-06`, { skip: true });
      expect(sunday.status).toBe(400);
      expect((await bistro.put(`/api/standing-orders/${so.id}/deliveries/2026-12-04`, { skip: true })).status).toBe(404);

      const paused = await customer.post(`/api/standing-orders/${so.id}/pause`, { until: '2026-12-09' });
      expect(paused.body).toMatchObject({ status: 'paused', pausedUntil: '2026-12-09' });
      const dates = (await customer.get('/api/standing-orders/upcoming?weeks=2')).body.map((d: { date: string }) => d.date);
      expect(dates[0]).toBe('2026-12-09');
      expect((await customer.post(`/api/standing-orders/${so.id}/resume`)).body).toMatchObject({ status: 'active', pausedUntil: null });
      const after = (await customer.get('/api/standing-orders/upcoming?weeks=1')).body;
      expect(after.find((d: { date: string }) => d.date === '2026-12-02').skipped).toBe(true);
      await customer.delete(`/api/standing-orders/${so.id}`);
    });

    it('leaves what the bakery can no longer change as it was: dates past their cut-off, and a product inside its lead time', async () => {
      const cake = await createProduct(admin, { name: 'Celebration Cake', price: '30.00', stock: 1000, leadDays: 2 });
      const customer = await signedInCustomer(stack.url);
      const upcoming = async () =>
        Object.fromEntries(
          ((await customer.get('/api/standing-orders/upcoming?weeks=1')).body as { date: string; lines: { productId: string; quantity: number }[] }[]).map((d) => [
            d.date,
            d.lines.map((l) => `${l.productId === cake.id ? 'cake' : 'baguette'} ${l.quantity}`).join(', '),
          ]),
        );
      // Monday 3 PM: Tuesday's cut-off (Monday 2 PM) has passed; the cake needs 2 more days' notice,
      // so Wednesday's cake closed on Sunday and Thursday's at 2 PM today
      stack.setClock(london('2026-11-30T15:00'));
      const body = (baguettes: number) => ({
        name: 'Bread and cake',
        startDate: '2026-11-30',
        everyWeeks: 1,
        lines: [
          { productId: baguette.id, quantities: weekdays(baguettes, 30) },
          { productId: cake.id, quantities: [0, 0, 1, 1, 1, 0, 0] },
        ],
      });
      const created = await customer.post('/api/standing-orders', body(20));
      expect(created.status).toBe(201);
      const so = created.body as { id: string };
      expect(await upcoming()).toEqual({
        '2026-12-02': 'baguette 20',
        '2026-12-03': 'baguette 20',
        '2026-12-04': 'baguette 20, cake 1',
        '2026-12-05': 'baguette 30',
      });
      // no order for Monday or Tuesday, though their cut-offs have passed
      await sweepEverywhere();
      expect(await ordersOf(so.id)).toEqual([]);

      // more baguettes: they follow on every date still open; the cake still does not come early
      expect((await customer.put(`/api/standing-orders/${so.id}`, body(25))).status).toBe(200);
      expect(await upcoming()).toEqual({
        '2026-12-02': 'baguette 25',
        '2026-12-03': 'baguette 25',
        '2026-12-04': 'baguette 25, cake 1',
        '2026-12-05': 'baguette 30',
      });

      // one date: a cake inside its notice is refused, nothing written; fewer baguettes are fine
      const early = await customer.put(`/api/standing-orders/${so.id}/deliveries/2026-12-03`, { lines: [{ productId: baguette.id, quantity: 25 }, { productId: cake.id, quantity: 1 }] });
      expect(early.status).toBe(400);
      expect(early.body.errors).toEqual({
        lines: ['Celebration Cake must be ordered 2 days ahead: orders with it for Thursday 3 December closed at 2:00 PM on Monday 30 November.'],
      });
      expect((await upcoming())['2026-12-03']).toBe('baguette 25');
      const fewer = await customer.put(`/api/standing-orders/${so.id}/deliveries/2026-12-03`, { lines: [{ productId: baguette.id, quantity: 10 }] });
      expect(fewer.status).toBe(200);

      // the customer's own change of Thursday stays; Wednesday moves again
      expect((await customer.put(`/api/standing-orders/${so.id}`, body(40))).status).toBe(200);
      expect(await upcoming()).toMatchObject({ '2026-12-02': 'baguette 40', '2026-12-03': 'baguette 10', '2026-12-04': 'baguette 40, cake 1' });

      // Wednesday's cut-off: its order is what the upcoming list said
      stack.setClock(london('2026-12-01T14:00'));
      await sweepEverywhere();
      const [wednesday] = await ordersOf(so.id);
      expect(wednesday.date).toBe('2026-12-02');
      const order = (await customer.get(`/api/orders/${wednesday.id}`)).body as OrderJson;
      expect(order.orderItems.map((i) => [i.productId, i.quantity])).toEqual([[baguette.id, 40]]);
      await customer.delete(`/api/standing-orders/${so.id}`);
      stack.setClock(london('2026-11-30T08:00'));
    });

    it('a pause ended after a cut-off brings back only the dates still open', async () => {
      stack.setClock(london('2026-11-30T08:00'));
      const customer = await signedInCustomer(stack.url);
      const so = await standingOrder(customer, { startDate: '2026-12-01', lines: [{ productId: baguette.id, quantities: weekdays(5) }] });
      expect((await customer.post(`/api/standing-orders/${so.id}/pause`, { until: null })).status).toBe(200);
      // resumed at 3 PM: Tuesday's orders closed at 2 PM
      stack.setClock(london('2026-11-30T15:00'));
      expect((await customer.post(`/api/standing-orders/${so.id}/resume`)).body).toMatchObject({ status: 'active' });
      const dates = ((await customer.get('/api/standing-orders/upcoming?weeks=1')).body as { date: string }[]).map((d) => d.date);
      expect(dates).toEqual(['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
      await sweepEverywhere();
      expect(await ordersOf(so.id)).toEqual([]);
      await customer.delete(`/api/standing-orders/${so.id}`);
      stack.setClock(london('2026-11-30T08:00'));
    });
  });

  describe('a change right after a cut-off, before the sweep has come by', () => {
    // Monday 2:00:30 PM: Tuesday's orders closed 30 seconds ago, and no sweep has run since
    const justAfterTuesdaysCutoff = london('2026-11-30T14:00:30');
    const tuesdayOrders = (customerId: string) =>
      stack.query<{ date: string; quantity: number }>(
        'ordering',
        `SELECT to_char(o.delivery_date, 'YYYY-MM-DD') AS date, i.quantity FROM orders o JOIN order_items i ON i.order_id = o.id
          WHERE o.customer_id = $1 AND o.delivery_date = '2026-12-01' AND o.standing_order_id IS NOT NULL`,
        [customerId],
      );

    /** A new customer's standing order from Tuesday, made on Monday morning; the clock then just after Tuesday's cut-off. */
    async function madeOnMondayMorning() {
      const customer = await signedInCustomer(stack.url);
      const customerId = (await customer.get('/api/auth/user')).body.id as string;
      stack.setClock(london('2026-11-30T08:00'));
      const so = await standingOrder(customer, { startDate: '2026-12-01', lines: [{ productId: baguette.id, quantities: weekdays(7) }] });
      stack.setClock(justAfterTuesdaysCutoff);
      made.push({ customer, id: so.id });
      return { customer, customerId, so };
    }
    // gone before the next tests sweep (a removal already done is a 404)
    const made: { customer: ApiClient; id: string }[] = [];
    afterEach(async () => {
      stack.setClock(london('2026-11-30T08:00'));
      await Promise.all(made.splice(0).map(({ customer, id }) => customer.delete(`/api/standing-orders/${id}`)));
    });

    it.each([
      ['a pause', 200, (client: ApiClient, id: string) => client.post(`/api/standing-orders/${id}/pause`, { until: null })],
      ['its removal', 204, (client: ApiClient, id: string) => client.delete(`/api/standing-orders/${id}`)],
      [
        'new terms that start later',
        200,
        (client: ApiClient, id: string) =>
          client.put(`/api/standing-orders/${id}`, { name: 'Daily bread', startDate: '2026-12-02', everyWeeks: 1, lines: [{ productId: baguette.id, quantities: weekdays(9) }] }),
      ],
    ])('%s still leaves the closed date its delivery, as it stood at the cut-off', async (_change, status, change) => {
      const { customer, customerId, so } = await madeOnMondayMorning();
      expect((await change(customer, so.id)).status).toBe(status);
      expect(await tuesdayOrders(customerId)).toEqual([{ date: '2026-12-01', quantity: 7 }]);
      // the sweep finds it made: nothing twice
      await sweepEverywhere();
      expect(await tuesdayOrders(customerId)).toEqual([{ date: '2026-12-01', quantity: 7 }]);
    });

    it('refuses the change (503, nothing changed) while the closed date cannot be placed, and takes it once it can', async () => {
      const { customer, customerId, so } = await madeOnMondayMorning();
      await stack.stopService('catalog');
      try {
        const refused = await customer.post(`/api/standing-orders/${so.id}/pause`, { until: null });
        expect(refused.status).toBe(503);
        expect(refused.body.message).toBe('Changing this standing order is unavailable, please try again shortly');
        expect((await customer.get(`/api/standing-orders/${so.id}`)).body).toMatchObject({ status: 'active' });
        expect(await tuesdayOrders(customerId)).toEqual([]);
      } finally {
        await stack.startService('catalog');
      }
      expect((await customer.post(`/api/standing-orders/${so.id}/pause`, { until: null })).body).toMatchObject({ status: 'paused' });
      expect(await tuesdayOrders(customerId)).toEqual([{ date: '2026-12-01', quantity: 7 }]);
    });

    it('places nothing for new terms it refuses (400, nothing written)', async () => {
      const { customer, customerId, so } = await madeOnMondayMorning();
      const twice = [{ productId: baguette.id, quantities: weekdays(1) }, { productId: baguette.id, quantities: weekdays(2) }];
      const refused = await customer.put(`/api/standing-orders/${so.id}`, { name: 'Daily bread', startDate: '2026-12-02', everyWeeks: 1, lines: twice });
      expect(refused.status).toBe(400);
      expect(await tuesdayOrders(customerId)).toEqual([]);
    });

    it('places nothing for a caller who may not see it (404, nothing written)', async () => {
      const { customerId, so } = await madeOnMondayMorning();
      const other = await signedInCustomer(stack.url);
      expect((await other.post(`/api/standing-orders/${so.id}/pause`, { until: null })).status).toBe(404);
      expect(await tuesdayOrders(customerId)).toEqual([]);
    });
  });

  describe('turning deliveries into orders', () => {
    it('makes each due delivery an order exactly once with two instances sweeping at once, honouring skips and changes', async () => {
      // made on Sunday morning, before Monday's cut-off
      stack.setClock(london('2026-11-29T08:00'));
      const so = await standingOrder(cafe, { deliveryTimeSlot: '8:00 AM - 10:00 AM' });
      await cafe.put(`/api/standing-orders/${so.id}/deliveries/2026-12-02`, { skip: true });
      await cafe.put(`/api/standing-orders/${so.id}/deliveries/2026-12-03`, { lines: [{ productId: baguette.id, quantity: 25 }, { productId: croissant.id, quantity: 4 }] });
      expect(stack.instancesOf('ordering')).toHaveLength(2);
      stack.setClock(london('2026-11-30T08:00'));

      // Monday 08:00: Monday's own delivery (cut-off Sunday 14:00) is due; Tuesday's is not yet
      await Promise.all([sweepEverywhere(), sweepEverywhere()]);
      expect((await ordersOf(so.id)).map((o) => o.date)).toEqual(['2026-11-30']);

      // one second before Tuesday's cut-off nothing more; at it, Tuesday's delivery
      stack.setClock(london('2026-11-30T13:59:59'));
      await sweepEverywhere();
      expect(await ordersOf(so.id)).toHaveLength(1);
      stack.setClock(london('2026-11-30T14:00'));
      await Promise.all([sweepEverywhere(), sweepEverywhere(), sweepEverywhere()]);
      expect((await ordersOf(so.id)).map((o) => o.date)).toEqual(['2026-11-30', '2026-12-01']);

      // Wednesday 14:00 (ordering "was down" since Monday): Wednesday is skipped, Thursday (changed) is due
      stack.setClock(london('2026-12-02T14:00'));
      await Promise.all([sweepEverywhere(), sweepEverywhere()]);
      const orders = await ordersOf(so.id);
      expect(orders.map((o) => o.date)).toEqual(['2026-11-30', '2026-12-01', '2026-12-03']);

      const thursday = (await cafe.get(`/api/orders/${orders[2].id}`)).body as OrderJson & { deliveryTimeSlot: string };
      expect(thursday).toMatchObject({ status: 'pending', standingOrderId: so.id, deliveryDate: '2026-12-03', deliveryTimeSlot: '8:00 AM - 10:00 AM' });
      expect(thursday.orderItems.map((i) => [i.productId, i.quantity, i.shortfall])).toEqual([
        [baguette.id, 25, 0],
        [croissant.id, 4, 0],
      ]);
      expect(thursday.subtotal).toBe('63.45'); // 25 x 2.25 + 4 x 1.80
      // at the bakery's tax rate of that moment, kept with the order for a later change
      expect(await stack.query('ordering', `SELECT tax_rate::text AS "taxRate" FROM orders WHERE id = $1`, [thursday.id])).toEqual([{ taxRate: '0.085000' }]);
      // the admin's badge and Manage Orders see it like any order
      await eventually(async () => (await admin.get('/api/admin/notifications/count')).body.count >= 3);
      const listed = await admin.get(`/api/orders?customerId=${cafeId}&deliveryDate=2026-12-03`);
      expect(listed.body.map((o: OrderJson) => o.id)).toEqual([orders[2].id]);
    });

    it('a short product gives a partial order, charges only what is delivered, and alerts the admin', async () => {
      stack.setClock(london('2026-12-07T08:00')); // Monday
      const scarce = await createProduct(admin, { name: 'Rye Sourdough', price: '5.00', stock: 7 });
      const customer = await signedInCustomer(stack.url, { businessName: 'Short Shop' });
      const so = await standingOrder(customer, {
        startDate: '2026-12-08',
        lines: [
          { productId: scarce.id, quantities: [0, 10, 0, 0, 0, 0, 0] },
          { productId: baguette.id, quantities: [0, 2, 0, 0, 0, 0, 0] },
        ],
      });
      stack.setClock(london('2026-12-07T14:00'));
      await sweepEverywhere();
      const [made] = await ordersOf(so.id);
      const order = (await customer.get(`/api/orders/${made.id}`)).body as OrderJson;
      expect(order.orderItems.map((i) => [i.productId, i.quantity, i.shortfall, i.totalPrice])).toEqual([
        [scarce.id, 7, 3, '35.00'],
        [baguette.id, 2, 0, '4.50'],
      ]);
      expect(order.subtotal).toBe('39.50');
      const [{ stock }] = await stack.query('catalog', 'SELECT stock FROM products WHERE id = $1', [scarce.id]);
      expect(stock).toBe(0);
      const [event] = await stack.query(
        'ordering',
        `SELECT envelope->'payload' AS payload FROM event_outbox WHERE type = 'order.placed' AND envelope->'payload'->>'orderId' = $1`,
        [made.id],
      );
      expect(event.payload).toMatchObject({ standingOrderId: so.id, customerName: 'Short Shop', shortfalls: [{ productId: scarce.id, name: 'Rye Sourdough', shortfall: 3 }] });
      // its total goes with it, as a checkout's does, so the order value metric counts what was delivered
      expect(event.payload.total).toBe(order.total);
      // (the sweep made the other customers' deliveries due too: the metric holds every delivery's
      // total so far, the one with nothing delivered at 0)
      const [{ cents }] = await stack.query<{ cents: number }>(
        'ordering',
        `SELECT (COALESCE(sum(total), 0) * 100)::int AS cents FROM orders WHERE standing_order_id IS NOT NULL`,
      );
      expect(cents).toBeGreaterThanOrEqual(parseAmount(order.total));
      await eventually(async () => Math.round((await standingOrderValue()) * 100) === cents);
    });

    it('a delivery with nothing available is kept as a cancelled order charged nothing', async () => {
      stack.setClock(london('2026-12-07T08:00'));
      const gone = await createProduct(admin, { name: 'Stollen', price: '9.00', stock: 0 });
      const customer = await signedInCustomer(stack.url);
      const so = await standingOrder(customer, { startDate: '2026-12-08', lines: [{ productId: gone.id, quantities: [0, 3, 0, 0, 0, 0, 0] }] });
      stack.setClock(london('2026-12-07T14:00'));
      await sweepEverywhere();
      const [made] = await ordersOf(so.id);
      const order = (await customer.get(`/api/orders/${made.id}`)).body as OrderJson;
      expect(order).toMatchObject({ status: 'cancelled', subtotal: '0.00', deliveryFee: '0.00', total: '0.00' });
      expect(order.orderItems).toEqual([expect.objectContaining({ productId: gone.id, quantity: 0, shortfall: 3 })]);
    });
  });
});
