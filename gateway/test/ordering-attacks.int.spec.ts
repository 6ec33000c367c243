import { dateInTimeZone, PlaceOrderMessages } from '@bakery/contracts';
import { ApiClient, ApiResponse, createProduct, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';

/**
 * Attacks on placing orders, through the HTTP API of a real in-process stack: a price changed
 * behind the customer's back, one cart placed several times at once, an Idempotency-Key reused for
 * another order, delivery dates far ahead and slots already over.
 */

const DAY_MS = 24 * 3600_000;
const todayPlus = (days: number, timeZone = 'UTC') => {
  const today = dateInTimeZone(new Date(), timeZone);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
};
const CONCURRENT_LOSER_MESSAGES = ['Your cart is empty', 'This cart is already being ordered'];

describe('ordering attacks: prices changed behind the cart, duplicate placements, reused keys, delivery bounds', () => {
  let stack: TestStack;
  let admin: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start();
    admin = await signedInAdmin(stack.url);
  });
  afterAll(() => stack?.close());

  const product = (fields: { name?: string; price: string; stock: number; category?: string }) => createProduct(admin, fields);

  async function stockOf(id: string): Promise<number> {
    return (await admin.get(`/api/products/${id}`)).body.stock;
  }

  /** Every stock reservation catalog holds or ever held (`held`: holds now) for a product, by order id. */
  async function reservationsOf(productId: string, which: 'ever' | 'held' = 'ever'): Promise<string[]> {
    const rows = await stack.query(
      'catalog',
      `SELECT order_id FROM stock_reservations WHERE lines @> $1::jsonb AND ($2 OR status <> 'released') ORDER BY order_id`,
      [JSON.stringify([{ productId }]), which === 'ever'],
    );
    return rows.map((r: { order_id: string }) => r.order_id);
  }

  async function ordersOf(customer: ApiClient): Promise<{ id: string; total: string; orderItems: { quantity: number; unitPrice: string }[] }[]> {
    return (await customer.get('/api/orders')).body;
  }

  function mustBe201(res: ApiResponse<any>) {
    if (res.status !== 201) throw new Error(`expected 201: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  describe('a price changed after the customer saw the cart', () => {
    it('answers 409 with the old and new price and writes nothing; the cart shows the change; the new total then places', async () => {
      const loaf = await product({ name: 'Price Hike Loaf', price: '5.00', stock: 100 });
      const customer = await signedInCustomer(stack.url);
      mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 10 }));
      // what the cart shows: 10 x 5.00 + 12.50 delivery + 4.25 tax = 66.75
      const seen = (await customer.get('/api/cart')).body;
      expect(seen).toMatchObject([{ quantity: 10, product: { price: '5.00' } }]);

      expect((await admin.patch(`/api/products/${loaf.id}`, { price: '50.00' })).status).toBe(200);

      const refused = await customer.post('/api/orders', { expectedTotal: '66.75' });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: PlaceOrderMessages.totalChanged,
        details: {
          expectedTotal: '66.75',
          total: '555.00',
          changedLines: [{ productId: loaf.id, productName: 'Price Hike Loaf', oldPrice: '5.00', newPrice: '50.00' }],
        },
      });
      // nothing reserved or written, the cart kept (and not held by the refused placement)
      expect(await stockOf(loaf.id)).toBe(100);
      expect(await reservationsOf(loaf.id)).toEqual([]);
      expect(await ordersOf(customer)).toEqual([]);

      // the cart now says what changed (it said nothing before), every earlier field kept
      expect(seen[0].previousPrice).toBeNull();
      const cart = (await customer.get('/api/cart')).body;
      expect(cart).toHaveLength(1);
      expect(cart[0]).toMatchObject({ id: seen[0].id, quantity: 10, product: { price: '50.00' }, previousPrice: '5.00' });
      expect(Object.keys(cart[0]).sort()).toEqual(['createdAt', 'id', 'previousPrice', 'product', 'productId', 'quantity', 'updatedAt']);

      // the customer saw the new total and places again
      const placed = mustBe201(await customer.post('/api/orders', { expectedTotal: '555.00' }));
      expect(placed).toMatchObject({ subtotal: '500.00', deliveryFee: '12.50', tax: '42.50', total: '555.00' });
      expect(await stockOf(loaf.id)).toBe(90);
    });

    it('answers 409 with the totals and no changed lines when the delivery fee or tax rate changed', async () => {
      const loaf = await product({ price: '5.00', stock: 10 });
      const customer = await signedInCustomer(stack.url);
      mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 10 }));
      expect((await admin.put('/api/config/pricing', { deliveryFee: '20.00', taxRate: '0.085' })).status).toBe(200);
      try {
        const refused = await customer.post('/api/orders', { expectedTotal: '66.75' });
        expect(refused.status).toBe(409);
        expect(refused.body.details).toEqual({ expectedTotal: '66.75', total: '74.25', changedLines: [] });
        expect(await stockOf(loaf.id)).toBe(10);
        expect(await ordersOf(customer)).toEqual([]);
      } finally {
        await admin.put('/api/config/pricing', { deliveryFee: '12.50', taxRate: '0.085' });
      }
      expect(mustBe201(await customer.post('/api/orders', { expectedTotal: '66.75' })).total).toBe('66.75');
    });

    it('never charges another total than the one sent while an admin changes the price at the same moment (rounds)', async () => {
      const loaf = await product({ price: '5.00', stock: 1000 });
      const customer = await signedInCustomer(stack.url);
      const totalAt = { '5.00': '66.75', '50.00': '555.00' } as const;
      let price: '5.00' | '50.00' = '5.00';
      let expectedStock = 1000;
      let placedCount = 0;
      for (let round = 0; round < 12; round++) {
        // ten units in the cart at today's price, as the customer sees it
        const [line] = (await customer.get('/api/cart')).body;
        if (line) expect((await customer.put(`/api/cart/${line.id}`, { quantity: 10 })).status).toBe(200);
        else mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 10 }));

        const next: '5.00' | '50.00' = price === '5.00' ? '50.00' : '5.00';
        // the admin's change lands at different moments of the placement: staggered by 0 to 3 reads
        let change = Promise.resolve();
        for (let reads = 0; reads < round % 4; reads++) change = change.then(() => admin.get(`/api/products/${loaf.id}`).then(() => undefined));
        const [, res] = await Promise.all([
          change.then(() => admin.patch(`/api/products/${loaf.id}`, { price: next })),
          customer.post('/api/orders', { expectedTotal: totalAt[price] }),
        ]);
        if (res.status === 201) {
          placedCount++;
          expectedStock -= 10;
          expect(res.body.total).toBe(totalAt[price]);
          expect(res.body.orderItems[0]).toMatchObject({ quantity: 10, unitPrice: price });
        } else {
          expect(res.status).toBe(409);
          expect(res.body.details).toEqual({
            expectedTotal: totalAt[price],
            total: totalAt[next],
            changedLines: [{ productId: loaf.id, productName: loaf.name, oldPrice: price, newPrice: next }],
          });
        }
        expect(await stockOf(loaf.id)).toBe(expectedStock);
        price = next;
      }
      const orders = await ordersOf(customer);
      expect(orders).toHaveLength(placedCount);
      // a price that moved between the check and the reservation is caught after reserving: released at once
      expect(await reservationsOf(loaf.id, 'held')).toEqual(orders.map((o) => o.id).sort());
    }, 60_000);

    it('takes expectedTotal only as a decimal string with at most 2 decimals; without it, the current prices as before', async () => {
      const loaf = await product({ price: '5.00', stock: 10 });
      const customer = await signedInCustomer(stack.url);
      mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 1 }));
      for (const bad of ['66.755', '-1', '1e3', '', ' 17.93', 'NaN', 17.93, true, ['17.93'], { $gt: '0' }]) {
        const res = await customer.post('/api/orders', { expectedTotal: bad });
        expect({ bad, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ bad, status: 400, fields: ['expectedTotal'] });
      }
      expect(mustBe201(await customer.post('/api/orders', { expectedTotal: '17.93' })).total).toBe('17.93');

      mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 1 }));
      await admin.patch(`/api/products/${loaf.id}`, { price: '6.00' });
      expect(mustBe201(await customer.post('/api/orders', {})).total).toBe('19.01');
    });
  });

  describe('one cart placed several times at once', () => {
    /** Fills the cart with 3 units, places it with `headers` three times at once; checks the round. */
    async function round(customer: ApiClient, productId: string, headers: () => Record<string, string>[]) {
      const stockBefore = await stockOf(productId);
      const ordersBefore = (await ordersOf(customer)).length;
      mustBe201(await customer.post('/api/cart', { productId, quantity: 3 }));
      const results = await Promise.all(headers().map((h) => customer.call('POST', '/api/orders', {}, h)));

      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      for (const loser of results.filter((r) => r.status === 409)) {
        expect(loser.body).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
        expect(CONCURRENT_LOSER_MESSAGES).toContain(loser.body.message);
      }
      const winner = results.find((r) => r.status === 201)!.body;
      expect(winner.orderItems.map((i: { quantity: number }) => i.quantity)).toEqual([3]);
      // one order, 3 units, and nothing reserved for the others, not even for a moment
      expect(await ordersOf(customer)).toHaveLength(ordersBefore + 1);
      expect(await stockOf(productId)).toBe(stockBefore - 3);
      expect((await customer.get('/api/cart/count')).body).toEqual({ count: 0 });
      return winner.id as string;
    }

    it('makes one order of a 3-unit cart placed three times at once without Idempotency-Key (5 rounds)', async () => {
      const loaf = await product({ price: '2.00', stock: 100 });
      const customer = await signedInCustomer(stack.url);
      const placed: string[] = [];
      for (let i = 0; i < 5; i++) placed.push(await round(customer, loaf.id, () => [{}, {}, {}]));
      expect(await stockOf(loaf.id)).toBe(85);
      expect(await reservationsOf(loaf.id)).toEqual([...placed].sort());
    }, 60_000);

    it('makes one order whatever the header: a different Idempotency-Key on each, or a mix with none (5 rounds)', async () => {
      const loaf = await product({ price: '2.00', stock: 100 });
      const customer = await signedInCustomer(stack.url);
      const key = () => ({ 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` });
      const placed: string[] = [];
      for (let i = 0; i < 5; i++) placed.push(await round(customer, loaf.id, () => (i % 2 ? [key(), {}, key()] : [key(), key(), key()])));
      expect(await stockOf(loaf.id)).toBe(85);
      expect(await reservationsOf(loaf.id)).toEqual([...placed].sort());
    }, 60_000);

    it('still answers the one order to the same Idempotency-Key sent three times at once (5 rounds)', async () => {
      const loaf = await product({ price: '2.00', stock: 100 });
      const customer = await signedInCustomer(stack.url);
      for (let i = 0; i < 5; i++) {
        mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 3 }));
        const headers = { 'idempotency-key': `same-${i}-${Date.now()}` };
        const results = await Promise.all([1, 2, 3].map(() => customer.call('POST', '/api/orders', { expectedTotal: '19.01' }, headers)));
        expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
        expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
        expect(await stockOf(loaf.id)).toBe(100 - 3 * (i + 1));
      }
      expect(await ordersOf(customer)).toHaveLength(5);
    }, 60_000);

    it('gives the cart back when a placement fails (not enough stock): the next one places it', async () => {
      const loaf = await product({ price: '2.00', stock: 2 });
      const customer = await signedInCustomer(stack.url);
      mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 2 }));
      await admin.patch(`/api/products/${loaf.id}`, { stock: 1 });
      const short = await customer.post('/api/orders', {});
      expect(short.status).toBe(409);
      expect(short.body.message).toBe('Not enough stock');
      await admin.patch(`/api/products/${loaf.id}`, { stock: 5 });
      expect(mustBe201(await customer.post('/api/orders', {})).orderItems[0].quantity).toBe(2);
      expect(await stockOf(loaf.id)).toBe(3);
    });

    it('takes over a hold left by a crashed placement once it is older than the placing budget; a live hold answers 409 with nothing reserved', async () => {
      const loaf = await product({ price: '2.00', stock: 10 });
      const customer = await signedInCustomer(stack.url);
      const line = mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 3 }));

      // another placement holds the line right now
      await stack.query('ordering', `UPDATE cart_items SET claimed_by = gen_random_uuid(), claimed_at = now() WHERE id = $1`, [line.id]);
      const held = await customer.post('/api/orders', {});
      expect(held.status).toBe(409);
      expect(held.body.message).toBe('This cart is already being ordered');
      expect(await stockOf(loaf.id)).toBe(10);
      expect(await reservationsOf(loaf.id)).toEqual([]);
      expect((await customer.get('/api/cart')).body.map((l: { id: string }) => l.id)).toEqual([line.id]);

      // that placement crashed: its hold is older than the placing budget (4 x RPC_TIMEOUT_MS)
      await stack.query('ordering', `UPDATE cart_items SET claimed_at = now() - interval '1 hour' WHERE id = $1`, [line.id]);
      expect(mustBe201(await customer.post('/api/orders', {})).orderItems[0].quantity).toBe(3);
      expect(await stockOf(loaf.id)).toBe(7);
    });

    it('lets a cart edit during a placement apply cleanly: either it is ordered, or the placement answers 409 and the edit stands (rounds)', async () => {
      const loaf = await product({ price: '2.00', stock: 1000 });
      const customer = await signedInCustomer(stack.url);
      let expectedStock = 1000;
      const outcomes = new Set<string>();
      for (let i = 0; i < 10; i++) {
        const line = mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 2 }));
        const byPut = i % 2 === 0;
        // the edit lands at different moments of the placement: staggered by 0 to 4 reads
        let before = Promise.resolve();
        for (let reads = 0; reads < Math.floor(i / 2); reads++) before = before.then(() => customer.get('/api/cart/count').then(() => undefined));
        const [placed, edit] = await Promise.all([
          customer.post('/api/orders', {}),
          // both make the line 5 units
          before.then(() =>
            byPut ? customer.put(`/api/cart/${line.id}`, { quantity: 5 }) : customer.post('/api/cart', { productId: loaf.id, quantity: 3 }),
          ),
        ]);
        const cart: { quantity: number }[] = (await customer.get('/api/cart')).body;
        const inCart = cart.reduce((n, l) => n + l.quantity, 0);
        outcomes.add(`${byPut ? 'put' : 'add'} ${edit.status} order ${placed.status}`);
        if (placed.status === 201) {
          const ordered = placed.body.orderItems[0].quantity;
          expectedStock -= ordered;
          if (edit.status === 200 || (!byPut && edit.status === 201)) {
            // the edit came first and was ordered, or (an add) came after and is a new line
            expect(ordered + inCart).toBe(5);
          } else {
            expect({ edit: edit.status, ordered, inCart }).toEqual({ edit: 404, ordered: 2, inCart: 0 });
          }
        } else {
          // the edit took the line back: nothing ordered, the edit stands
          expect(placed.status).toBe(409);
          expect(placed.body.message).toBe(PlaceOrderMessages.cartChanged);
          expect(edit.status).toBe(byPut ? 200 : 201);
          expect(inCart).toBe(5);
        }
        expect(await stockOf(loaf.id)).toBe(expectedStock);
        for (const l of (await customer.get('/api/cart')).body) await customer.delete(`/api/cart/${l.id}`);
      }
      const orders = await ordersOf(customer);
      expect(orders.reduce((n, o) => n + o.orderItems[0].quantity, 0)).toBe(1000 - expectedStock);
      expect((await reservationsOf(loaf.id)).length).toBeGreaterThanOrEqual(orders.length);
    }, 60_000);
    it('loses no line of a 3-line cart placed three times at once while one of its lines is edited (rounds)', async () => {
      const breads = await Promise.all([1, 2, 3].map(() => product({ price: '2.00', stock: 1000 })));
      const customer = await signedInCustomer(stack.url);
      const ids = breads.map((b) => b.id);
      for (let i = 0; i < 8; i++) {
        const stockBefore = await Promise.all(ids.map(stockOf));
        const lines = [];
        for (const id of ids) lines.push(mustBe201(await customer.post('/api/cart', { productId: id, quantity: 1 })));
        let before = Promise.resolve();
        for (let reads = 0; reads < i % 4; reads++) before = before.then(() => customer.get('/api/cart/count').then(() => undefined));
        const [edit, ...placements] = await Promise.all([
          before.then(() => customer.put(`/api/cart/${lines[i % 3].id}`, { quantity: 2 })),
          ...[1, 2, 3].map(() => customer.post('/api/orders', {})),
        ]);
        // (the edit takes its line back from the placement holding the cart, which then fails; another
        // placement may order what is free by then: each line is ordered at most once, none is lost)
        const placed = placements.filter((r) => r.status === 201);
        for (const r of placements.filter((p) => p.status !== 201)) {
          expect(r.status).toBe(409);
          expect([...CONCURRENT_LOSER_MESSAGES, PlaceOrderMessages.cartChanged]).toContain(r.body.message);
        }
        // every unit is either ordered or still in the cart, and the stock moved by what was ordered
        const cart: { productId: string; quantity: number }[] = (await customer.get('/api/cart')).body;
        const ordered = placed.flatMap((r) => r.body.orderItems as { productId: string; quantity: number }[]);
        const editedTo = edit.status === 200 ? 2 : 1;
        for (const [k, id] of ids.entries()) {
          const units = (ordered.find((o) => o.productId === id)?.quantity ?? 0) + (cart.find((l) => l.productId === id)?.quantity ?? 0);
          expect({ round: i, product: k, units }).toEqual({ round: i, product: k, units: k === i % 3 ? editedTo : 1 });
          expect(await stockOf(id)).toBe(stockBefore[k] - (ordered.find((o) => o.productId === id)?.quantity ?? 0));
        }
        for (const l of cart) expect((await customer.delete(`/api/cart/${(l as unknown as { id: string }).id}`)).status).toBe(200);
      }
    }, 60_000);
  });

  describe('an Idempotency-Key reused', () => {
    it('with a different body is 422, not the old order; the same body still answers the old order', async () => {
      const loaf = await product({ price: '2.00', stock: 20 });
      const customer = await signedInCustomer(stack.url);
      const key = { 'idempotency-key': `reuse-${Date.now()}` };
      const body = { deliveryDate: todayPlus(1), deliveryTimeSlot: '6:00 AM - 8:00 AM', specialInstructions: 'Back door' };
      mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 2 }));
      const first = mustBe201(await customer.call('POST', '/api/orders', body, key));

      // the cart is filled again: a different request under the same key must not answer the old order
      mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 2 }));
      for (const other of [
        { ...body, specialInstructions: 'Front door' },
        { ...body, deliveryDate: todayPlus(2) },
        { ...body, deliveryTimeSlot: '8:00 AM - 10:00 AM' },
        { ...body, expectedTotal: '16.84' },
        {},
      ]) {
        const res = await customer.call('POST', '/api/orders', other, key);
        expect({ other, status: res.status, body: res.body }).toEqual({
          other,
          status: 422,
          body: { statusCode: 422, code: 'UNPROCESSABLE', message: 'This Idempotency-Key was already used for a different order' },
        });
      }
      // the same request is the same order
      const again = await customer.call('POST', '/api/orders', { ...body }, key);
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first.id);
      expect(await ordersOf(customer)).toHaveLength(1);
      expect(await stockOf(loaf.id)).toBe(18);
      expect((await customer.get('/api/cart/count')).body).toEqual({ count: 1 });
    });

    it('with different bodies at the same moment: one order, the other 422, nothing more reserved (rounds)', async () => {
      const loaf = await product({ price: '2.00', stock: 100 });
      const customer = await signedInCustomer(stack.url);
      for (let i = 0; i < 5; i++) {
        mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 2 }));
        const key = { 'idempotency-key': `race-${i}-${Date.now()}` };
        const results = await Promise.all([
          customer.call('POST', '/api/orders', { specialInstructions: 'Back door' }, key),
          customer.call('POST', '/api/orders', { specialInstructions: 'Front door' }, key),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
        expect(await stockOf(loaf.id)).toBe(100 - 2 * (i + 1));
      }
      expect(await ordersOf(customer)).toHaveLength(5);
    }, 60_000);
  });

  describe('delivery date and slot', () => {
    it('refuses a delivery date more than 90 days ahead (by default), with nothing reserved', async () => {
      const loaf = await product({ price: '2.00', stock: 5 });
      const customer = await signedInCustomer(stack.url);
      mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 1 }));
      for (const deliveryDate of [todayPlus(100), todayPlus(365), '9999-12-31']) {
        const res = await customer.post('/api/orders', { deliveryDate });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ deliveryDate: ['Delivery date cannot be more than 90 days ahead'] });
      }
      expect(await stockOf(loaf.id)).toBe(5);
      expect(await ordersOf(customer)).toEqual([]);
      expect(mustBe201(await customer.post('/api/orders', { deliveryDate: todayPlus(85) })).deliveryDate).toBe(todayPlus(85));
    });

    it('takes MAX_DELIVERY_DAYS_AHEAD, and refuses a slot of today that has ended in the bakery’s time zone', async () => {
      // a time zone where it is now between 10:00 and 11:00: today's 6-8 AM slot is over, 10-12 is not
      const now = new Date();
      const utcHour = now.getUTCHours();
      const offset = 10 - utcHour < -12 ? 10 - utcHour + 24 : 10 - utcHour; // from -12 to +14, as the Etc zones go
      const timeZone = offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
      const localHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
      expect(localHour).toBe(10);
      const today = dateInTimeZone(now, timeZone);

      await stack.stopService('ordering');
      await stack.startService('ordering', { BAKERY_TIMEZONE: timeZone, MAX_DELIVERY_DAYS_AHEAD: '7' });
      try {
        const loaf = await product({ price: '2.00', stock: 10 });
        const customer = await signedInCustomer(stack.url);
        mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 1 }));

        const ended = await customer.post('/api/orders', { deliveryDate: today, deliveryTimeSlot: '6:00 AM - 8:00 AM' });
        expect(ended.status).toBe(400);
        expect(ended.body.errors).toEqual({ deliveryTimeSlot: ['This delivery time slot has already ended today'] });
        const far = await customer.post('/api/orders', { deliveryDate: todayPlus(8, timeZone) });
        expect(far.status).toBe(400);
        expect(far.body.errors).toEqual({ deliveryDate: ['Delivery date cannot be more than 7 days ahead'] });
        expect(await stockOf(loaf.id)).toBe(10);

        mustBe201(await customer.post('/api/orders', { deliveryDate: today, deliveryTimeSlot: '10:00 AM - 12:00 PM' }));
        mustBe201(await customer.post('/api/cart', { productId: loaf.id, quantity: 1 }));
        mustBe201(await customer.post('/api/orders', { deliveryDate: todayPlus(7, timeZone), deliveryTimeSlot: '6:00 AM - 8:00 AM' }));
        expect(await stockOf(loaf.id)).toBe(8);
      } finally {
        await stack.stopService('ordering');
        await stack.startService('ordering');
      }
    }, 60_000);
  });
});
