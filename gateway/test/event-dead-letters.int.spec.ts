import { randomUUID } from 'node:crypto';
import {
  AdminGatewayHealth,
  AdminServiceHealth,
  durableConsumerName,
  EventEnvelope,
  eventStreamName,
  eventSubject,
  OrderingEvents,
  OrderPlacedEvent,
} from '@bakery/contracts';
import { describeRedrive, parseRedriveArgs, RedriveArgs, runRedrive } from '@bakery/event-bus';
import { connectNats } from '@bakery/platform';
import { ApiClient, eventually, signedInAdmin, TestStack } from '@bakery/testing';
import type { NatsConnection } from 'nats';

/**
 * A real service's consumer that keeps failing: after EVENT_MAX_DELIVERIES the event is a dead
 * letter, acknowledged, visible to admins in the health view, and `npm run events:redrive`
 * handles it once the cause is fixed: exactly once.
 */
describe('dead letters of a service, end to end', () => {
  const MAX_DELIVERIES = 3;
  const CONSUMER = durableConsumerName('notifications', OrderingEvents.orderPlaced);
  let stack: TestStack;
  let nc: NatsConnection;
  let admin: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'notifications'], env: { EVENT_MAX_DELIVERIES: String(MAX_DELIVERIES) } });
    nc = await connectNats(process.env.NATS_URL!, 'dead-letters-test');
    admin = await signedInAdmin(stack.url);
  });
  afterAll(async () => {
    await nc?.close();
    await stack?.close();
  });

  /** Publishes order.placed as ordering's relay would. */
  async function orderPlaced(orderId: string, event?: EventEnvelope<OrderPlacedEvent>): Promise<EventEnvelope<OrderPlacedEvent>> {
    const envelope: EventEnvelope<OrderPlacedEvent> = event ?? {
      id: randomUUID(),
      type: OrderingEvents.orderPlaced,
      source: 'ordering',
      occurredAt: new Date().toISOString(),
      payload: { orderId, customerId: randomUUID(), lines: [] },
    };
    await nc
      .jetstream()
      .publish(eventSubject(stack.namespace, OrderingEvents.orderPlaced), new TextEncoder().encode(JSON.stringify(envelope)), {
        msgID: randomUUID(),
      });
    return envelope;
  }

  const notificationsOf = async (orderId: string) =>
    (await stack.query('notifications', 'SELECT count(*)::int AS n FROM order_notifications WHERE order_id = $1', [orderId]))[0].n;

  async function drained(): Promise<boolean> {
    const info = await (await nc.jetstreamManager()).consumers.info(eventStreamName(stack.namespace), CONSUMER);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  }

  function redriveArgs(argv: string[]): RedriveArgs {
    const args = parseRedriveArgs(argv);
    if (args instanceof Error) throw args;
    return args;
  }

  it('dead-letters the event after EVENT_MAX_DELIVERIES failures, shows it to admins, and re-drives it once fixed', async () => {
    // the cause: notifications cannot store a notification for this one order
    const poisonOrder = randomUUID();
    await stack.query('notifications', `ALTER TABLE order_notifications ADD CONSTRAINT test_no_shelf CHECK (order_id <> '${poisonOrder}')`);
    const poison = await orderPlaced(poisonOrder);

    const [letter] = await eventually(async () => {
      const rows = await stack.query('notifications', 'SELECT * FROM event_dead_letters WHERE event_id = $1 AND dead_at IS NOT NULL', [poison.id]);
      return rows.length === 1 && rows;
    });
    expect(letter).toMatchObject({ consumer: CONSUMER, event_type: 'order.placed', attempts: MAX_DELIVERIES });
    expect(letter.last_error).toContain('test_no_shelf');
    // acknowledged: nothing more is delivered, and the next order is counted as usual
    const next = await orderPlaced(randomUUID());
    await eventually(async () => (await notificationsOf(next.payload.orderId)) === 1);
    await eventually(drained);

    // admins see the count per service and the letters, a page at a time
    const all = await admin.get<AdminGatewayHealth>('/api/health');
    expect(all.body.deadLetters).toMatchObject({ notifications: 1, auth: 0, catalog: null });
    const one = await admin.get<AdminServiceHealth>('/api/health/notifications?offset=0&limit=5');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ service: 'notifications', status: 'up', deadLetters: 1 });
    expect(one.body.deadLetterPage).toMatchObject({ service: 'notifications', total: 1, offset: 0, limit: 5, nextOffset: null });
    expect(one.body.deadLetterPage.items).toEqual([
      expect.objectContaining({
        eventId: poison.id,
        type: 'order.placed',
        subject: eventSubject(stack.namespace, 'order.placed'),
        consumer: CONSUMER,
        source: 'ordering',
        payload: poison.payload,
        attempts: MAX_DELIVERIES,
        lastError: expect.stringContaining('test_no_shelf'),
      }),
    ]);
    expect((await admin.get('/api/health/notifications?offset=1&limit=5')).body.deadLetterPage.items).toEqual([]);
    expect((await admin.get('/api/health/notifications?limit=0')).status).toBe(400);
    expect((await admin.get('/api/health/notifications?offset=-1')).status).toBe(400);
    // nobody else does
    const anonymous = new ApiClient(stack.url);
    expect(Object.keys((await anonymous.get('/api/health')).body).sort()).toEqual(['services', 'status']);
    expect((await anonymous.get('/api/health/notifications?limit=5')).body).toEqual({ service: 'notifications', status: 'up' });

    // the command, before the fix: it fails again and stays
    const byId = redriveArgs(['--service', 'notifications', '--id', poison.id]);
    const early = await runRedrive(byId, stack.env);
    expect(early.failed).toEqual([{ eventId: poison.id, consumer: CONSUMER, error: expect.stringContaining('test_no_shelf') }]);
    expect(describeRedrive(byId, early).ok).toBe(false);
    expect(await notificationsOf(poisonOrder)).toBe(0);

    // fixed: handled once
    await stack.query('notifications', 'ALTER TABLE order_notifications DROP CONSTRAINT test_no_shelf');
    const fixed = await runRedrive(byId, stack.env);
    expect(fixed).toEqual({ service: 'notifications', redriven: [poison.id], alreadyHandled: [], failed: [] });
    expect(describeRedrive(byId, fixed)).toEqual({ ok: true, text: expect.stringContaining(`handled        ${poison.id}`) });
    expect(await notificationsOf(poisonOrder)).toBe(1);
    expect((await admin.get<AdminGatewayHealth>('/api/health')).body.deadLetters.notifications).toBe(0);

    // and only once: re-driven again, or delivered again
    const again = await runRedrive(redriveArgs(['--service', 'notifications', '--all']), stack.env);
    expect(again).toEqual({ service: 'notifications', redriven: [], alreadyHandled: [], failed: [] });
    await orderPlaced(poisonOrder, poison);
    await eventually(drained);
    expect(await stack.query('notifications', 'SELECT count(*)::int AS n FROM event_inbox WHERE event_id = $1', [poison.id])).toEqual([{ n: 1 }]);
    expect(await notificationsOf(poisonOrder)).toBe(1);
  });
});
