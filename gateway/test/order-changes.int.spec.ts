import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  CatalogPatterns,
  DEFAULT_DELIVERY_SCHEDULE,
  eventSubject,
  OrderingEvents,
  DELIVERY_TIME_SLOTS,
  type DeliverySchedule,
  orderTotals,
  formatCents,
  WEEKDAYS,
} from '@bakery/contracts';
import { connectNats, RpcClient } from '@bakery/platform';
import { ApiClient, createProduct, eventually, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import type { NatsConnection } from 'nats';
import { io, type Socket } from 'socket.io-client';

/**
 * "Order again" (POST /api/orders/:id/reorder) and changing an order (PATCH /api/orders/:id)
 * through the gateway, on a whole stack: the cart, the order, catalog's stock and reservation, the
 * order.amended event and the admin's push, the cut-off with the stack's clock, and concurrent
 * changes of one order.
 */
const ZONE = 'America/New_York';
const ny = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

/** Monday–Saturday, lead 1 day, cut-off 14:00, Sunday closed; Saturday only the 8–10 slot. */
const BAKERY: DeliverySchedule = {
  weekdays: WEEKDAYS.map((weekday) => ({
    weekday,
    delivers: weekday !== 7,
    leadDays: 1,
    cutoffTime: '14:00',
    slots: weekday === 6 ? ['8:00 AM - 10:00 AM'] : [...DELIVERY_TIME_SLOTS],
  })),
  requireDeliveryDate: false,
  autoConfirmAtCutoff: false,
};

interface Line {
  productId: string;
  quantity: number;
}

describe('order again and changing an order', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let customer: ApiClient;
  let other: ApiClient;
  let nc: NatsConnection;
  let rpc: RpcClient;
  /** what each product was created with: stock + units sold must stay equal to it */
  const initial = new Map<string, number>();

  async function product(price: string, stock: number, fields: Record<string, unknown> = {}) {
    const created = await createProduct<{ id: string; name: string }>(admin, { price, stock, ...fields });
    initial.set(created.id, stock);
    return created;
  }

  async function place(client: ApiClient, lines: Line[], body: Record<string, unknown> = {}) {
    for (const line of lines) expect((await client.post('/api/cart', line)).status).toBe(201);
    const placed = await client.post('/api/orders', body);
    expect(placed.status).toBe(201);
    return placed.body as { id: string; total: string; orderItems: { productId: string; quantity: number; unitPrice: string }[] };
  }

  async function emptyCart(client: ApiClient) {
    for (const line of (await client.get('/api/cart')).body) await client.delete(`/api/cart/${line.id}`);
  }

  const stockOf = async (id: string) => (await stack.query('catalog', 'SELECT stock FROM products WHERE id = $1', [id]))[0].stock as number;
  const soldOf = async (id: string) =>
    (
      await stack.query(
        'ordering',
        `SELECT coalesce(sum(i.quantity), 0)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE i.product_id = $1 AND o.status <> 'cancelled'`,
        [id],
      )
    )[0].n as number;
  /** stock + units sold = what there was, for every product of the file */
  async function expectStockInvariant() {
    for (const [id, stock] of initial) {
      const [left, sold] = await Promise.all([stockOf(id), soldOf(id)]);
      expect({ id, total: left + sold }).toEqual({ id, total: stock });
    }
  }
  const reservationOf = async (orderId: string) =>
    (
      await stack.query(
        'catalog',
        `SELECT lines, amendment_state AS "amendmentState" FROM stock_reservations WHERE order_id = $1`,
        [orderId],
      )
    )[0] as { lines: { productId: string; quantity: number }[]; amendmentState: string | null };
  const reservedQuantities = async (orderId: string) =>
    Object.fromEntries((await reservationOf(orderId)).lines.map((l) => [l.productId, l.quantity]));
  const orderRows = (id: string) =>
    stack.query(
      'ordering',
      `SELECT row_to_json(o)::text AS o, (SELECT json_agg(i ORDER BY i.id)::text FROM order_items i WHERE i.order_id = o.id) AS items
         FROM orders o WHERE o.id = $1`,
      [id],
    );
  const quantities = (order: { orderItems: { productId: string; quantity: number }[] }) =>
    Object.fromEntries(order.orderItems.map((i) => [i.productId, i.quantity]));

  beforeAll(async () => {
    stack = await TestStack.start({ env: { BAKERY_TIMEZONE: ZONE } });
    admin = await signedInAdmin(stack.url);
    customer = await signedInCustomer(stack.url, { businessName: 'Corner Coffee' });
    other = await signedInCustomer(stack.url, { businessName: 'Other Cafe' });
    nc = await connectNats(process.env.NATS_URL!, 'order-changes-test');
    rpc = new RpcClient(nc, stack.namespace, 10_000);
  });
  afterAll(async () => {
    await nc?.close().catch(() => undefined);
    await stack?.close();
  });
  afterEach(async () => {
    stack.setClock(null);
    await emptyCart(customer);
    await emptyCart(other);
  });

  describe('order again', () => {
    it('puts the live products in the cart at the same quantities, capped at stock and the line maximum, and says what it left out', async () => {
      const baguette = await product('2.00', 10_000);
      const cake = await product('30.00', 100);
      const roll = await product('0.80', 100);
      const gone = await product('3.00', 100);
      const soldOut = await product('4.00', 100);
      const order = await place(customer, [
        { productId: baguette.id, quantity: 10 },
        { productId: cake.id, quantity: 6 },
        { productId: roll.id, quantity: 8 },
        { productId: gone.id, quantity: 1 },
        { productId: soldOut.id, quantity: 2 },
      ]);
      // since then: 4 cakes left, the rolls withdrawn, one product deleted, one sold out
      expect((await admin.patch(`/api/products/${cake.id}`, { stock: 4 })).status).toBe(200);
      initial.set(cake.id, 4 + 6);
      expect((await admin.patch(`/api/products/${roll.id}/toggle-active`)).status).toBe(200);
      expect((await admin.delete(`/api/products/${gone.id}`)).status).toBe(200);
      initial.delete(gone.id);
      expect((await admin.patch(`/api/products/${soldOut.id}`, { stock: 0 })).status).toBe(200);
      initial.set(soldOut.id, 2);
      // the cart already holds 495 baguettes: only 5 more fit a line
      expect((await customer.post('/api/cart', { productId: baguette.id, quantity: 495 })).status).toBe(201);

      const res = await customer.post(`/api/orders/${order.id}/reorder`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        added: [
          { productId: baguette.id, name: baguette.name, quantity: 5 },
          { productId: cake.id, name: cake.name, quantity: 4 },
        ],
        skipped: [
          { productId: baguette.id, name: baguette.name, reason: 'line_limit', missing: 5 },
          { productId: cake.id, name: cake.name, reason: 'stock_limit', missing: 2 },
          { productId: roll.id, name: roll.name, reason: 'unavailable', missing: 8 },
          { productId: gone.id, name: gone.name, reason: 'unavailable', missing: 1 },
          { productId: soldOut.id, name: soldOut.name, reason: 'out_of_stock', missing: 2 },
        ],
      });
      const cart = (await customer.get('/api/cart')).body as { productId: string; quantity: number }[];
      expect(Object.fromEntries(cart.map((l) => [l.productId, l.quantity]))).toEqual({ [baguette.id]: 500, [cake.id]: 4 });
      expect((await customer.get('/api/cart/count')).body).toEqual({ count: 2 });

      // again: the cart is full of both, nothing more is added
      const again = await customer.post(`/api/orders/${order.id}/reorder`);
      expect(again.status).toBe(200);
      expect(again.body.added).toEqual([]);
      expect(again.body.skipped.map((s: { reason: string }) => s.reason)).toEqual(['line_limit', 'out_of_stock', 'unavailable', 'unavailable', 'out_of_stock']);
      // the order itself is untouched, and what the cart holds is not stock taken
      expect(await stockOf(cake.id)).toBe(4);
    });

    it('works on a cancelled order; refuses someone else’s order (404) and admins (403), changing no cart', async () => {
      const loaf = await product('3.10', 50);
      const order = await place(customer, [{ productId: loaf.id, quantity: 3 }]);
      expect((await customer.post(`/api/orders/${order.id}/cancel`)).status).toBe(201);
      expect((await other.post('/api/cart', { productId: loaf.id, quantity: 1 })).status).toBe(201);
      // the cancellation gives the 3 loaves back after it answers (catalog handles its event): the
      // cart shows the product's live stock, so it is read once that has happened
      const otherCart = await eventually(async () => {
        const body = (await other.get('/api/cart')).body as { product: { stock: number } }[];
        return body[0]?.product.stock === 50 && body;
      });

      const stranger = await other.post(`/api/orders/${order.id}/reorder`);
      expect(stranger.status).toBe(404);
      expect(stranger.body.message).toBe('Order not found');
      expect((await other.get('/api/cart')).body).toEqual(otherCart);
      expect((await admin.post(`/api/orders/${order.id}/reorder`)).status).toBe(403);
      expect((await customer.post(`/api/orders/${randomUUID()}/reorder`)).status).toBe(404);

      const res = await customer.post(`/api/orders/${order.id}/reorder`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ added: [{ productId: loaf.id, name: loaf.name, quantity: 3 }], skipped: [] });
      expect((await customer.get('/api/cart')).body.map((l: Line) => [l.productId, l.quantity])).toEqual([[loaf.id, 3]]);
    });
  });

  describe('changing an order', () => {
    it('reserves and releases only the difference, prices kept lines as ordered and new ones as today, and announces it', async () => {
      const baguette = await product('2.00', 100);
      const croissant = await product('1.10', 50);
      const focaccia = await product('3.35', 30);
      const order = await place(customer, [
        { productId: baguette.id, quantity: 10 },
        { productId: croissant.id, quantity: 5 },
      ]);
      expect([await stockOf(baguette.id), await stockOf(croissant.id), await stockOf(focaccia.id)]).toEqual([90, 45, 30]);
      // the baguette's price goes up after the order: the order keeps its price
      expect((await admin.patch(`/api/products/${baguette.id}`, { price: '2.40' })).status).toBe(200);
      const pricing = (await admin.get('/api/config/pricing')).body as { deliveryFee: string; taxRate: string };
      // and the tax rate (8.5 %) goes up to 20 %: the order is taxed at the rate it was placed at
      expect((await admin.put('/api/config/pricing', { ...pricing, taxRate: '0.2' })).status).toBe(200);
      const socket = await adminSocket();

      const res = await customer.patch(`/api/orders/${order.id}`, {
        lines: [
          { productId: baguette.id, quantity: 12 },
          { productId: focaccia.id, quantity: 3 },
        ],
        specialInstructions: '  Side door  ',
      });
      expect((await admin.put('/api/config/pricing', pricing)).status).toBe(200);
      expect(res.status).toBe(200);
      // +2 baguettes taken, 5 croissants given back, 3 focaccia taken: nothing else moved
      expect([await stockOf(baguette.id), await stockOf(croissant.id), await stockOf(focaccia.id)]).toEqual([88, 50, 27]);
      expect(await reservedQuantities(order.id)).toEqual({ [baguette.id]: 12, [focaccia.id]: 3 });
      const expected = orderTotals(
        [
          { unitPrice: '2.00', quantity: 12 },
          { unitPrice: '3.35', quantity: 3 },
        ],
        pricing,
      );
      expect(res.body).toMatchObject({
        id: order.id,
        status: 'pending',
        specialInstructions: 'Side door',
        subtotal: formatCents(expected.subtotal),
        deliveryFee: pricing.deliveryFee,
        tax: formatCents(expected.tax),
        total: formatCents(expected.total),
      });
      expect(res.body.orderItems.map((i: { productId: string; quantity: number; unitPrice: string; totalPrice: string }) => [i.productId, i.quantity, i.unitPrice, i.totalPrice])).toEqual([
        [baguette.id, 12, '2.00', '24.00'],
        [focaccia.id, 3, '3.35', '10.05'],
      ]);
      expect((await customer.get(`/api/orders/${order.id}`)).body).toEqual(res.body);
      await expectStockInvariant();

      // order.amended, with what changed, in ordering's outbox; catalog confirms the adjustment
      const [event] = await stack.query('ordering', `SELECT envelope FROM event_outbox WHERE type = 'order.amended' AND envelope->'payload'->>'orderId' = $1`, [order.id]);
      expect(event.envelope.payload).toMatchObject({
        orderId: order.id,
        status: 'pending',
        changed: ['lines', 'specialInstructions'],
        lines: [
          { productId: baguette.id, quantity: 12 },
          { productId: focaccia.id, quantity: 3 },
        ],
        lineChanges: [
          { productId: baguette.id, before: 10, after: 12 },
          { productId: focaccia.id, before: 0, after: 3 },
          { productId: croissant.id, before: 5, after: 0 },
        ],
        previousTotal: order.total,
        total: formatCents(expected.total),
      });
      await eventually(async () => (await reservationOf(order.id)).amendmentState === 'confirmed');
      // the admin's screens are told (order:updated)
      await eventually(async () => socket.pushes.find((p) => p.event === 'order:updated' && p.payload.orderId === order.id), 10_000);
      socket.socket.disconnect();

      // nothing to change: the order as it is, no event
      const same = await customer.patch(`/api/orders/${order.id}`, { specialInstructions: 'Side door' });
      expect(same.status).toBe(200);
      expect(same.body.updatedAt).toBe(res.body.updatedAt);
      expect(await stack.query('ordering', `SELECT id FROM event_outbox WHERE type = 'order.amended' AND envelope->'payload'->>'orderId' = $1`, [order.id])).toHaveLength(1);
    });

    it('refuses an increase that stock cannot meet, or a product that cannot be ordered, and changes nothing', async () => {
      const rye = await product('5.00', 8);
      const hidden = await product('1.00', 100, { isActive: false });
      const order = await place(customer, [{ productId: rye.id, quantity: 5 }]);
      const before = await orderRows(order.id);

      const short = await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId: rye.id, quantity: 9 }], specialInstructions: 'More rye' });
      expect(short.status).toBe(409);
      expect(short.body.message).toBe('Not enough stock');
      expect(short.body.details.shortages).toEqual([{ productId: rye.id, name: rye.name, requested: 9, available: 8 }]);
      // all 8 there are is fine: 3 more
      const unavailable = await customer.patch(`/api/orders/${order.id}`, {
        lines: [
          { productId: rye.id, quantity: 8 },
          { productId: hidden.id, quantity: 1 },
        ],
      });
      expect(unavailable.status).toBe(409);
      expect(unavailable.body.message).toBe(`Product is not available: ${hidden.name}`);
      const nowhere = randomUUID();
      const missing = await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId: rye.id, quantity: 5 }, { productId: nowhere, quantity: 1 }] });
      expect(missing.status).toBe(409);
      expect(missing.body).toMatchObject({ message: `Product is not available: ${nowhere}`, details: { unavailable: [{ productId: nowhere, name: nowhere }] } });
      expect(await orderRows(order.id)).toEqual(before);
      expect(await stockOf(rye.id)).toBe(3);
      expect(await reservedQuantities(order.id)).toEqual({ [rye.id]: 5 });

      const all = await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId: rye.id, quantity: 8 }] });
      expect(all.status).toBe(200);
      expect(await stockOf(rye.id)).toBe(0);
      await expectStockInvariant();
    });

    it('answers 400 with field messages to bad bodies, and changes nothing', async () => {
      const loaf = await product('2.20', 100);
      const order = await place(customer, [{ productId: loaf.id, quantity: 2 }]);
      await eventually(async () => (await stack.query('catalog', `SELECT status FROM stock_reservations WHERE order_id = $1`, [order.id]))[0]?.status === 'confirmed');
      const before = [await orderRows(order.id), await stockOf(loaf.id), await reservationOf(order.id)];
      const bad: [unknown, string][] = [
        [{ lines: [] }, 'lines'],
        [{ lines: null }, 'lines'],
        [{ lines: 'all of them' }, 'lines'],
        [{ lines: [{ productId: loaf.id, quantity: 0 }] }, 'lines.0.quantity'],
        [{ lines: [{ productId: loaf.id, quantity: 501 }] }, 'lines.0.quantity'],
        [{ lines: [{ productId: loaf.id, quantity: 1.5 }] }, 'lines.0.quantity'],
        [{ lines: [{ productId: 'not-a-product', quantity: 1 }] }, 'lines.0.productId'],
        [{ lines: [{ productId: loaf.id, quantity: 1, unitPrice: '0.01' }] }, 'lines.0.unitPrice'],
        [{ lines: [{ productId: loaf.id, quantity: 1 }, { productId: loaf.id.toUpperCase(), quantity: 2 }] }, 'lines.1.productId'],
        [{ deliveryDate: '2026-02-30' }, 'deliveryDate'],
        [{ deliveryTimeSlot: 'noon' }, 'deliveryTimeSlot'],
        [{ specialInstructions: 'x'.repeat(1001) }, 'specialInstructions'],
        [{ total: '0.01' }, 'total'],
      ];
      for (const [body, field] of bad) {
        const res = await customer.patch(`/api/orders/${order.id}`, body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect({ body, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ body, fields: [field] });
      }
      const duplicate = await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId: loaf.id, quantity: 1 }, { productId: loaf.id, quantity: 2 }] });
      expect(duplicate.body.errors).toEqual({ 'lines.1.productId': ['Each product may be listed once'] });
      expect([await orderRows(order.id), await stockOf(loaf.id), await reservationOf(order.id)]).toEqual(before);
    });

    it('refuses another customer’s order (404), answers an admin, and refuses final statuses', async () => {
      const loaf = await product('2.20', 100);
      const order = await place(customer, [{ productId: loaf.id, quantity: 2 }]);
      const before = await orderRows(order.id);
      const stranger = await other.patch(`/api/orders/${order.id}`, { lines: [{ productId: loaf.id, quantity: 50 }] });
      expect(stranger.status).toBe(404);
      expect(stranger.body).toEqual((await other.patch(`/api/orders/${randomUUID()}`, { lines: [{ productId: loaf.id, quantity: 50 }] })).body);
      expect(await orderRows(order.id)).toEqual(before);
      expect(await stockOf(loaf.id)).toBe(98);

      // an admin may change a confirmed order; nobody a delivered one
      expect((await admin.put(`/api/orders/${order.id}/status`, { status: 'confirmed' })).status).toBe(200);
      expect((await customer.patch(`/api/orders/${order.id}`, { specialInstructions: 'Late' })).status).toBe(409);
      const byAdmin = await admin.patch(`/api/orders/${order.id}`, { lines: [{ productId: loaf.id, quantity: 4 }] });
      expect(byAdmin.status).toBe(200);
      expect(quantities(byAdmin.body)).toEqual({ [loaf.id]: 4 });
      expect(await stockOf(loaf.id)).toBe(96);
      expect((await admin.put(`/api/orders/${order.id}/status`, { status: 'delivered' })).status).toBe(200);
      const delivered = await admin.patch(`/api/orders/${order.id}`, { lines: [{ productId: loaf.id, quantity: 1 }] });
      expect(delivered.status).toBe(409);
      expect(delivered.body.message).toBe('This order is delivered and can no longer change');
      expect(await stockOf(loaf.id)).toBe(96);

      // a cancelled order's stock went back: an amended one gives back what it held then
      const second = await place(customer, [{ productId: loaf.id, quantity: 3 }]);
      expect((await customer.patch(`/api/orders/${second.id}`, { lines: [{ productId: loaf.id, quantity: 7 }] })).status).toBe(200);
      expect((await customer.post(`/api/orders/${second.id}/cancel`)).status).toBe(201);
      await eventually(async () => (await stockOf(loaf.id)) === 96);
      await expectStockInvariant();
    });

    it('serializes concurrent changes of the same order: each applies on the last one’s lines', async () => {
      const baguette = await product('2.00', 200);
      const croissant = await product('1.10', 200);
      const focaccia = await product('3.35', 200);
      const order = await place(customer, [{ productId: baguette.id, quantity: 10 }]);
      const bodies = [
        ...Array.from({ length: 6 }, (_, i) => ({ lines: [{ productId: baguette.id, quantity: 11 + i }] })),
        { lines: [{ productId: baguette.id, quantity: 10 }, { productId: croissant.id, quantity: 5 }] },
        { lines: [{ productId: focaccia.id, quantity: 7 }] },
      ];
      const answers = await Promise.all(bodies.map((body) => customer.patch(`/api/orders/${order.id}`, body)));
      expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));

      const final = (await customer.get(`/api/orders/${order.id}`)).body;
      // the order holds one of the bodies' lines exactly, and catalog holds just that
      const held = quantities(final);
      expect(bodies.map((b) => Object.fromEntries(b.lines.map((l) => [l.productId, l.quantity])))).toContainEqual(held);
      expect(await reservedQuantities(order.id)).toEqual(held);
      for (const p of [baguette, croissant, focaccia]) expect(await stockOf(p.id)).toBe(200 - (held[p.id] ?? 0));
      // one event per change (written under the order's lock, so in the order they applied), each
      // starting from the lines the one before left: none applied on lines another had replaced
      const events: { p: { lines: Line[]; lineChanges: { productId: string; before: number; after: number }[] } }[] = await stack.query(
        'ordering',
        `SELECT envelope->'payload' AS p FROM event_outbox WHERE type = 'order.amended' AND envelope->'payload'->>'orderId' = $1 ORDER BY seq`,
        [order.id],
      );
      expect(events).toHaveLength(bodies.length);
      let lines: Record<string, number> = { [baguette.id]: 10 };
      for (const { p } of events) {
        for (const change of p.lineChanges) expect(change.before).toBe(lines[change.productId] ?? 0);
        lines = Object.fromEntries(p.lines.map((l) => [l.productId, l.quantity]));
      }
      expect(lines).toEqual(held);
      await expectStockInvariant();
    });

    it('undoes a stock adjustment that ordering never confirmed once its TTL has passed, and takes it again if the confirmation was only late', async () => {
      const loaf = await product('2.00', 40);
      const order = await place(customer, [{ productId: loaf.id, quantity: 4 }]);
      await eventually(async () => (await stack.query('catalog', `SELECT status FROM stock_reservations WHERE order_id = $1`, [order.id]))[0]?.status === 'confirmed');
      // as if ordering died between adjusting the stock and writing the change
      const amendmentId = randomUUID();
      await rpc.request(CatalogPatterns.adjust, {
        orderId: order.id,
        amendmentId,
        previousLines: [{ productId: loaf.id, quantity: 4 }],
        lines: [{ productId: loaf.id, quantity: 10 }],
      });
      expect(await stockOf(loaf.id)).toBe(30);
      await stack.query('catalog', `UPDATE stock_reservations SET amendment_expires_at = now() - interval '1 second' WHERE order_id = $1`, [order.id]);
      await eventually(async () => (await stockOf(loaf.id)) === 36, 15_000);
      expect(await reservedQuantities(order.id)).toEqual({ [loaf.id]: 4 });
      expect((await reservationOf(order.id)).amendmentState).toBe('reverted');
      await expectStockInvariant();

      // had ordering written it after all, its order.amended (late) takes the stock again
      const envelope = {
        id: randomUUID(),
        type: OrderingEvents.orderAmended,
        source: 'ordering',
        occurredAt: new Date().toISOString(),
        payload: {
          orderId: order.id,
          customerId: (await customer.get('/api/auth/user')).body.id,
          amendmentId,
          status: 'pending',
          changed: ['lines'],
          lines: [{ productId: loaf.id, quantity: 10 }],
          lineChanges: [{ productId: loaf.id, before: 4, after: 10 }],
          previousTotal: order.total,
          total: order.total,
        },
      };
      await nc.jetstream().publish(eventSubject(stack.namespace, envelope.type), JSON.stringify(envelope), { msgID: envelope.id });
      await eventually(async () => (await reservationOf(order.id)).amendmentState === 'confirmed', 15_000);
      expect(await stockOf(loaf.id)).toBe(30);
      expect(await reservedQuantities(order.id)).toEqual({ [loaf.id]: 10 });
      // (ordering never wrote that change: this product's books no longer add up, by the test's doing)
      initial.delete(loaf.id);
    });
  });

  describe('with the bakery’s ordering windows', () => {
    beforeAll(async () => {
      expect((await admin.put('/api/admin/delivery-schedule', BAKERY)).status).toBe(200);
    });
    afterAll(async () => {
      await admin.put('/api/admin/delivery-schedule', DEFAULT_DELIVERY_SCHEDULE);
    });

    it('lets the customer change the order until its cut-off and answers 409 after it; an admin still changes it', async () => {
      const loaf = await product('2.50', 100);
      stack.setClock(ny('2026-12-01T09:00'));
      const order = await place(customer, [{ productId: loaf.id, quantity: 2 }], { deliveryDate: '2026-12-03' });

      stack.setClock(new Date(ny('2026-12-02T14:00').getTime() - 1000));
      const inTime = await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId: loaf.id, quantity: 3 }] });
      expect(inTime.status).toBe(200);

      stack.setClock(ny('2026-12-02T14:00'));
      const before = await orderRows(order.id);
      const late = await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId: loaf.id, quantity: 4 }] });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This order is being prepared: contact the bakery to change it');
      expect(await orderRows(order.id)).toEqual(before);
      expect(await stockOf(loaf.id)).toBe(97);

      const byAdmin = await admin.patch(`/api/orders/${order.id}`, { lines: [{ productId: loaf.id, quantity: 4 }] });
      expect(byAdmin.status).toBe(200);
      expect(await stockOf(loaf.id)).toBe(96);
      await expectStockInvariant();
    });

    it('a new date and slot follow the same rules and messages as placing, product lead times included', async () => {
      const loaf = await product('2.50', 100);
      const cake = await product('30.00', 10, { name: 'Celebration Cake', leadDays: 3 });
      stack.setClock(ny('2026-12-01T10:00'));
      const order = await place(customer, [{ productId: loaf.id, quantity: 1 }], { deliveryDate: '2026-12-03' });
      const before = await orderRows(order.id);

      const sunday = await customer.patch(`/api/orders/${order.id}`, { deliveryDate: '2026-12-06' });
      expect(sunday.status).toBe(400);
      expect(sunday.body.errors).toEqual({ deliveryDate: ['There are no deliveries on Sundays. The next delivery you can order is Wednesday 2 December.'] });
      const slot = await customer.patch(`/api/orders/${order.id}`, { deliveryDate: '2026-12-05', deliveryTimeSlot: '6:00 AM - 8:00 AM' });
      expect(slot.status).toBe(400);
      expect(slot.body.errors).toEqual({ deliveryTimeSlot: ['This delivery time slot is not offered on Saturday 5 December'] });
      // the cake needs 3 days: not for Friday 4 December, whose cake orders closed on Monday
      const withCake = await customer.patch(`/api/orders/${order.id}`, {
        deliveryDate: '2026-12-04',
        lines: [
          { productId: loaf.id, quantity: 1 },
          { productId: cake.id, quantity: 1 },
        ],
      });
      expect(withCake.status).toBe(400);
      expect(withCake.body.errors).toEqual({
        deliveryDate: [
          'Celebration Cake must be ordered 3 days ahead: orders with it for Friday 4 December closed at 2:00 PM on Monday 30 November. The next delivery you can order is Saturday 5 December.',
        ],
      });
      // adding the cake to Thursday's order is just as late
      const cakeThursday = await customer.patch(`/api/orders/${order.id}`, {
        lines: [
          { productId: loaf.id, quantity: 1 },
          { productId: cake.id, quantity: 1 },
        ],
      });
      expect(cakeThursday.status).toBe(400);
      expect(await orderRows(order.id)).toEqual(before);
      expect(await stockOf(cake.id)).toBe(10);

      const moved = await customer.patch(`/api/orders/${order.id}`, { deliveryDate: '2026-12-05', deliveryTimeSlot: '8:00 AM - 10:00 AM' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ deliveryDate: '2026-12-05', deliveryTimeSlot: '8:00 AM - 10:00 AM', cutoffAt: ny('2026-12-04T14:00').toISOString() });
      const cleared = await customer.patch(`/api/orders/${order.id}`, { deliveryTimeSlot: null, specialInstructions: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ deliveryDate: '2026-12-05', deliveryTimeSlot: null, specialInstructions: null });
    });
  });

  /** An admin's socket, recording every push. */
  async function adminSocket(): Promise<{ socket: Socket; pushes: { event: string; payload: any }[] }> {
    const socket = io(stack.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: admin.cookie! }, reconnection: false, forceNew: true });
    const pushes: { event: string; payload: any }[] = [];
    socket.onAny((event: string, payload: unknown) => pushes.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, pushes };
  }
});
