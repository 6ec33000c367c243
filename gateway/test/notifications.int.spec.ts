import { randomUUID } from 'node:crypto';
import { durableConsumerName, eventStreamName, eventSubject, EventEnvelope, OrderPlacedEvent } from '@bakery/contracts';
import { ApiClient, eventually, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { connect, NatsConnection } from 'nats';
import { io, Socket } from 'socket.io-client';

interface Push {
  event: string;
  payload: any;
  at: number;
}

/** A socket.io client with the given session cookie that records every push it gets. */
async function openSocket(url: string, cookie: string | undefined): Promise<{ socket: Socket; pushes: Push[] }> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
    forceNew: true,
  });
  const pushes: Push[] = [];
  socket.onAny((event: string, payload: unknown) => pushes.push({ event, payload, at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, pushes };
}

function nextPush(pushes: Push[], event: string, match: (payload: any) => boolean, after = 0, timeoutMs = 5000): Promise<Push> {
  return eventually(async () => pushes.find((p) => p.event === event && p.at >= after && match(p.payload)), timeoutMs, 5);
}

describe('notifications: the admins’ unread order count, its pushes, durability', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let productId: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await TestStack.start();
    admin = await signedInAdmin(stack.url);
    const product = await admin.post('/api/products', { name: 'Notified Loaf', price: '2.00', category: 'breads', stock: 10_000 });
    productId = product.body.id;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await stack?.close();
  });

  async function adminSocket(url = stack.url) {
    const opened = await openSocket(url, admin.cookie);
    sockets.push(opened.socket);
    return opened;
  }

  async function placeOrder(customer: ApiClient): Promise<{ id: string; startedAt: number }> {
    expect((await customer.post('/api/cart', { productId, quantity: 1 })).status).toBe(201);
    const startedAt = Date.now();
    const res = await customer.post('/api/orders', {});
    expect(res.status).toBe(201);
    return { id: res.body.id, startedAt };
  }

  async function count(): Promise<number> {
    const res = await admin.get('/api/admin/notifications/count');
    expect(res.status).toBe(200);
    return res.body.count;
  }

  it('pushes count n+1 to an admin socket after an order; mark-read answers and pushes { count: 0 }', async () => {
    const customer = await signedInCustomer(stack.url);
    await placeOrder(customer);
    await eventually(async () => (await count()) === 1);
    const n = 1;

    const { pushes } = await adminSocket();
    await nextPush(pushes, 'admin:notifications', (p) => p.count === n);

    const order = await placeOrder(customer);
    const push = await nextPush(pushes, 'admin:notifications', (p) => p.count === n + 1, order.startedAt);
    expect(push.payload).toEqual({ count: n + 1 });
    expect(await count()).toBe(n + 1);

    const beforeMarkRead = Date.now();
    const marked = await admin.post('/api/admin/notifications/mark-read');
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ count: 0 });
    await nextPush(pushes, 'admin:notifications', (p) => p.count === 0, beforeMarkRead);
    expect(await count()).toBe(0);

    // nothing unread: marking again changes nothing and pushes nothing
    const again = Date.now();
    expect((await admin.post('/api/admin/notifications/mark-read')).body).toEqual({ count: 0 });
    // the next order's count comes down the same path after anything the second marking sent
    await placeOrder(customer);
    await nextPush(pushes, 'admin:notifications', (p) => p.count === 1, again);
    expect(pushes.filter((p) => p.event === 'admin:notifications' && p.at >= again).map((p) => p.payload)).toEqual([{ count: 1 }]);
  });

  it('sends an admin socket the current count at once on connect', async () => {
    const customer = await signedInCustomer(stack.url);
    await admin.post('/api/admin/notifications/mark-read');
    await placeOrder(customer);
    await placeOrder(customer);
    await eventually(async () => (await count()) === 2);

    const { pushes } = await adminSocket();
    const first = await nextPush(pushes, 'admin:notifications', () => true, 0, 1000);
    expect(first.payload).toEqual({ count: 2 });
  });

  it('counts an order placed while the service is stopped once it is back, and a redelivery adds nothing', async () => {
    const customer = await signedInCustomer(stack.url);
    await admin.post('/api/admin/notifications/mark-read');
    await eventually(async () => (await count()) === 0);
    const { pushes } = await adminSocket();

    await stack.stopService('notifications');
    expect((await admin.get('/api/admin/notifications/count')).status).toBe(503);
    const order = await placeOrder(customer);
    expect(pushes.filter((p) => p.at >= order.startedAt)).toEqual([]);

    await stack.startService('notifications');
    await nextPush(pushes, 'admin:notifications', (p) => p.count === 1, order.startedAt, 10_000);
    await nextPush(pushes, 'order:updated', (p) => p.orderId === order.id && p.status === 'pending', order.startedAt);
    expect(await count()).toBe(1);

    // The same envelope again under another message id (JetStream's duplicate window does not
    // catch it; the inbox does), and the same order under another event id (the unique order id does).
    const [{ envelope }] = await stack.query('ordering', `SELECT envelope FROM event_outbox WHERE type = 'order.placed' AND envelope->'payload'->>'orderId' = $1`, [
      order.id,
    ]);
    const original = envelope as EventEnvelope<OrderPlacedEvent>;
    const sameOrderNewEvent: EventEnvelope<OrderPlacedEvent> = { ...original, id: randomUUID() };
    const republishedAt = Date.now();
    const nc: NatsConnection = await connect({ servers: process.env.NATS_URL! });
    try {
      const js = nc.jetstream();
      const subject = eventSubject(stack.namespace, 'order.placed');
      const acks = [
        await js.publish(subject, JSON.stringify(original), { msgID: randomUUID() }),
        await js.publish(subject, JSON.stringify(sameOrderNewEvent), { msgID: randomUUID() }),
      ];
      expect(acks.map((a) => a.duplicate)).toEqual([false, false]);
      const lastSeq = Math.max(...acks.map((a) => a.seq));
      const jsm = await nc.jetstreamManager();
      // both handled (acknowledged) by the notifications consumer
      await eventually(async () => {
        const info = await jsm.consumers.info(eventStreamName(stack.namespace), durableConsumerName('notifications', 'order.placed'));
        return info.ack_floor.stream_seq >= lastSeq;
      });
    } finally {
      await nc.close();
    }
    const inbox = await stack.query('notifications', `SELECT event_id FROM event_inbox WHERE event_id = ANY($1::uuid[])`, [
      [original.id, sameOrderNewEvent.id],
    ]);
    expect(inbox.map((r) => r.event_id).sort()).toEqual([original.id, sameOrderNewEvent.id].sort());
    expect(await stack.query('notifications', `SELECT id FROM order_notifications WHERE order_id = $1`, [order.id])).toHaveLength(1);
    expect(await count()).toBe(1);
    // the next order's pushes come down the same path after anything the redeliveries sent
    const next = await placeOrder(customer);
    await nextPush(pushes, 'order:updated', (p) => p.orderId === next.id, republishedAt);
    await nextPush(pushes, 'admin:notifications', (p) => p.count === 2, republishedAt);
    expect(pushes.filter((p) => p.at >= republishedAt && !(p.event === 'order:updated' && p.payload.orderId === next.id)).map((p) => p.payload)).toEqual([
      { count: 2 },
    ]);
  });

  it('keeps the notification routes for admins: customers get 403, anonymous callers 401', async () => {
    const customer = await signedInCustomer(stack.url);
    const anonymous = new ApiClient(stack.url);
    for (const [method, path] of [
      ['GET', '/api/admin/notifications/count'],
      ['POST', '/api/admin/notifications/mark-read'],
    ]) {
      expect((await customer.call(method, path, method === 'GET' ? undefined : {})).status).toBe(403);
      expect((await anonymous.call(method, path, method === 'GET' ? undefined : {})).status).toBe(401);
    }
  });
});
