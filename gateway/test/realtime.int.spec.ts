import { JwtService } from '@nestjs/jwt';
import { ApiClient, eventually, signedInAdmin, signedInCustomer, TEST_JWT_SECRET, TestStack } from '@bakery/testing';
import { io, Socket } from 'socket.io-client';

interface Push {
  event: string;
  payload: any;
  at: number;
}

function socketFor(url: string, cookie: string | undefined, transports = ['websocket']): Socket {
  return io(url, {
    path: '/socket.io',
    transports,
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
    forceNew: true,
  });
}

/** Connects with the given session cookie and records every push the socket gets. */
async function openSocket(url: string, cookie: string | undefined): Promise<{ socket: Socket; pushes: Push[] }> {
  const socket = socketFor(url, cookie);
  const pushes: Push[] = [];
  socket.onAny((event: string, payload: unknown) => pushes.push({ event, payload, at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, pushes };
}

/** The connect_error message a socket gets, or 'connected'. */
function connectOutcome(url: string, cookie: string | undefined, transports?: string[]): Promise<string> {
  const socket = socketFor(url, cookie, transports);
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  }).finally(() => socket.disconnect());
}

function nextPush(pushes: Push[], event: string, match: (payload: any) => boolean, timeoutMs = 5000): Promise<Push> {
  return eventually(async () => pushes.find((p) => p.event === event && match(p.payload)), timeoutMs, 5);
}

function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

describe('realtime: socket.io pushes on the API port', () => {
  let stack: TestStack;
  let admin: ApiClient;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await TestStack.start();
    admin = await signedInAdmin(stack.url);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await stack?.close();
  });

  async function open(cookie: string | undefined, url = stack.url) {
    const opened = await openSocket(url, cookie);
    sockets.push(opened.socket);
    return opened;
  }

  async function product(stock: number, name = `Loaf ${Math.random().toString(36).slice(2, 8)}`) {
    const res = await admin.post('/api/products', { name, price: '2.00', category: 'breads', stock });
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string; lowStockThreshold: number };
  }

  async function placeOrder(customer: ApiClient, productId: string, quantity = 1): Promise<string> {
    expect((await customer.post('/api/cart', { productId, quantity })).status).toBe(201);
    const res = await customer.post('/api/orders', {});
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it('refuses a socket without a live session with connect_error Unauthorized', async () => {
    const customer = await signedInCustomer(stack.url);
    const claims = { sub: '7d9f0c3e-2b1a-4c5d-8e6f-0123456789ab', role: 'admin', sid: 'no-such-session' };
    const forged = await new JwtService({ secret: 'another-secret-0123456789abcdefghij' }).signAsync(claims);
    const unknownSession = await new JwtService({ secret: TEST_JWT_SECRET }).signAsync(claims, { expiresIn: 60 });
    const expired = await new JwtService({ secret: TEST_JWT_SECRET }).signAsync(
      { ...claims, exp: Math.floor(Date.now() / 1000) - 10 },
    );

    expect(await connectOutcome(stack.url, undefined)).toBe('Unauthorized');
    expect(await connectOutcome(stack.url, 'bakery_session=not-a-token')).toBe('Unauthorized');
    expect(await connectOutcome(stack.url, `bakery_session=${forged}`)).toBe('Unauthorized');
    expect(await connectOutcome(stack.url, `bakery_session=${expired}`)).toBe('Unauthorized');
    expect(await connectOutcome(stack.url, `bakery_session=${unknownSession}`)).toBe('Unauthorized');
    expect(await connectOutcome(stack.url, customer.cookie)).toBe('connected');
    // browsers start with long polling: the same check applies to it
    expect(await connectOutcome(stack.url, undefined, ['polling'])).toBe('Unauthorized');
    expect(await connectOutcome(stack.url, customer.cookie, ['polling'])).toBe('connected');
  });

  it('disconnects the sockets of a session that logs out, and refuses that cookie afterwards', async () => {
    const customer = await signedInCustomer(stack.url);
    const cookie = customer.cookie!;
    const first = await open(cookie);
    const second = await open(cookie);
    const other = await open((await signedInCustomer(stack.url)).cookie);
    const reasons = Promise.all([disconnected(first.socket), disconnected(second.socket)]);

    expect((await customer.post('/api/auth/logout')).status).toBe(200);
    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(other.socket.connected).toBe(true);
    expect(await connectOutcome(stack.url, cookie)).toBe('Unauthorized');
  });

  it('pushes exactly one inventory:alert to admins when an order takes a product to its threshold', async () => {
    const loaf = await product(12, 'Threshold Rye');
    expect(loaf.lowStockThreshold).toBe(10);
    const customer = await signedInCustomer(stack.url);
    const adminSocket = await open(admin.cookie);
    const customerSocket = await open(customer.cookie);

    await placeOrder(customer, loaf.id, 2);
    const alert = await nextPush(adminSocket.pushes, 'inventory:alert', (p) => p.productId === loaf.id);
    expect(alert.payload).toEqual({ productId: loaf.id, name: 'Threshold Rye', stock: 10, lowStockThreshold: 10, alertType: 'low_stock' });

    // one more order, still above 0: the open alert stands, nothing new is pushed; the order that
    // empties the shelf raises the next alert, which comes down the same path after any other
    await placeOrder(customer, loaf.id, 1);
    await placeOrder(customer, loaf.id, 9);
    await nextPush(adminSocket.pushes, 'inventory:alert', (p) => p.productId === loaf.id && p.alertType === 'out_of_stock');
    expect(adminSocket.pushes.filter((p) => p.event === 'inventory:alert' && p.payload.productId === loaf.id).map((p) => p.payload)).toEqual([
      { productId: loaf.id, name: 'Threshold Rye', stock: 10, lowStockThreshold: 10, alertType: 'low_stock' },
      { productId: loaf.id, name: 'Threshold Rye', stock: 0, lowStockThreshold: 10, alertType: 'out_of_stock' },
    ]);
    expect(customerSocket.pushes.filter((p) => p.event !== 'order:updated')).toEqual([]);
  });

  it('pushes order:updated to the order’s customer and to admins, never to another customer', async () => {
    const loaf = await product(1000);
    const alice = await signedInCustomer(stack.url, { businessName: 'Alice Cafe' });
    const bob = await signedInCustomer(stack.url, { businessName: 'Bob Bakes' });
    const adminSocket = await open(admin.cookie);
    const aliceSocket = await open(alice.cookie);
    const bobSocket = await open(bob.cookie);

    const aliceOrder = await placeOrder(alice, loaf.id);
    await nextPush(aliceSocket.pushes, 'order:updated', (p) => p.orderId === aliceOrder && p.status === 'pending');
    await nextPush(adminSocket.pushes, 'order:updated', (p) => p.orderId === aliceOrder && p.status === 'pending');

    expect((await admin.put(`/api/orders/${aliceOrder}/status`, { status: 'confirmed' })).status).toBe(200);
    const confirmed = await nextPush(aliceSocket.pushes, 'order:updated', (p) => p.status === 'confirmed');
    expect(confirmed.payload).toEqual({ orderId: aliceOrder, status: 'confirmed' });
    await nextPush(adminSocket.pushes, 'order:updated', (p) => p.orderId === aliceOrder && p.status === 'confirmed');

    const bobOrder = await placeOrder(bob, loaf.id);
    expect((await admin.put(`/api/orders/${bobOrder}/status`, { status: 'in_transit' })).status).toBe(200);
    await nextPush(bobSocket.pushes, 'order:updated', (p) => p.orderId === bobOrder && p.status === 'in_transit');
    await nextPush(adminSocket.pushes, 'order:updated', (p) => p.orderId === bobOrder && p.status === 'in_transit');

    // one last order each, whose pushes come down the same path after anything sent before them
    const aliceLast = await placeOrder(alice, loaf.id);
    const bobLast = await placeOrder(bob, loaf.id);
    await nextPush(aliceSocket.pushes, 'order:updated', (p) => p.orderId === aliceLast);
    await nextPush(bobSocket.pushes, 'order:updated', (p) => p.orderId === bobLast);

    // each customer heard only about their own orders, and no admin event at all
    expect(aliceSocket.pushes.map((p) => [p.event, p.payload])).toEqual([
      ['order:updated', { orderId: aliceOrder, status: 'pending' }],
      ['order:updated', { orderId: aliceOrder, status: 'confirmed' }],
      ['order:updated', { orderId: aliceLast, status: 'pending' }],
    ]);
    expect(bobSocket.pushes.map((p) => [p.event, p.payload])).toEqual([
      ['order:updated', { orderId: bobOrder, status: 'pending' }],
      ['order:updated', { orderId: bobOrder, status: 'in_transit' }],
      ['order:updated', { orderId: bobLast, status: 'pending' }],
    ]);
  });

  describe('with two gateways', () => {
    let second: string;

    beforeAll(async () => {
      second = (await stack.startGateway()).url;
    });

    it('pushes to admins connected to either gateway', async () => {
      const loaf = await product(1000);
      const customer = await signedInCustomer(stack.url);
      const onFirst = await open(admin.cookie, stack.url);
      const onSecond = await open(admin.cookie, second);
      await nextPush(onFirst.pushes, 'admin:notifications', () => true);
      await nextPush(onSecond.pushes, 'admin:notifications', () => true);
      const before = (await admin.get('/api/admin/notifications/count')).body.count;

      const orderId = await placeOrder(customer, loaf.id);
      for (const { pushes } of [onFirst, onSecond]) {
        await nextPush(pushes, 'admin:notifications', (p) => p.count === before + 1);
        await nextPush(pushes, 'order:updated', (p) => p.orderId === orderId && p.status === 'pending');
      }

      expect((await admin.on(second).post('/api/admin/notifications/mark-read')).status).toBe(200);
      for (const { pushes } of [onFirst, onSecond]) await nextPush(pushes, 'admin:notifications', (p) => p.count === 0);
    });

    it('disconnects a session’s sockets on the other gateway when it logs out', async () => {
      const customer = await signedInCustomer(stack.url);
      const elsewhere = await open(customer.cookie, second);
      const reason = disconnected(elsewhere.socket);
      expect((await customer.post('/api/auth/logout')).status).toBe(200);
      expect(await reason).toBe('io server disconnect');
    });
  });

  // docs/operations.md, "Rotate JWT_SECRET": the new secret signs, the old one is still accepted
  describe('while JWT_SECRET is rotated', () => {
    const NEW_SECRET = 'rotated-jwt-secret-0123456789abcdefghij';
    let rotating: string;
    let rotated: string;

    beforeAll(async () => {
      rotating = (await stack.startGateway({ JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: TEST_JWT_SECRET })).url;
      rotated = (await stack.startGateway({ JWT_SECRET: NEW_SECRET })).url;
    });

    it('keeps a cookie signed before the rotation valid on the API and the socket, until the old secret is removed', async () => {
      const before = await signedInCustomer(stack.url);
      const me = (await before.get('/api/auth/user')).body.id;
      const onRotating = await before.on(rotating).get('/api/auth/user');
      expect({ status: onRotating.status, id: onRotating.body.id }).toEqual({ status: 200, id: me });
      expect(await connectOutcome(rotating, before.cookie)).toBe('connected');

      expect((await before.on(rotated).get('/api/auth/user')).status).toBe(401);
      expect(await connectOutcome(rotated, before.cookie)).toBe('Unauthorized');
    });

    it('signs new sessions with the new secret, which the gateways without it refuse', async () => {
      const after = await signedInCustomer(rotating);
      expect((await after.get('/api/auth/user')).status).toBe(200);
      expect((await after.on(rotated).get('/api/auth/user')).status).toBe(200);
      expect(await connectOutcome(rotated, after.cookie)).toBe('connected');
      expect((await after.on(stack.url).get('/api/auth/user')).status).toBe(401);
    });

    it('logs a pre-rotation cookie out on the rotating gateway: its session ends everywhere', async () => {
      const before = await signedInCustomer(stack.url);
      const logout = await before.on(rotating).post('/api/auth/logout');
      expect(logout.status).toBe(200);
      expect((await before.get('/api/auth/user')).status).toBe(401);
    });
  });
});
