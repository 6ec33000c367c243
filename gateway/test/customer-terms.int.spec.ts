import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { type InventoryAlertBroadcast, NotificationsBroadcasts } from '@bakery/contracts';
import { connectNats, subscribeBroadcast } from '@bakery/platform';
import { ApiClient, createProduct, eventually, ORDER_BY_2PM_THE_DAY_BEFORE, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import type { NatsConnection } from 'nats';

/**
 * Customer terms (issue 19) through the gateway: price lists and each customer's own prices in
 * the catalogue, the cart and their orders; the minimum order; free delivery at a threshold;
 * accounts on hold (no ordering, no changes, standing orders skipped with an alert); who may see
 * and set any of it. The bakery is in London; the standing orders' dates are December 2026 on
 * the stack's controllable clock.
 */
const ZONE = 'Europe/London';
const london = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();
const ON_HOLD = 'Your account is on hold. Please contact the bakery.';

interface ProductJson {
  id: string;
  price: string;
}
interface OrderJson {
  id: string;
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  orderItems: { productId: string; quantity: number; unitPrice: string; totalPrice: string }[];
}

describe('customer terms', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let adminId: string;
  let bread: { id: string };
  let croissant: { id: string };
  let rye: { id: string };

  const idOf = async (client: ApiClient) => (await client.get('/api/auth/user')).body.id as string;
  /** What `client` is told each product costs in the catalogue. */
  const pricesSeen = async (client: ApiClient, ...products: { id: string }[]) => {
    const res = await client.get('/api/products');
    expect(res.status).toBe(200);
    const byId = new Map((res.body as ProductJson[]).map((p) => [p.id, p.price]));
    return products.map((p) => byId.get(p.id));
  };
  const setTerms = async (customerId: string, body: Record<string, unknown>) => {
    const res = await admin.put(`/api/customers/${customerId}/terms`, body);
    expect(res.status).toBe(200);
    return res.body;
  };
  const newList = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/admin/price-lists', body);
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const ordersOf = (customerId: string) => stack.query<{ id: string }>('ordering', 'SELECT id FROM orders WHERE customer_id = $1', [customerId]);

  beforeAll(async () => {
    // the standing orders' sweep runs every second: the last test waits for it, never sleeps
    stack = await TestStack.start({ env: { BAKERY_TIMEZONE: ZONE, STANDING_ORDER_INTERVAL_SECONDS: '1' } });
    await stack.startGateway();
    admin = await signedInAdmin(stack.url);
    adminId = await idOf(admin);
    bread = await createProduct(admin, { name: 'Terms Bread', price: '4.50', stock: 1000 });
    croissant = await createProduct(admin, { name: 'Terms Croissant', price: '2.15', stock: 1000, category: 'pastries' });
    rye = await createProduct(admin, { name: 'Terms Rye', price: '3.00', stock: 1000 });
  });
  afterAll(async () => {
    stack?.setClock(null);
    await stack?.close();
  });

  describe('price lists', () => {
    let cafe: ApiClient;
    let bistro: ApiClient;
    let cafeId: string;
    let bistroId: string;
    let chain: { id: string };
    let corner: { id: string };
    let cafeOrder: OrderJson;

    beforeAll(async () => {
      cafe = await signedInCustomer(stack.url, { businessName: 'Terms Cafe' });
      bistro = await signedInCustomer(stack.url, { businessName: 'Terms Bistro' });
      [cafeId, bistroId] = await Promise.all([idOf(cafe), idOf(bistro)]);
    });

    it('two customers on different lists see different prices in the catalogue and are charged them', async () => {
      const created = await admin.post('/api/admin/price-lists', { name: 'Cafe chain', percentage: '90', fixedPrices: [{ productId: croissant.id, price: '1.99' }] });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        name: 'Cafe chain',
        percentage: '90.00',
        fixedPrices: [{ productId: croissant.id, price: '1.99' }],
        customerCount: 0,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      chain = created.body;
      corner = await newList({ name: 'Corner shops', percentage: '110' });

      expect(await setTerms(cafeId, { priceListId: chain.id })).toEqual({
        priceListId: chain.id,
        minimumOrder: null,
        deliveryFee: null,
        freeDeliveryThreshold: null,
        onHold: false,
        holdReason: null,
      });
      await setTerms(bistroId, { priceListId: corner.id });
      expect((await admin.get(`/api/customers/${cafeId}/terms`)).body).toMatchObject({ priceListId: chain.id });

      // 90% of 4.50; the fixed price over the percentage; 110% (2.365 rounds half-up); admins and customers without a list: the default
      expect(await pricesSeen(cafe, bread, croissant)).toEqual(['4.05', '1.99']);
      expect(await pricesSeen(bistro, bread, croissant)).toEqual(['4.95', '2.37']);
      expect(await pricesSeen(admin, bread, croissant)).toEqual(['4.50', '2.15']);
      expect(await pricesSeen(await signedInCustomer(stack.url), bread, croissant)).toEqual(['4.50', '2.15']);
      expect((await cafe.get(`/api/products/${bread.id}`)).body.price).toBe('4.05');
      // customers never see the list
      expect(JSON.stringify((await cafe.get('/api/products')).body)).not.toContain('Cafe chain');

      for (const client of [cafe, bistro]) {
        expect((await client.post('/api/cart', { productId: bread.id, quantity: 2 })).status).toBe(201);
        expect((await client.post('/api/cart', { productId: croissant.id, quantity: 1 })).status).toBe(201);
      }
      const cart = (await cafe.get('/api/cart')).body;
      expect(cart.map((l: { product: { price: string }; previousPrice: string | null }) => [l.product.price, l.previousPrice])).toEqual([
        ['4.05', null],
        ['1.99', null],
      ]);

      // 8.10 + 1.99 = 10.09; tax 0.85765 → 0.86; 10.09 + 12.50 + 0.86
      const placed = await cafe.post('/api/orders', { expectedTotal: '23.45' });
      expect(placed.status).toBe(201);
      cafeOrder = placed.body;
      expect(cafeOrder).toMatchObject({ subtotal: '10.09', deliveryFee: '12.50', tax: '0.86', total: '23.45' });
      expect(cafeOrder.orderItems.map((i) => [i.productId, i.unitPrice, i.totalPrice])).toEqual([
        [bread.id, '4.05', '8.10'],
        [croissant.id, '1.99', '1.99'],
      ]);
      // 9.90 + 2.37 = 12.27; tax 1.04295 → 1.04
      const bistroOrder = await bistro.post('/api/orders', { expectedTotal: '25.81' });
      expect(bistroOrder.status).toBe(201);
      expect(bistroOrder.body).toMatchObject({ subtotal: '12.27', tax: '1.04', total: '25.81' });
    });

    it('prices a product a change adds at the customer’s price, keeping the others’', async () => {
      const changed = await cafe.patch(`/api/orders/${cafeOrder.id}`, {
        lines: [
          { productId: bread.id, quantity: 2 },
          { productId: croissant.id, quantity: 1 },
          { productId: rye.id, quantity: 1 },
        ],
      });
      expect(changed.status).toBe(200);
      // rye at 90% of 3.00; 12.79 and tax 1.08715 → 1.09, the fee as charged
      expect(changed.body.orderItems.map((i: OrderJson['orderItems'][number]) => [i.productId, i.unitPrice])).toEqual([
        [bread.id, '4.05'],
        [croissant.id, '1.99'],
        [rye.id, '2.70'],
      ]);
      expect(changed.body).toMatchObject({ subtotal: '12.79', deliveryFee: '12.50', tax: '1.09', total: '26.38' });
    });

    it('a list change reaches the catalogue on the next request (on every gateway) and leaves placed orders untouched', async () => {
      const other = cafe.on(stack.gatewayUrls()[1]);
      expect(await pricesSeen(other, bread, croissant)).toEqual(['4.05', '1.99']);
      const etag = (await cafe.get('/api/products')).headers.get('etag');
      expect((await cafe.post('/api/cart', { productId: bread.id, quantity: 1 })).status).toBe(201);

      const updated = await admin.put(`/api/admin/price-lists/${chain.id}`, { name: 'Cafe chain', percentage: '80', fixedPrices: [] });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: chain.id, percentage: '80.00', fixedPrices: [], customerCount: 1 });
      // the very next request, on the gateway the change went through
      expect(await pricesSeen(cafe, bread, croissant)).toEqual(['3.60', '1.72']);
      expect((await cafe.get('/api/products')).headers.get('etag')).not.toBe(etag);
      // the other gateway hears the broadcast
      await eventually(async () => JSON.stringify(await pricesSeen(other, bread, croissant)) === JSON.stringify(['3.60', '1.72']));
      // the cart shows the new price and the one the line was added at
      const [line] = (await cafe.get('/api/cart')).body;
      expect([line.product.price, line.previousPrice]).toEqual(['3.60', '4.05']);
      const stale = await cafe.post('/api/orders', { expectedTotal: '16.89' });
      expect(stale.status).toBe(409);
      expect(stale.body.details.changedLines).toEqual([{ productId: bread.id, productName: 'Terms Bread', oldPrice: '4.05', newPrice: '3.60' }]);

      // the placed order keeps the prices and totals it was placed (and changed) at
      const kept = (await cafe.get(`/api/orders/${cafeOrder.id}`)).body as OrderJson;
      expect(kept.orderItems.map((i) => i.unitPrice)).toEqual(['4.05', '1.99', '2.70']);
      expect(kept.total).toBe('26.38');

      // moving the customer to another list reaches the catalogue the same way
      await setTerms(cafeId, { priceListId: corner.id });
      expect(await pricesSeen(cafe, bread)).toEqual(['4.95']);
      await eventually(async () => (await pricesSeen(other, bread))[0] === '4.95');
    });

    it('lists, shows who is on a list, and refuses to delete a list in use', async () => {
      const page = await admin.get('/api/admin/price-lists?limit=50');
      expect(page.status).toBe(200);
      expect(page.headers.get('x-total-count')).toBe('2');
      expect(page.body.map((l: { name: string; customerCount: number }) => [l.name, l.customerCount])).toEqual([
        ['Corner shops', 2],
        ['Cafe chain', 0],
      ]);
      const onCorner = await admin.get(`/api/admin/price-lists/${corner.id}/customers`);
      expect(onCorner.body.map((c: { id: string; businessName: string }) => [c.id, c.businessName]).sort()).toEqual(
        [
          [cafeId, 'Terms Cafe'],
          [bistroId, 'Terms Bistro'],
        ].sort(),
      );
      const refused = await admin.delete(`/api/admin/price-lists/${corner.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This price list is assigned to customers: move them to another list first');
      expect((await admin.get(`/api/admin/price-lists/${corner.id}`)).status).toBe(200);

      expect((await admin.delete(`/api/admin/price-lists/${chain.id}`)).status).toBe(204);
      expect((await admin.get(`/api/admin/price-lists/${chain.id}`)).status).toBe(404);
    });
  });

  describe('minimum order and free delivery', () => {
    let cake: { id: string };
    let mint: { id: string };
    let tart: { id: string };

    beforeAll(async () => {
      cake = await createProduct(admin, { name: 'Terms Cake', price: '24.99', stock: 100 });
      mint = await createProduct(admin, { name: 'Terms Mint', price: '0.01', stock: 100 });
      tart = await createProduct(admin, { name: 'Terms Tart', price: '49.99', stock: 100 });
    });

    it('refuses an order one cent below the minimum, naming it, with nothing written; exactly at it passes', async () => {
      const customer = await signedInCustomer(stack.url);
      const customerId = await idOf(customer);
      await setTerms(customerId, { minimumOrder: '25' });
      expect((await customer.post('/api/cart', { productId: cake.id, quantity: 1 })).status).toBe(201);
      const stock = (await admin.get(`/api/products/${cake.id}`)).body.stock;

      const refused = await customer.post('/api/orders', {});
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        message: 'The minimum order is $25.00: add $0.01 more to place this order',
        errors: { cart: ['The minimum order is $25.00: add $0.01 more to place this order'] },
      });
      expect(await ordersOf(customerId)).toEqual([]);
      expect((await customer.get('/api/cart')).body).toHaveLength(1);
      expect((await admin.get(`/api/products/${cake.id}`)).body.stock).toBe(stock);

      expect((await customer.post('/api/cart', { productId: mint.id, quantity: 1 })).status).toBe(201);
      const placed = await customer.post('/api/orders', {});
      expect(placed.status).toBe(201);
      expect(placed.body.subtotal).toBe('25.00');
      // nor may a change take it below the minimum
      const smaller = await customer.patch(`/api/orders/${placed.body.id}`, { lines: [{ productId: cake.id, quantity: 1 }] });
      expect(smaller.status).toBe(400);
      expect(smaller.body.message).toBe('The minimum order is $25.00: add $0.01 more to place this order');
      expect((await customer.get(`/api/orders/${placed.body.id}`)).body.subtotal).toBe('25.00');
    });

    it('waives the delivery fee exactly at the free-delivery threshold, and charges the customer’s fee one cent below', async () => {
      const customer = await signedInCustomer(stack.url);
      await setTerms(await idOf(customer), { deliveryFee: '7.5', freeDeliveryThreshold: '50' });
      expect((await customer.get('/api/config/pricing')).body).toEqual({
        deliveryFee: '12.50',
        taxRate: '0.085',
        minimumOrder: null,
        freeDeliveryThreshold: null,
        own: { minimumOrder: null, deliveryFee: '7.50', freeDeliveryThreshold: '50.00' },
      });
      await customer.post('/api/cart', { productId: tart.id, quantity: 1 });
      // 49.99 + 7.50 + tax 4.24915 → 4.25
      const below = await customer.post('/api/orders', { expectedTotal: '61.74' });
      expect(below.status).toBe(201);
      expect(below.body).toMatchObject({ subtotal: '49.99', deliveryFee: '7.50', tax: '4.25', total: '61.74' });

      await customer.post('/api/cart', { productId: tart.id, quantity: 1 });
      await customer.post('/api/cart', { productId: mint.id, quantity: 1 });
      const at = await customer.post('/api/orders', { expectedTotal: '54.25' });
      expect(at.status).toBe(201);
      expect(at.body).toMatchObject({ subtotal: '50.00', deliveryFee: '0.00', tax: '4.25', total: '54.25' });
    });

    it('takes the bakery-wide minimum and threshold from the pricing settings, each customer’s override over them', async () => {
      const set = await admin.put('/api/config/pricing', { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: '20', freeDeliveryThreshold: '200' });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ deliveryFee: '12.50', taxRate: '0.085', minimumOrder: '20.00', freeDeliveryThreshold: '200.00' });
      // left out: kept
      expect((await admin.put('/api/config/pricing', { deliveryFee: '12.50', taxRate: '0.085' })).body.minimumOrder).toBe('20.00');
      expect((await admin.get('/api/config/pricing')).body).toEqual({ deliveryFee: '12.50', taxRate: '0.085', minimumOrder: '20.00', freeDeliveryThreshold: '200.00' });

      const plain = await signedInCustomer(stack.url);
      const own = await signedInCustomer(stack.url);
      await setTerms(await idOf(own), { minimumOrder: '1.00' });
      expect((await plain.get('/api/config/pricing')).body.own).toEqual({ minimumOrder: '20.00', deliveryFee: '12.50', freeDeliveryThreshold: '200.00' });
      expect((await own.get('/api/config/pricing')).body.own).toEqual({ minimumOrder: '1.00', deliveryFee: '12.50', freeDeliveryThreshold: '200.00' });
      for (const client of [plain, own]) await client.post('/api/cart', { productId: bread.id, quantity: 1 });
      const refused = await plain.post('/api/orders', {});
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('The minimum order is $20.00: add $15.50 more to place this order');
      expect((await own.post('/api/orders', {})).status).toBe(201);

      // null removes them: the spec's behaviour again
      const cleared = await admin.put('/api/config/pricing', { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: null, freeDeliveryThreshold: null });
      expect(cleared.body).toEqual({ deliveryFee: '12.50', taxRate: '0.085', minimumOrder: null, freeDeliveryThreshold: null });
      expect((await plain.post('/api/orders', {})).status).toBe(201);
    });
  });

  describe('accounts on hold', () => {
    it('lets a held customer browse and keep a cart, but not order or change an order; admins still can', async () => {
      const customer = await signedInCustomer(stack.url, { businessName: 'Terms Held' });
      const customerId = await idOf(customer);
      await customer.post('/api/cart', { productId: bread.id, quantity: 1 });
      const order = (await customer.post('/api/orders', {})).body as OrderJson;

      expect(await setTerms(customerId, { onHold: true, holdReason: 'Invoices 60 days overdue' })).toEqual({
        priceListId: null,
        minimumOrder: null,
        deliveryFee: null,
        freeDeliveryThreshold: null,
        onHold: true,
        holdReason: 'Invoices 60 days overdue',
      });
      expect((await customer.get('/api/products')).status).toBe(200);
      expect((await customer.post('/api/cart', { productId: bread.id, quantity: 2 })).status).toBe(201);

      const refused = await customer.post('/api/orders', {});
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: ON_HOLD });
      expect(await ordersOf(customerId)).toEqual([{ id: order.id }]);
      expect((await customer.get('/api/cart')).body.map((l: { quantity: number }) => l.quantity)).toEqual([2]);

      const amend = await customer.patch(`/api/orders/${order.id}`, { lines: [{ productId: bread.id, quantity: 3 }] });
      expect(amend.status).toBe(403);
      expect(amend.body.message).toBe(ON_HOLD);
      expect((await customer.patch(`/api/orders/${order.id}`, { specialInstructions: 'Side door' })).status).toBe(403);
      expect((await customer.get(`/api/orders/${order.id}`)).body.orderItems.map((i: { quantity: number }) => i.quantity)).toEqual([1]);
      // the bakery may still change it
      expect((await admin.patch(`/api/orders/${order.id}`, { lines: [{ productId: bread.id, quantity: 3 }] })).status).toBe(200);

      // lifted: ordering again, and the reason is gone with the hold
      expect(await setTerms(customerId, { onHold: false })).toMatchObject({ onHold: false, holdReason: null });
      expect((await customer.post('/api/orders', {})).status).toBe(201);

      // every change audited: who, when, old and new value; newest first
      const audit = await admin.get(`/api/customers/${customerId}/terms/audit`);
      expect(audit.status).toBe(200);
      const changes = (audit.body as { at: string; field: string; oldValue: string | null; newValue: string | null; changedBy: unknown }[]).map((e) => ({
        at: e.at,
        change: [e.field, e.oldValue, e.newValue],
        changedBy: e.changedBy,
      }));
      expect(changes).toHaveLength(4);
      for (const c of changes) expect(c.changedBy).toEqual({ id: adminId, name: 'Ada Baker' });
      expect(changes[0].at >= changes[3].at).toBe(true);
      expect(changes.slice(0, 2).map((c) => c.change).sort()).toEqual([
        ['holdReason', 'Invoices 60 days overdue', null],
        ['onHold', 'true', 'false'],
      ]);
      expect(changes.slice(2).map((c) => c.change).sort()).toEqual([
        ['holdReason', null, 'Invoices 60 days overdue'],
        ['onHold', 'false', 'true'],
      ]);
      const firstPage = await admin.get(`/api/customers/${customerId}/terms/audit?limit=3`);
      expect(firstPage.body).toHaveLength(3);
      expect(firstPage.headers.get('link')).toContain('rel="next"');
    });

    it('skips a held customer’s standing-order deliveries at the cut-off with an alert, once, and never places them later', async () => {
      expect((await admin.put('/api/admin/delivery-schedule', ORDER_BY_2PM_THE_DAY_BEFORE)).status).toBe(200);
      stack.setClock(london('2026-11-30T08:00')); // a Monday morning
      const held = await signedInCustomer(stack.url, { businessName: 'Held Bakery' });
      const heldId = await idOf(held);
      const control = await signedInCustomer(stack.url, { businessName: 'Control Cafe' });
      const list = await newList({ name: 'Standing 75', percentage: '75' });
      await setTerms(await idOf(control), { priceListId: list.id });
      const standing = async (client: ApiClient, startDate: string, quantities: number[]) => {
        const res = await client.post('/api/standing-orders', { name: 'Weekly bread', startDate, everyWeeks: 1, lines: [{ productId: bread.id, quantities }] });
        expect(res.status).toBe(201);
        return res.body as { id: string };
      };
      const tuesday = await standing(held, '2026-12-01', [0, 5, 0, 0, 0, 0, 0]);
      const wednesday = await standing(control, '2026-12-02', [0, 0, 4, 0, 0, 0, 0]);
      await setTerms(heldId, { onHold: true, holdReason: 'Cheque bounced' });
      const made = (standingOrderId: string) =>
        stack.query<{ id: string }>('ordering', 'SELECT id FROM orders WHERE standing_order_id = $1', [standingOrderId]);

      const nc: NatsConnection = await connectNats(process.env.NATS_URL!, 'customer-terms-test');
      const alerts: InventoryAlertBroadcast[] = [];
      const subscription = subscribeBroadcast<InventoryAlertBroadcast>(nc, stack.namespace, NotificationsBroadcasts.inventoryAlert, (a) => alerts.push(a));
      try {
        await nc.flush();
        stack.setClock(london('2026-11-30T14:00')); // Tuesday's cut-off
        await eventually(async () => (await stack.query('ordering', `SELECT 1 FROM standing_order_exceptions WHERE standing_order_id = $1 AND delivery_date = '2026-12-01' AND skip`, [tuesday.id])).length === 1);
        const alert = await eventually(async () => alerts.find((a) => a.alertType === 'skipped'));
        expect(alert).toEqual({
          productId: tuesday.id,
          name: 'Weekly bread',
          stock: 0,
          lowStockThreshold: 0,
          alertType: 'skipped',
          skipped: { standingOrderId: tuesday.id, customer: 'Held Bakery', date: '2026-12-01', reason: 'on_hold' },
        });
        expect(await made(tuesday.id)).toEqual([]);
        const upcoming = (await held.get('/api/standing-orders/upcoming?weeks=1')).body as { date: string; skipped: boolean }[];
        expect(upcoming.find((d) => d.date === '2026-12-01')?.skipped).toBe(true);

        // the hold lifted after the cut-off: Wednesday's cut-off makes the control's delivery (so a
        // sweep ran since), and Tuesday's stays skipped though its day has not passed
        await setTerms(heldId, { onHold: false });
        stack.setClock(london('2026-12-01T14:00'));
        const [controlOrder] = await eventually(async () => {
          const rows = await made(wednesday.id);
          return rows.length === 1 && rows;
        });
        expect(await made(tuesday.id)).toEqual([]);
        const skipped = await stack.query('ordering', `SELECT 1 FROM event_outbox WHERE type = 'standing-delivery.skipped' AND envelope->'payload'->>'standingOrderId' = $1`, [tuesday.id]);
        expect(skipped).toHaveLength(1);
        expect(alerts.filter((a) => a.alertType === 'skipped')).toHaveLength(1);

        // a standing delivery is priced at its customer's list: 75% of 4.50 is 3.375 → 3.38
        const order = (await control.get(`/api/orders/${controlOrder.id}`)).body as OrderJson;
        expect(order.orderItems.map((i) => [i.quantity, i.unitPrice, i.totalPrice])).toEqual([[4, '3.38', '13.52']]);
        expect(order).toMatchObject({ subtotal: '13.52', deliveryFee: '12.50' });
      } finally {
        subscription.unsubscribe();
        await nc.close();
        stack.setClock(null);
      }
    });
  });

  describe('who may read and set terms, and what they may be', () => {
    it('answers a customer 403 on every price list and terms route, their own included', async () => {
      const customer = await signedInCustomer(stack.url);
      const me = await idOf(customer);
      const list = await newList({ name: `Private ${randomUUID().slice(0, 8)}`, percentage: '95' });
      const calls = [
        customer.get('/api/admin/price-lists'),
        customer.post('/api/admin/price-lists', { name: 'Mine', percentage: '1' }),
        customer.get(`/api/admin/price-lists/${list.id}`),
        customer.put(`/api/admin/price-lists/${list.id}`, { name: 'Mine', percentage: '1' }),
        customer.delete(`/api/admin/price-lists/${list.id}`),
        customer.get(`/api/admin/price-lists/${list.id}/customers`),
        customer.get(`/api/customers/${me}/terms`),
        customer.put(`/api/customers/${me}/terms`, { priceListId: list.id }),
        customer.get(`/api/customers/${me}/terms/audit`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      expect((await admin.get(`/api/customers/${me}/terms`)).body.priceListId).toBeNull();
      expect((await admin.get(`/api/admin/price-lists/${list.id}`)).body).toMatchObject({ name: expect.stringMatching(/^Private/), percentage: '95.00' });
    });

    it('refuses bad input with field messages, writing nothing', async () => {
      const customerId = await idOf(await signedInCustomer(stack.url));
      const before = (await admin.get('/api/admin/price-lists')).headers.get('x-total-count');

      const bad = await admin.post('/api/admin/price-lists', {
        name: '  ',
        percentage: '0',
        fixedPrices: [
          { productId: bread.id, price: '1.00' },
          { productId: bread.id, price: '2.00' },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        name: ['Name must be 1 to 100 characters'],
        percentage: ['Percentage must be a number from 1 to 500 with at most 2 decimal places, as a string (e.g. "90")'],
        fixedPrices: ['Each product may have one fixed price'],
      });
      const tooHigh = await admin.post('/api/admin/price-lists', { name: 'Dear', percentage: '500.01', fixedPrices: [{ productId: bread.id, price: '0' }] });
      expect(Object.keys(tooHigh.body.errors).sort()).toEqual(['fixedPrices.0.price', 'percentage']);
      expect(tooHigh.body.errors['fixedPrices.0.price']).toEqual(['Price must be greater than 0']);
      const unknown = await admin.post('/api/admin/price-lists', { name: 'Unknown product', percentage: '100', fixedPrices: [{ productId: randomUUID(), price: '1.00' }] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ 'fixedPrices.0.productId': ['No product has this id'] });
      const taken = await admin.post('/api/admin/price-lists', { name: 'corner SHOPS', percentage: '100' });
      expect(taken.status).toBe(400);
      expect(taken.body.errors).toEqual({ name: ['A price list with this name already exists'] });
      expect((await admin.get('/api/admin/price-lists')).headers.get('x-total-count')).toBe(before);

      const terms = await admin.put(`/api/customers/${customerId}/terms`, { minimumOrder: '-1', deliveryFee: 5, onHold: 'yes', holdReason: '' });
      expect(terms.status).toBe(400);
      expect(Object.keys(terms.body.errors).sort()).toEqual(['deliveryFee', 'holdReason', 'minimumOrder', 'onHold']);
      expect(terms.body.errors.minimumOrder).toEqual([
        "minimumOrder must be an amount from 0 to 99999999.99 with at most 2 decimal places, as a string, or null for the bakery's default",
      ]);
      const noReason = await admin.put(`/api/customers/${customerId}/terms`, { onHold: true });
      expect(noReason.body).toMatchObject({ statusCode: 400, errors: { holdReason: ['A reason is required to put an account on hold'] } });
      const noList = await admin.put(`/api/customers/${customerId}/terms`, { priceListId: randomUUID() });
      expect(noList.body).toMatchObject({ statusCode: 400, errors: { priceListId: ['priceListId must be the id of a price list, or null'] } });
      expect((await admin.put(`/api/customers/${randomUUID()}/terms`, { onHold: false })).status).toBe(404);
      expect((await admin.get(`/api/customers/${customerId}/terms`)).body).toEqual({
        priceListId: null,
        minimumOrder: null,
        deliveryFee: null,
        freeDeliveryThreshold: null,
        onHold: false,
        holdReason: null,
      });
      expect((await admin.get(`/api/customers/${customerId}/terms/audit`)).body).toEqual([]);

      const pricing = await admin.put('/api/config/pricing', { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: 'ten' });
      expect(pricing.status).toBe(400);
      expect(pricing.body.errors).toEqual({
        minimumOrder: ["minimumOrder must be an amount from 0 to 99999999.99 with at most 2 decimal places, as a string, or null for the bakery's default"],
      });
    });
  });
});
