import { dateInTimeZone } from '@bakery/contracts';
import { ApiClient, eventually, mapLimit, createProduct, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';

const tomorrow = () => dateInTimeZone(new Date(Date.now() + 24 * 3600_000), 'UTC');
const yesterday = () => dateInTimeZone(new Date(Date.now() - 24 * 3600_000), 'UTC');

describe('ordering: cart, checkout without overselling, history, status, metrics', () => {
  let stack: TestStack;
  let admin: ApiClient;

  beforeAll(async () => {
    // the sell-out rush below queues 200 reserves on one product's row (3.3 s alone on the CI
    // machine; past the reserve's 10 s budget when the suite's other files load its two cores): the
    // file checks who gets what, and the rush's latency is the checkout benchmark's (bench/checkout.js)
    stack = await TestStack.start({ env: { RPC_TIMEOUT_MS: '15000' } });
    admin = await signedInAdmin(stack.url);
  });
  afterAll(() => stack?.close());

  const product = (fields: { name?: string; price: string; stock: number; category?: string }) => createProduct(admin, fields);

  async function stockOf(id: string): Promise<number> {
    return (await admin.get(`/api/products/${id}`)).body.stock;
  }

  it('adds three products, changes a quantity, removes one, places an order with exact totals, and the stock goes down', async () => {
    const rye = await product({ name: 'Rye', price: '3.25', stock: 40 });
    const croissant = await product({ name: 'Croissant', price: '5.10', stock: 40, category: 'pastries' });
    const bagel = await product({ name: 'Bagel', price: '1.99', stock: 40, category: 'bagels' });
    const customer = await signedInCustomer(stack.url, { businessName: 'Corner Coffee' });

    expect((await customer.post('/api/cart', { productId: rye.id, quantity: 1 })).status).toBe(201);
    expect((await customer.post('/api/cart', { productId: croissant.id, quantity: 1 })).status).toBe(201);
    const bagelLine = (await customer.post('/api/cart', { productId: bagel.id, quantity: 3 })).body;
    // adding the same product again adds to its line
    const ryeLine = (await customer.post('/api/cart', { productId: rye.id, quantity: 1 })).body;
    expect(ryeLine.quantity).toBe(2);
    expect((await customer.get('/api/cart/count')).body).toEqual({ count: 3 });

    const changed = await customer.put(`/api/cart/${bagelLine.id}`, { quantity: 5 });
    expect(changed.body.quantity).toBe(5);
    expect((await customer.delete(`/api/cart/${bagelLine.id}`)).status).toBe(200);

    const cart = await customer.get('/api/cart');
    expect(cart.body.map((l: any) => [l.product.name, l.quantity, l.product.price])).toEqual([
      ['Rye', 2, '3.25'],
      ['Croissant', 1, '5.10'],
    ]);
    expect(Object.keys(cart.body[0].product).sort()).toEqual(['description', 'id', 'imageUrl', 'isActive', 'name', 'price', 'stock']);

    const placed = await customer.post('/api/orders', {
      deliveryDate: tomorrow(),
      deliveryTimeSlot: '6:00 AM - 8:00 AM',
      specialInstructions: 'Back door',
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      status: 'pending',
      subtotal: '11.60',
      deliveryFee: '12.50',
      tax: '0.99',
      total: '25.09',
      deliveryDate: tomorrow(),
      deliveryTimeSlot: '6:00 AM - 8:00 AM',
      specialInstructions: 'Back door',
      customer: { businessName: 'Corner Coffee', phone: null },
    });
    expect(placed.body.orderItems.map((i: any) => [i.product.name, i.quantity, i.unitPrice, i.totalPrice])).toEqual([
      ['Rye', 2, '3.25', '6.50'],
      ['Croissant', 1, '5.10', '5.10'],
    ]);

    const history = await customer.get('/api/orders');
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toEqual(placed.body);
    expect((await customer.get('/api/cart')).body).toEqual([]);
    expect((await customer.get('/api/cart/count')).body).toEqual({ count: 0 });
    expect(await stockOf(rye.id)).toBe(38);
    expect(await stockOf(croissant.id)).toBe(39);
    expect(await stockOf(bagel.id)).toBe(40);
  });

  it('takes the order’s customer details from the customers service alone: with auth down, an order is still placed with the email', async () => {
    const loaf = await product({ price: '2.50', stock: 10 });
    const customer = await signedInCustomer(stack.url, { businessName: 'Harbour Cafe' });
    const { id, email } = (await customer.get('/api/auth/user')).body;
    expect((await admin.patch(`/api/customers/${id}`, { phone: '555-0100' })).status).toBe(200);
    await customer.post('/api/cart', { productId: loaf.id, quantity: 1 }); // the gateway now trusts this session for a while
    await stack.stopService('auth');
    try {
      const placed = await customer.post('/api/orders', {});
      expect(placed.status).toBe(201);
      expect(placed.body.customer).toEqual({ businessName: 'Harbour Cafe', email, phone: '555-0100' });
    } finally {
      await stack.startService('auth');
    }
  });

  it('fills in the email copy of an older profile row from auth, once, when an order needs it', async () => {
    const loaf = await product({ price: '2.50', stock: 10 });
    const customer = await signedInCustomer(stack.url, { businessName: 'Old Row Bakery' });
    const me = (await customer.get('/api/auth/user')).body;
    await stack.query('customers', 'UPDATE customer_profiles SET email = NULL WHERE user_id = $1', [me.id]); // as before the copy existed
    await customer.post('/api/cart', { productId: loaf.id, quantity: 1 });
    const placed = await customer.post('/api/orders', {});
    expect(placed.body.customer).toEqual({ businessName: 'Old Row Bakery', email: me.email, phone: null });
    expect(await stack.query('customers', 'SELECT email FROM customer_profiles WHERE user_id = $1', [me.id])).toEqual([{ email: me.email }]);
  });

  it('pages through more orders than one message holds (450, some created at the same instant), once each, newest first', async () => {
    const customer = await signedInCustomer(stack.url);
    const { id: customerId } = (await customer.get('/api/auth/user')).body;
    // written straight to the table (450 placements through the API would only make this slow),
    // with long instructions: together well over a NATS message's 1 MB
    await stack.query(
      'ordering',
      `INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, customer_email, special_instructions, created_at, updated_at)
       SELECT gen_random_uuid(), $1, 'pending', 1.00, 12.50, 0.09, 13.59, 'bulk@shop.test', repeat('Leave it at the back door. ', 100),
              now() - ((i / 3) || ' milliseconds')::interval, now()
         FROM generate_series(1, 450) AS i`,
      [customerId],
    );
    const expected: { id: string }[] = await stack.query('ordering', 'SELECT id FROM orders WHERE customer_id = $1 ORDER BY created_at DESC, id DESC', [customerId]);

    const own = await customer.all<{ id: string }>('/api/orders?limit=200');
    expect(own.map((o) => o.id)).toEqual(expected.map((o) => o.id));

    const all = await admin.all<{ id: string; createdAt: string }>('/api/orders?limit=200');
    expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
    expect(all.filter((o) => expected.some((e) => e.id === o.id))).toHaveLength(450);
    const times = all.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps the order’s snapshot when the product is renamed or repriced later', async () => {
    const loaf = await product({ name: 'Old Name', price: '2.00', stock: 10 });
    const customer = await signedInCustomer(stack.url);
    await customer.post('/api/cart', { productId: loaf.id, quantity: 1 });
    const order = (await customer.post('/api/orders', {})).body;
    await admin.patch(`/api/products/${loaf.id}`, { name: 'New Name', price: '9.00' });
    const again = (await customer.get(`/api/orders/${order.id}`)).body;
    expect(again.orderItems[0]).toMatchObject({ unitPrice: '2.00', product: { name: 'Old Name' } });
    expect(again.total).toBe(order.total);
  });

  it('sells exactly the stock to 200 concurrent customers: 50 orders, stock 0, every other answer 409, their carts kept', async () => {
    const scarce = await product({ name: 'Scarce Sourdough', price: '4.00', stock: 50 });
    // accounts are made a few at a time (hashing 200 passwords at once is not what is tested)
    const customers = await mapLimit(Array.from({ length: 200 }), 8, () => signedInCustomer(stack.url));
    for (const c of customers) expect((await c.post('/api/cart', { productId: scarce.id, quantity: 1 })).status).toBe(201);

    const results = await Promise.all(customers.map((c) => c.post('/api/orders', {})));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(150);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: 'Not enough stock' });
    expect(refused.body.details.shortages).toEqual([
      { productId: scarce.id, name: 'Scarce Sourdough', requested: 1, available: 0 },
    ]);

    expect(await stockOf(scarce.id)).toBe(0);
    const [{ n }] = await stack.query('ordering', `SELECT count(*)::int AS n FROM order_items WHERE product_id = $1`, [scarce.id]);
    expect(n).toBe(50);
    const losers = customers.filter((_, i) => statuses[i] === 409);
    const counts = await Promise.all(losers.map((c) => c.get('/api/cart/count')));
    expect(counts.every((c) => c.body.count === 1)).toBe(true);
  }, 120_000);

  it('leaves the stock as it was and writes no order when the order transaction fails after the reservation', async () => {
    const loaf = await product({ price: '3.00', stock: 7 });
    const customer = await signedInCustomer(stack.url);
    await customer.post('/api/cart', { productId: loaf.id, quantity: 3 });
    await stack.query('ordering', 'ALTER TABLE orders ADD CONSTRAINT reject_all CHECK (false) NOT VALID');
    try {
      const res = await customer.post('/api/orders', {});
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Internal error' });
    } finally {
      await stack.query('ordering', 'ALTER TABLE orders DROP CONSTRAINT reject_all');
    }
    expect(await stockOf(loaf.id)).toBe(7);
    expect((await customer.get('/api/orders')).body).toEqual([]);
    expect((await customer.get('/api/cart/count')).body).toEqual({ count: 1 });
  });

  it('places the order once for a retried request with the same Idempotency-Key', async () => {
    const loaf = await product({ price: '2.50', stock: 10 });
    const customer = await signedInCustomer(stack.url);
    await customer.post('/api/cart', { productId: loaf.id, quantity: 2 });
    const key = `checkout-${Date.now()}`;
    const [a, b] = await Promise.all([
      customer.call('POST', '/api/orders', {}, { 'idempotency-key': key }),
      customer.call('POST', '/api/orders', {}, { 'idempotency-key': key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    const again = await customer.call('POST', '/api/orders', {}, { 'idempotency-key': key });
    expect(again.body.id).toBe(a.body.id);
    expect((await customer.get('/api/orders')).body).toHaveLength(1);
    expect(await stockOf(loaf.id)).toBe(8);
  });

  it('returns stock once for an admin cancellation, a customer cancellation, and refuses what it must', async () => {
    const loaf = await product({ price: '1.00', stock: 20 });
    const alice = await signedInCustomer(stack.url);
    const bob = await signedInCustomer(stack.url);
    const place = async (c: ApiClient, qty: number) => {
      await c.post('/api/cart', { productId: loaf.id, quantity: qty });
      return (await c.post('/api/orders', {})).body;
    };
    const first = await place(alice, 3);
    const second = await place(alice, 2);
    const third = await place(bob, 4);
    expect(await stockOf(loaf.id)).toBe(11);

    // admin cancels the first: +3, once, even if asked twice
    expect((await admin.put(`/api/orders/${first.id}/status`, { status: 'cancelled' })).body.status).toBe('cancelled');
    expect((await admin.put(`/api/orders/${first.id}/status`, { status: 'cancelled' })).status).toBe(200);
    await eventually(async () => (await stockOf(loaf.id)) === 14);

    // a cancelled order is final
    const reopen = await admin.put(`/api/orders/${first.id}/status`, { status: 'pending' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe('This order is cancelled and can no longer change');

    // bob cannot touch alice's order; alice cancels her own pending one
    expect((await bob.post(`/api/orders/${second.id}/cancel`)).status).toBe(404);
    expect((await bob.get(`/api/orders/${second.id}`)).status).toBe(404);
    const cancelled = await alice.post(`/api/orders/${second.id}/cancel`);
    expect(cancelled.status).toBe(201);
    expect(cancelled.body.status).toBe('cancelled');
    await eventually(async () => (await stockOf(loaf.id)) === 16);

    // a confirmed order can no longer be cancelled by the customer
    await admin.put(`/api/orders/${third.id}/status`, { status: 'confirmed' });
    const late = await bob.post(`/api/orders/${third.id}/cancel`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Only pending orders can be cancelled');

    // a later cancellation's stock comes back through the same events: once it has, the refused
    // cancellation would have given stock back too, had it sent anything
    const barrier = await place(bob, 1);
    expect((await bob.post(`/api/orders/${barrier.id}/cancel`)).status).toBe(201);
    await eventually(async () => (await stockOf(loaf.id)) === 16);
    expect(await stockOf(loaf.id)).toBe(16);
  });

  it('shows customers only their own orders and metrics, admins everything', async () => {
    const loaf = await product({ price: '10.00', stock: 50 });
    const carol = await signedInCustomer(stack.url);
    const dave = await signedInCustomer(stack.url);
    await carol.post('/api/cart', { productId: loaf.id, quantity: 1 });
    const carolOrder = (await carol.post('/api/orders', {})).body;
    await dave.post('/api/cart', { productId: loaf.id, quantity: 2 });
    const daveOrder = (await dave.post('/api/orders', {})).body;

    expect((await carol.get('/api/orders')).body.map((o: any) => o.id)).toEqual([carolOrder.id]);
    const all = (await admin.get('/api/orders')).body.map((o: any) => o.id);
    expect(all).toEqual(expect.arrayContaining([carolOrder.id, daveOrder.id]));
    expect(all.indexOf(daveOrder.id)).toBeLessThan(all.indexOf(carolOrder.id)); // newest first

    const mine = (await carol.get('/api/dashboard/metrics')).body;
    expect(mine).toMatchObject({ totalOrders: 1, revenue: carolOrder.total, activeCustomers: 1, pendingOrders: 1 });
    const business = (await admin.get('/api/dashboard/metrics')).body;
    const [expected] = await stack.query(
      'ordering',
      `SELECT count(*)::int AS "totalOrders", sum(total) FILTER (WHERE status <> 'cancelled')::text AS revenue,
              count(*) FILTER (WHERE status = 'pending')::int AS "pendingOrders", count(DISTINCT customer_id)::int AS "activeCustomers"
         FROM orders`,
    );
    expect(business).toMatchObject(expected);
    expect(business.trends.ordersThisMonth).toBe(expected.totalOrders);
  });

  it('refuses a past date, an unknown slot, long instructions and an empty cart with the spec’s messages', async () => {
    const customer = await signedInCustomer(stack.url);
    const empty = await customer.post('/api/orders', { deliveryDate: null, deliveryTimeSlot: null, specialInstructions: null });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Your cart is empty', errors: { cart: ['Your cart is empty'] } });

    const loaf = await product({ price: '1.00', stock: 5 });
    await customer.post('/api/cart', { productId: loaf.id, quantity: 1 });
    const past = await customer.post('/api/orders', { deliveryDate: yesterday() });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ deliveryDate: ['Delivery date cannot be before today'] });
    const slot = await customer.post('/api/orders', { deliveryTimeSlot: '3:00 PM - 5:00 PM' });
    expect(slot.status).toBe(400);
    expect(slot.body.errors.deliveryTimeSlot[0]).toMatch(/^Delivery time slot must be one of/);
    const long = await customer.post('/api/orders', { specialInstructions: 'x'.repeat(1001) });
    expect(long.body.errors).toEqual({ specialInstructions: ['Special instructions must be at most 1000 characters'] });
    const extra = await customer.post('/api/orders', { total: '0.01' });
    expect(extra.body.errors).toEqual({ total: ['property total should not exist'] });
    expect((await customer.get('/api/orders')).body).toEqual([]);
    expect(await stockOf(loaf.id)).toBe(5);
  });

  it('enforces cart rules: 1 to 500, never above stock, live products only, own lines only', async () => {
    const loaf = await product({ price: '1.00', stock: 3 });
    const customer = await signedInCustomer(stack.url);
    expect((await customer.post('/api/cart', { productId: loaf.id, quantity: 0 })).body.errors).toEqual({ quantity: ['Quantity must be at least 1'] });
    expect((await customer.post('/api/cart', { productId: loaf.id, quantity: 501 })).body.errors).toEqual({ quantity: ['Quantity cannot exceed 500'] });
    expect((await customer.post('/api/cart', { productId: loaf.id, quantity: 1.5 })).body.errors).toEqual({ quantity: ['Quantity must be a whole number'] });
    const over = await customer.post('/api/cart', { productId: loaf.id, quantity: 4 });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('Only 3 left in stock');
    const line = (await customer.post('/api/cart', { productId: loaf.id, quantity: 2 })).body;
    expect((await customer.post('/api/cart', { productId: loaf.id, quantity: 2 })).status).toBe(409);
    expect((await customer.put(`/api/cart/${line.id}`, { quantity: 4 })).status).toBe(409);

    const other = await signedInCustomer(stack.url);
    expect((await other.put(`/api/cart/${line.id}`, { quantity: 1 })).status).toBe(404);
    expect((await other.delete(`/api/cart/${line.id}`)).status).toBe(404);

    expect((await customer.post('/api/cart', { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 })).status).toBe(404);
    await admin.patch(`/api/products/${loaf.id}/toggle-active`);
    expect((await other.post('/api/cart', { productId: loaf.id, quantity: 1 })).status).toBe(404);
    expect((await admin.get('/api/cart')).status).toBe(403);
  });

  it('prices and checks the very next cart call against an admin’s change, though ordering remembers products (issue 22)', async () => {
    const loaf = await product({ price: '1.00', stock: 50 });
    const customer = await signedInCustomer(stack.url);
    const line = (await customer.post('/api/cart', { productId: loaf.id, quantity: 1 })).body;
    // each round: the admin's answer, then at once the customer's call, which must see it
    for (let round = 1; round <= 8; round++) {
      const price = `${round + 1}.00`;
      await admin.patch(`/api/products/${loaf.id}`, { price, stock: 10 + round });
      const changed = await customer.put(`/api/cart/${line.id}`, { quantity: 10 + round });
      expect([changed.status, changed.body.product.price, changed.body.product.stock]).toEqual([200, price, 10 + round]);
      await admin.patch(`/api/products/${loaf.id}`, { stock: round });
      const over = await customer.put(`/api/cart/${line.id}`, { quantity: round + 1 });
      expect([over.status, over.body.message]).toEqual([409, `Only ${round} left in stock`]);
      await admin.patch(`/api/products/${loaf.id}/toggle-active`);
      expect((await customer.post('/api/cart', { productId: loaf.id, quantity: 1 })).status).toBe(404);
      await admin.patch(`/api/products/${loaf.id}/toggle-active`);
      expect((await customer.put(`/api/cart/${line.id}`, { quantity: 1 })).status).toBe(200);
    }
  });

  it('drops a deleted product from open carts; placed orders keep it', async () => {
    const loaf = await product({ name: 'Doomed Loaf', price: '2.00', stock: 10 });
    const buyer = await signedInCustomer(stack.url);
    await buyer.post('/api/cart', { productId: loaf.id, quantity: 1 });
    const order = (await buyer.post('/api/orders', {})).body;
    const browser = await signedInCustomer(stack.url);
    await browser.post('/api/cart', { productId: loaf.id, quantity: 1 });

    expect((await admin.delete(`/api/products/${loaf.id}`)).status).toBe(200);
    await eventually(async () => (await browser.get('/api/cart/count')).body.count === 0);
    expect((await buyer.get(`/api/orders/${order.id}`)).body.orderItems[0].product.name).toBe('Doomed Loaf');
  });

  it('serves and changes pricing (admins only), and new orders use it', async () => {
    const customer = await signedInCustomer(stack.url);
    // no minimum order or free-delivery threshold unless set (issue 19); a customer also gets the terms that apply to them
    expect((await customer.get('/api/config/pricing')).body).toEqual({
      deliveryFee: '12.50',
      taxRate: '0.085',
      minimumOrder: null,
      freeDeliveryThreshold: null,
      own: { minimumOrder: null, deliveryFee: '12.50', freeDeliveryThreshold: null },
    });
    expect((await customer.put('/api/config/pricing', { deliveryFee: '0', taxRate: '0' })).status).toBe(403);
    const bad = await admin.put('/api/config/pricing', { deliveryFee: '-1', taxRate: '1.5' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['deliveryFee', 'taxRate']);

    expect((await admin.put('/api/config/pricing', { deliveryFee: '5', taxRate: '0.1' })).body).toEqual({
      deliveryFee: '5.00',
      taxRate: '0.1',
      minimumOrder: null,
      freeDeliveryThreshold: null,
    });
    const loaf = await product({ price: '4.05', stock: 5 });
    await customer.post('/api/cart', { productId: loaf.id, quantity: 1 });
    const order = (await customer.post('/api/orders', {})).body;
    expect(order).toMatchObject({ subtotal: '4.05', deliveryFee: '5.00', tax: '0.41', total: '9.46' });
    await admin.put('/api/config/pricing', { deliveryFee: '12.50', taxRate: '0.085' });
  });
});
