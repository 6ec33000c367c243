import { EventEnvelope } from '@bakery/contracts';
import { connectNats, createLogger, ensureDatabase, Metrics, parseExposition, runMigrationsLocked, sampleValue, withDatabase } from '@bakery/platform';
import { dropNamespace, eventually, uniqueNamespace } from '@bakery/testing';
import { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { EventBus, eventBusMigrations, EventPublisher } from '../src';

const logger = createLogger('event-bus-metrics-test', 'silent');
const TYPE = 'parcel.sent';

/**
 * The event bus's metrics (issue 21): what the relay published and failed to, the outbox backlog
 * and its oldest row, what consumers handled, failed and gave up on, counted once per event even
 * when a batch is handled again one by one.
 */
describe('EventBus metrics', () => {
  const namespace = uniqueNamespace();
  let nc: NatsConnection;
  let producerDb: DataSource;
  let consumerDb: DataSource;
  const buses: EventBus[] = [];

  async function openDatabase(service: string): Promise<DataSource> {
    const name = `${namespace}_${service}`;
    await ensureDatabase(process.env.DATABASE_URL!, name);
    const ds = await new DataSource({ type: 'postgres', url: withDatabase(process.env.DATABASE_URL!, name), migrations: eventBusMigrations }).initialize();
    await runMigrationsLocked(ds);
    return ds;
  }

  const read = async (metrics: Metrics) => parseExposition(await metrics.text());

  beforeAll(async () => {
    nc = await connectNats(process.env.NATS_URL!, 'event-bus-metrics-test');
    [producerDb, consumerDb] = await Promise.all([openDatabase('producer'), openDatabase('consumer')]);
  });

  afterAll(async () => {
    await Promise.all(buses.map((b) => b.stop()));
    await Promise.all([producerDb?.destroy(), consumerDb?.destroy()]);
    await nc?.close();
    await dropNamespace(process.env.DATABASE_URL!, process.env.NATS_URL!, namespace);
  });

  it('counts publishes, failures, handled events, failed deliveries and dead letters, and reads the backlog on scrape', async () => {
    const producerMetrics = new Metrics('producer', true);
    const consumerMetrics = new Metrics('consumer', true);
    let publishFailures = 1;
    const js = nc.jetstream();
    const flaky: EventPublisher = async (subject, data, msgID) => {
      if (publishFailures-- > 0) throw new Error('injected publish failure');
      await js.publish(subject, data, { msgID });
    };
    const producer = new EventBus({ service: 'producer', namespace, dataSource: producerDb, nc, logger, publisher: flaky, relayIntervalMs: 50, metrics: producerMetrics });
    const relayed: string[] = [];
    producer.onRelayed(TYPE, (envelope) => relayed.push(envelope.id));
    buses.push(producer);

    // five events wait in the outbox before the relay runs: the backlog and its age
    const events: EventEnvelope[] = [];
    for (let i = 0; i < 5; i++) events.push(await producer.inTransaction((tx) => tx.publish(TYPE, { n: i })));
    await producerDb.query(`UPDATE event_outbox SET created_at = now() - interval '90 seconds' WHERE id = $1`, [events[0].id]);
    let samples = await read(producerMetrics);
    expect(sampleValue(samples, 'bakery_outbox_pending')).toBe(5);
    expect(sampleValue(samples, 'bakery_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(sampleValue(samples, 'bakery_outbox_oldest_pending_age_seconds')).toBeLessThan(120);

    // the consumer: n = 3 fails every delivery (2 allowed: then a dead letter); n = 1 fails once
    const failures = new Map<number, number>();
    const consumer = new EventBus({
      service: 'consumer',
      namespace,
      dataSource: consumerDb,
      nc,
      logger,
      relayIntervalMs: 50,
      maxDeliveries: 2,
      redeliveryDelayMs: () => 50,
      metrics: consumerMetrics,
    });
    consumer.on<{ n: number }>(TYPE, async (event) => {
      const n = event.payload.n;
      if (n === 3 || (n === 1 && !failures.has(n))) {
        failures.set(n, (failures.get(n) ?? 0) + 1);
        throw new Error(`parcel ${n} is lost`);
      }
    });
    buses.push(consumer);
    await consumer.start();
    await producer.start();

    await eventually(async () => {
      const s = await read(consumerMetrics);
      return sampleValue(s, 'bakery_events_handled_total', { type: TYPE, outcome: 'handled' }) === 4 && sampleValue(s, 'bakery_events_dead_lettered_total') === 1;
    }, 15_000);
    samples = await read(producerMetrics);
    expect(sampleValue(samples, 'bakery_events_published_total', { type: TYPE, service: 'producer' })).toBe(5);
    expect(sampleValue(samples, 'bakery_event_publish_failures_total', { type: TYPE })).toBe(1);
    expect(sampleValue(samples, 'bakery_outbox_pending')).toBe(0);
    expect(sampleValue(samples, 'bakery_outbox_oldest_pending_age_seconds')).toBe(0);
    expect(relayed.sort()).toEqual(events.map((e) => e.id).sort());

    samples = await read(consumerMetrics);
    // four handled once each, though a batch with a failing event is handled again one by one
    expect(sampleValue(samples, 'bakery_events_handled_total', { type: TYPE, outcome: 'handled' })).toBe(4);
    expect(sampleValue(samples, 'bakery_event_handle_duration_seconds_count', { type: TYPE })).toBe(4);
    // deliveries that failed: parcel 1 once, parcel 3 twice (then dead)
    expect(sampleValue(samples, 'bakery_event_handler_failures_total', { type: TYPE })).toBe(3);
    expect(sampleValue(samples, 'bakery_events_dead_lettered_total', { type: TYPE })).toBe(1);
    expect(sampleValue(samples, 'bakery_event_dead_letters')).toBe(1);
    expect(sampleValue(samples, 'bakery_event_consumer_pending', { type: TYPE })).toBe(0);
    expect(samples.some((s) => s.name === 'bakery_event_consumer_ack_pending' && s.labels.type === TYPE)).toBe(true);
  });
});
