import { durableConsumerName, EventEnvelope, eventStreamName, eventSubject } from '@bakery/contracts';
import { connectNats, createLogger, ensureDatabase, runMigrationsLocked, withDatabase } from '@bakery/platform';
import { dropNamespace, eventually, uniqueNamespace } from '@bakery/testing';
import { IsString } from 'class-validator';
import { NatsConnection } from 'nats';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { EventBus, eventBusMigrations, EventPublisher } from '../src';

/** A producer service with a `widgets` table and a consumer service counting what it handled. */
class CreateTestTables1763700000001 implements MigrationInterface {
  name = 'CreateTestTables1763700000001';
  async up(q: QueryRunner) {
    await q.query('CREATE TABLE widgets (id serial PRIMARY KEY, name text NOT NULL)');
    // no unique key on purpose: a second effect of one event would show as a second row
    await q.query('CREATE TABLE handled (event_id uuid NOT NULL, handled_by text NOT NULL)');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE handled');
    await q.query('DROP TABLE widgets');
  }
}

const WIDGET_CREATED = 'widget.created';

/** The payload of widget.created as a contracts class would declare it. */
class WidgetCreated {
  @IsString()
  name!: string;
}
const logger = createLogger('event-bus-test', 'silent');

describe('EventBus: outbox, relay and durable consumers', () => {
  const namespace = uniqueNamespace();
  const databaseUrl = process.env.DATABASE_URL!;
  const natsUrl = process.env.NATS_URL!;
  let nc: NatsConnection;
  let producerDb: DataSource;
  let consumerDb: DataSource;
  const buses: EventBus[] = [];

  async function openDatabase(service: string): Promise<DataSource> {
    const name = `${namespace}_${service}`;
    await ensureDatabase(databaseUrl, name);
    const ds = await new DataSource({
      type: 'postgres',
      url: withDatabase(databaseUrl, name),
      migrations: [...eventBusMigrations, CreateTestTables1763700000001],
    }).initialize();
    await runMigrationsLocked(ds);
    return ds;
  }

  function producer(publisher?: EventPublisher): EventBus {
    const bus = new EventBus({ service: 'producer', namespace, dataSource: producerDb, nc, logger, publisher, relayIntervalMs: 100 });
    buses.push(bus);
    return bus;
  }

  function consumer(instance: string): EventBus {
    const bus = new EventBus({ service: 'consumer', namespace, dataSource: consumerDb, nc, logger, relayIntervalMs: 100 });
    bus.on<{ name: string }>(WIDGET_CREATED, async (event, { manager }) => {
      await manager.query('INSERT INTO handled (event_id, handled_by) VALUES ($1, $2)', [event.id, instance]);
    });
    buses.push(bus);
    return bus;
  }

  async function createWidgets(bus: EventBus, count: number): Promise<EventEnvelope[]> {
    const events: EventEnvelope[] = [];
    for (let i = 0; i < count; i++) {
      events.push(
        await bus.inTransaction(async (tx) => {
          await tx.manager.query('INSERT INTO widgets (name) VALUES ($1)', [`w${i}`]);
          return tx.publish(WIDGET_CREATED, { name: `w${i}` });
        }),
      );
    }
    return events;
  }

  async function handledRows(): Promise<{ event_id: string; handled_by: string }[]> {
    return consumerDb.query('SELECT event_id, handled_by FROM handled');
  }

  /**
   * The consumer service has acknowledged everything on the stream: nothing is in flight or due
   * for redelivery, so no further handling can happen (what a fixed wait would only hope for).
   */
  async function allAcknowledged(): Promise<void> {
    const jsm = await nc.jetstreamManager();
    await eventually(async () => {
      const stream = await jsm.streams.info(eventStreamName(namespace));
      const info = await jsm.consumers.info(eventStreamName(namespace), durableConsumerName('consumer', WIDGET_CREATED));
      return info.num_ack_pending === 0 && info.num_pending === 0 && info.ack_floor.stream_seq >= stream.state.last_seq;
    }, 15_000);
  }

  async function streamMessages(): Promise<number> {
    const jsm = await nc.jetstreamManager();
    return (await jsm.streams.info(eventStreamName(namespace))).state.messages;
  }

  beforeAll(async () => {
    nc = await connectNats(natsUrl, 'event-bus-test');
    [producerDb, consumerDb] = await Promise.all([openDatabase('producer'), openDatabase('consumer')]);
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.stop()));
    await consumerDb.query('TRUNCATE handled, event_inbox');
    const jsm = await nc.jetstreamManager();
    await jsm.streams.purge(eventStreamName(namespace)).catch(() => undefined);
  });

  afterAll(async () => {
    await Promise.all([producerDb?.destroy(), consumerDb?.destroy()]);
    await nc?.close();
    await dropNamespace(databaseUrl, natsUrl, namespace);
  });

  it('handles every event exactly once when the consumer starts after the events were published', async () => {
    const bus = producer();
    await bus.start();
    const events = await createWidgets(bus, 20);
    await eventually(async () => (await producerDb.query('SELECT count(*)::int AS n FROM event_outbox WHERE published_at IS NULL'))[0].n === 0);

    // The consumer was down while all of this happened.
    expect(await handledRows()).toHaveLength(0);
    await consumer('a').start();

    await eventually(async () => (await handledRows()).length === 20);
    await allAcknowledged();
    const rows = await handledRows();
    expect(rows.map((r) => r.event_id).sort()).toEqual(events.map((e) => e.id).sort());
  });

  it('gives a redelivered event no second effect', async () => {
    const bus = producer();
    await bus.start();
    const [event] = await createWidgets(bus, 1);
    await consumer('a').start();
    await eventually(async () => (await handledRows()).length === 1);

    // The same event arrives again, as after a lost ack or a re-publish outside the dedup window.
    const js = nc.jetstream();
    await js.publish(eventSubject(namespace, WIDGET_CREATED), new TextEncoder().encode(JSON.stringify(event)), {
      msgID: `${event.id}-again`,
    });
    await eventually(async () => {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.consumers.info(eventStreamName(namespace), 'consumer__widget_created');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    expect(await handledRows()).toHaveLength(1);
    const inbox = await consumerDb.query('SELECT event_id FROM event_inbox');
    expect(inbox).toEqual([{ event_id: event.id }]);
  });

  it('lets JetStream drop a second publish of the same event id', async () => {
    const bus = producer();
    const [event] = await createWidgets(bus, 1);
    await bus.flush();
    // Simulates the relay crashing after the publish but before marking the row published.
    await producerDb.query('UPDATE event_outbox SET published_at = NULL WHERE id = $1', [event.id]);
    await bus.flush();
    expect(await streamMessages()).toBe(1);
  });

  it('retries a failed publish until it is acknowledged, and the event is still handled once', async () => {
    let failures = 3;
    const js = nc.jetstream();
    const flaky: EventPublisher = async (subject, data, msgID) => {
      if (failures-- > 0) throw new Error('injected publish failure');
      await js.publish(subject, data, { msgID });
    };
    const bus = producer(flaky);
    await consumer('a').start();
    await bus.start();
    const [event] = await createWidgets(bus, 1);

    await eventually(async () => (await handledRows()).length === 1, 15_000);
    const [row] = await producerDb.query('SELECT attempts, published_at, last_error FROM event_outbox WHERE id = $1', [event.id]);
    expect(row.attempts).toBe(3);
    expect(row.published_at).not.toBeNull();
    expect(row.last_error).toBe('injected publish failure');
    expect(await streamMessages()).toBe(1);
  });

  it('publishes nothing for a transaction that rolls back', async () => {
    const bus = producer();
    const before = (await producerDb.query('SELECT count(*)::int AS n FROM widgets'))[0].n;
    await expect(
      bus.inTransaction(async (tx) => {
        await tx.manager.query('INSERT INTO widgets (name) VALUES ($1)', ['doomed']);
        await tx.publish(WIDGET_CREATED, { name: 'doomed' });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');

    expect(await bus.flush()).toBe(0);
    expect((await producerDb.query('SELECT count(*)::int AS n FROM widgets'))[0].n).toBe(before);
    expect(await producerDb.query(`SELECT id FROM event_outbox WHERE envelope->'payload'->>'name' = 'doomed'`)).toEqual([]);
    expect(await streamMessages()).toBe(0);
  });

  it('shares one durable consumer between two instances of a service: each event handled once', async () => {
    const bus = producer();
    await Promise.all([consumer('a').start(), consumer('b').start()]);
    await bus.start();
    const events = await createWidgets(bus, 40);

    await eventually(async () => (await handledRows()).length === 40);
    await allAcknowledged();
    const rows = await handledRows();
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(40);
    expect(rows).toHaveLength(events.length);
  });

  it('handles a backlog in batches (one transaction for many events); an event that fails does not hold back the rest of its batch', async () => {
    const bus = producer();
    await bus.start();
    const published = async (count: number) => {
      const created = await createWidgets(bus, count);
      await eventually(async () => (await producerDb.query('SELECT count(*)::int AS n FROM event_outbox WHERE published_at IS NULL'))[0].n === 0);
      return created;
    };
    const backlog = await published(40);

    let failing: string | undefined;
    let attemptsOfFailing = 0;
    const batched = new EventBus({ service: 'consumer', namespace, dataSource: consumerDb, nc, logger, relayIntervalMs: 100 });
    batched.on<{ name: string }>(WIDGET_CREATED, async (event, { manager }) => {
      // the transaction the event was handled in, to see the batches
      await manager.query('INSERT INTO handled (event_id, handled_by) VALUES ($1, txid_current()::text)', [event.id]);
      if (event.id === failing && attemptsOfFailing++ === 0) throw new Error('first attempt fails');
    });
    buses.push(batched);
    await batched.start();
    await eventually(async () => (await handledRows()).length === 40);
    const first = await handledRows();
    expect(first.map((r) => r.event_id).sort()).toEqual(backlog.map((e) => e.id).sort());
    expect(new Set(first.map((r) => r.handled_by)).size).toBeLessThan(40); // fewer transactions than events

    // a second backlog, with one event whose handler fails once
    await batched.stop();
    const more = await published(20);
    failing = more[7].id;
    await batched.start();
    await eventually(async () => (await handledRows()).length === 60, 15_000);
    await allAcknowledged();
    const rows = await handledRows();
    expect(rows.map((r) => r.event_id).sort()).toEqual([...backlog, ...more].map((e) => e.id).sort());
    // it failed in its batch (rolled back whole), then succeeded handled on its own
    expect(attemptsOfFailing).toBe(2);
    expect((await consumerDb.query('SELECT count(*)::int AS n FROM event_inbox'))[0].n).toBe(60);
    // its failure was recorded, and went once it was handled: no dead letter, nothing left to prune
    expect(await consumerDb.query('SELECT event_id FROM event_dead_letters')).toEqual([]);
  });

  it('terminates an event whose id is not a uuid instead of redelivering it forever, and handles the next one', async () => {
    const bus = producer();
    await bus.start();
    await consumer('a').start();
    const js = nc.jetstream();
    const bad = { id: 'not-a-uuid', type: WIDGET_CREATED, source: 'test', occurredAt: new Date().toISOString(), payload: { name: 'bad' } };
    await js.publish(eventSubject(namespace, WIDGET_CREATED), new TextEncoder().encode(JSON.stringify(bad)), { msgID: 'bad-1' });
    const [good] = await createWidgets(bus, 1);
    await eventually(async () => (await handledRows()).length === 1);
    await eventually(async () => {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.consumers.info(eventStreamName(namespace), 'consumer__widget_created');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    expect((await handledRows()).map((r) => r.event_id)).toEqual([good.id]);
  });

  it('validates payloads with the class a handler names: unknown fields stripped, a malformed one dropped as handled', async () => {
    const bus = producer();
    await bus.start();
    const seen: unknown[] = [];
    const validating = new EventBus({ service: 'consumer', namespace, dataSource: consumerDb, nc, logger, relayIntervalMs: 100 });
    buses.push(validating);
    validating.on(
      WIDGET_CREATED,
      async (event, { manager }) => {
        seen.push(event.payload);
        await manager.query('INSERT INTO handled (event_id, handled_by) VALUES ($1, $2)', [event.id, 'validating']);
      },
      WidgetCreated,
    );
    await validating.start();

    const good = await bus.inTransaction((tx) => tx.publish(WIDGET_CREATED, { name: 'w1', addedLater: true }));
    const bad = await bus.inTransaction((tx) => tx.publish(WIDGET_CREATED, { name: 42 }));
    await eventually(async () => (await consumerDb.query('SELECT event_id FROM event_inbox')).length === 2);
    await allAcknowledged();

    expect((await handledRows()).map((r) => r.event_id)).toEqual([good.id]);
    expect(seen).toEqual([{ name: 'w1' }]);
    expect(seen[0]).toBeInstanceOf(WidgetCreated);
    expect((await consumerDb.query('SELECT event_id FROM event_inbox ORDER BY event_id')).map((r: { event_id: string }) => r.event_id).sort()).toEqual(
      [good.id, bad.id].sort(),
    );
    expect(await consumerDb.query('SELECT * FROM event_dead_letters')).toEqual([]);
  });
});
