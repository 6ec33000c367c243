import { randomUUID } from 'node:crypto';
import { durableConsumerName, EventEnvelope, eventStreamName, eventSubject } from '@bakery/contracts';
import { connectNats, createLogger, ensureDatabase, runMigrationsLocked, withDatabase } from '@bakery/platform';
import { dropNamespace, eventually, uniqueNamespace } from '@bakery/testing';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { EventBus, EventBusOptions, eventBusMigrations } from '../src';

/**
 * The self-cleaning event bus: one transaction context for requests and handlers (outbox and
 * after-commit work), pruning of the outbox and inbox past the retention, dead letters after
 * `maxDeliveries` failed deliveries, and their re-drive, handled exactly once.
 */
class CreateTestTables1763700000001 implements MigrationInterface {
  name = 'CreateTestTables1763700000001';
  async up(q: QueryRunner) {
    await q.query('CREATE TABLE marks (id int PRIMARY KEY)');
    // no unique key on purpose: a second effect of one event would show as a second row
    await q.query('CREATE TABLE handled (event_id uuid NOT NULL)');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE handled');
    await q.query('DROP TABLE marks');
  }
}

const PARCEL_SENT = 'parcel.sent';
const PARCEL_COUNTED = 'parcel.counted';
const CONSUMER = durableConsumerName('consumer', PARCEL_SENT);
const logger = createLogger('event-bus-test', (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent');
const DAY_MS = 24 * 3600 * 1000;

describe('EventBus: transaction context, retention and dead letters', () => {
  const namespace = uniqueNamespace();
  const databaseUrl = process.env.DATABASE_URL!;
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

  function bus(service: 'producer' | 'consumer', options: Partial<EventBusOptions> = {}): EventBus {
    const dataSource = service === 'producer' ? producerDb : consumerDb;
    // pruning by itself only where a test asks for it
    const b = new EventBus({ service, namespace, dataSource, nc, logger, relayIntervalMs: 100, pruneIntervalMs: 0, ...options });
    buses.push(b);
    return b;
  }

  /** What another connection sees: committed rows only. */
  async function visibleElsewhere(db: 'producer' | 'consumer', sql: string, params: unknown[] = []): Promise<unknown[]> {
    const pg = new Client({ connectionString: withDatabase(databaseUrl, `${namespace}_${db}`) });
    await pg.connect();
    try {
      return (await pg.query(sql, params)).rows;
    } finally {
      await pg.end();
    }
  }

  async function send(producer: EventBus, payload: { n: number }): Promise<EventEnvelope<{ n: number }>> {
    return producer.inTransaction((tx) => tx.publish(PARCEL_SENT, payload));
  }

  async function handledCount(eventId: string): Promise<number> {
    return (await consumerDb.query('SELECT count(*)::int AS n FROM handled WHERE event_id = $1', [eventId]))[0].n;
  }

  /** Nothing waits for delivery or an ack on the consumer: every message was acknowledged (or terminated). */
  async function consumerDrained(durable = CONSUMER): Promise<boolean> {
    const jsm = await nc.jetstreamManager();
    const info = await jsm.consumers.info(eventStreamName(namespace), durable);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  }

  beforeAll(async () => {
    nc = await connectNats(process.env.NATS_URL!, 'event-bus-self-cleaning-test');
    [producerDb, consumerDb] = await Promise.all([openDatabase('producer'), openDatabase('consumer')]);
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.stop()));
  });

  afterAll(async () => {
    await Promise.all([producerDb?.destroy(), consumerDb?.destroy()]);
    await nc?.close();
    await dropNamespace(databaseUrl, process.env.NATS_URL!, namespace);
  });

  // ---- one transaction context -------------------------------------------------------------------

  describe('transaction context', () => {
    it('publishes through the outbox and runs after-commit work once the change is visible to others', async () => {
      const producer = bus('producer');
      const seen: unknown[][] = [];
      let pending: Promise<void> | undefined;
      const event = await producer.inTransaction(async ({ manager, publish, afterCommit }) => {
        await manager.query('INSERT INTO marks VALUES (1)');
        const recorded = await publish(PARCEL_SENT, { n: 1 });
        afterCommit(() => (pending = visibleElsewhere('producer', 'SELECT id FROM marks WHERE id = 1').then((rows) => void seen.push(rows))));
        expect(pending).toBeUndefined(); // not before the commit
        return recorded;
      });
      await pending;
      expect(seen).toEqual([[{ id: 1 }]]);
      expect(await visibleElsewhere('producer', 'SELECT id FROM event_outbox WHERE id = $1', [event.id])).toEqual([{ id: event.id }]);
    });

    it('never runs the after-commit work, nor keeps the events, of a transaction that rolls back', async () => {
      const producer = bus('producer');
      let ran = false;
      let eventId: string | undefined;
      await expect(
        producer.inTransaction(async ({ manager, publish, afterCommit }) => {
          await manager.query('INSERT INTO marks VALUES (2)');
          eventId = (await publish(PARCEL_SENT, { n: 2 })).id;
          afterCommit(() => (ran = true));
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      await producer.inTransaction(async () => undefined);
      expect(ran).toBe(false);
      expect(await producerDb.query('SELECT id FROM event_outbox WHERE id = $1', [eventId])).toEqual([]);
      expect(await producerDb.query('SELECT id FROM marks WHERE id = 2')).toEqual([]);
    });

    it('gives handlers the same context: what they publish and their after-commit work happen once, after their transaction commits', async () => {
      const producer = bus('producer');
      const consumer = bus('consumer');
      const afterCommit: string[] = [];
      let failFirst = true;
      consumer.on<{ n: number }>(PARCEL_SENT, async (event, tx) => {
        if (event.payload.n !== 3) return; // earlier tests' events
        await tx.manager.query('INSERT INTO handled (event_id) VALUES ($1)', [event.id]);
        await tx.publish(PARCEL_COUNTED, { parcel: event.id });
        tx.afterCommit(() => afterCommit.push(event.id));
        // the first attempt rolls back after publishing and asking for after-commit work
        if (failFirst) {
          failFirst = false;
          throw new Error('first attempt fails');
        }
      });
      await Promise.all([producer.start(), consumer.start()]);
      const event = await send(producer, { n: 3 });

      // the relay is woken by the handler's commit: the follow-up event is published at once
      const counted = await eventually(async () => {
        const rows: { published_at: Date | null }[] = await consumerDb.query(
          `SELECT published_at FROM event_outbox WHERE type = $1 AND envelope->'payload'->>'parcel' = $2`,
          [PARCEL_COUNTED, event.id],
        );
        return rows.length === 1 && rows[0].published_at !== null && rows;
      });
      expect(counted).toHaveLength(1);
      expect(afterCommit).toEqual([event.id]);
      expect(await handledCount(event.id)).toBe(1);
    });
  });

  // ---- retention ------------------------------------------------------------------------------------

  describe('pruning', () => {
    beforeEach(async () => {
      await consumerDb.query('TRUNCATE event_outbox, event_inbox, event_dead_letters');
    });

    /** `count` published outbox rows and handled inbox ids, written `ageMs` ago. */
    async function oldRows(count: number, ageMs: number, label: string): Promise<void> {
      await consumerDb.query(
        `INSERT INTO event_outbox (id, type, envelope, created_at, published_at)
         SELECT gen_random_uuid(), $2, '{}'::jsonb, now() - make_interval(secs => $3), now() - make_interval(secs => $3)
           FROM generate_series(1, $1)`,
        [count, label, ageMs / 1000],
      );
      await consumerDb.query(
        `INSERT INTO event_inbox (event_id, consumer, processed_at)
         SELECT gen_random_uuid(), $2, now() - make_interval(secs => $3) FROM generate_series(1, $1)`,
        [count, label, ageMs / 1000],
      );
    }

    async function countsBy(table: 'event_outbox' | 'event_inbox'): Promise<Record<string, number>> {
      const column = table === 'event_outbox' ? 'type' : 'consumer';
      const rows: { label: string; n: number }[] = await consumerDb.query(
        `SELECT ${column} AS label, count(*)::int AS n FROM ${table} GROUP BY 1 ORDER BY 1`,
      );
      return Object.fromEntries(rows.map((r) => [r.label, r.n]));
    }

    it('deletes published outbox rows and inbox ids older than the retention, 1,000 rows per statement, and keeps the rest', async () => {
      await oldRows(2500, 8 * DAY_MS, 'old');
      await oldRows(30, 6 * DAY_MS, 'young'); // within the default 7 days
      // never published, however old: the relay still owes it
      await consumerDb.query(
        `INSERT INTO event_outbox (id, type, envelope, created_at) VALUES (gen_random_uuid(), 'pending', '{}', now() - interval '30 days')`,
      );
      // a dead letter stays until it is re-driven; an old failure record of an event that was never dead-lettered goes
      await consumerDb.query(
        `INSERT INTO event_dead_letters (event_id, consumer, event_type, subject, envelope, attempts, last_error, first_failed_at, last_failed_at, dead_at)
         VALUES (gen_random_uuid(), 'dead', 't', 's', '{}', 20, 'e', now() - interval '30 days', now() - interval '30 days', now() - interval '30 days'),
                (gen_random_uuid(), 'failing', 't', 's', '{}', 3, 'e', now() - interval '30 days', now() - interval '30 days', NULL)`,
      );

      const result = await bus('consumer').prune();

      expect(result.outbox).toEqual([1000, 1000, 500]);
      expect(result.inbox).toEqual([1000, 1000, 500]);
      expect(result.failures).toBe(1);
      expect(await countsBy('event_outbox')).toEqual({ pending: 1, young: 30 });
      expect(await countsBy('event_inbox')).toEqual({ young: 30 });
      expect(await consumerDb.query('SELECT consumer FROM event_dead_letters')).toEqual([{ consumer: 'dead' }]);
      // nothing more to do
      expect(await bus('consumer').prune()).toEqual({ outbox: [0], inbox: [0], failures: 0 });
    });

    it('follows the configured retention', async () => {
      await oldRows(5, 3 * DAY_MS, 'three-days');
      await oldRows(5, 1 * 3600 * 1000, 'one-hour');
      const result = await bus('consumer', { retentionMs: 2 * DAY_MS }).prune();
      expect(result.outbox).toEqual([5]);
      expect(await countsBy('event_outbox')).toEqual({ 'one-hour': 5 });
      expect(await countsBy('event_inbox')).toEqual({ 'one-hour': 5 });
    });

    it('has indexes for what it deletes, so it reads only the old rows', async () => {
      const plan = async (sql: string) =>
        consumerDb.transaction(async (m) => {
          // with scans priced out, an index on the column is used if there is one
          await m.query('SET LOCAL enable_seqscan = off');
          const rows: { 'QUERY PLAN': string }[] = await m.query(`EXPLAIN ${sql}`);
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
      expect(await plan(`SELECT seq FROM event_outbox WHERE published_at IS NOT NULL AND published_at < now() ORDER BY published_at LIMIT 1000`)).toContain(
        'event_outbox_published_at',
      );
      expect(await plan(`SELECT event_id FROM event_inbox WHERE processed_at < now() ORDER BY processed_at LIMIT 1000`)).toContain(
        'event_inbox_processed_at',
      );
    });

    it('prunes by itself on its timer once started', async () => {
      await oldRows(1200, 8 * DAY_MS, 'old');
      await oldRows(3, 0, 'new');
      await bus('consumer', { pruneIntervalMs: 50 }).start();
      await eventually(async () => JSON.stringify(await countsBy('event_outbox')) === JSON.stringify({ new: 3 }));
      await eventually(async () => JSON.stringify(await countsBy('event_inbox')) === JSON.stringify({ new: 3 }));
    });
  });

  // ---- dead letters -----------------------------------------------------------------------------------

  describe('dead letters', () => {
    const broken = new Set<string>();
    const calls = new Map<string, number>();
    const afterCommit: string[] = [];

    beforeEach(async () => {
      broken.clear();
      calls.clear();
      afterCommit.length = 0;
      await consumerDb.query('TRUNCATE handled, event_inbox, event_dead_letters');
      const jsm = await nc.jetstreamManager();
      await jsm.streams.purge(eventStreamName(namespace)).catch(() => undefined);
    });

    /** A consumer whose handler fails for the events in `broken`, redelivering after 10 ms. */
    function consumer(): EventBus {
      const b = bus('consumer', { maxDeliveries: 20, redeliveryDelayMs: () => 10 });
      b.on<{ n: number }>(PARCEL_SENT, async (event, tx) => {
        const attempt = (calls.get(event.id) ?? 0) + 1;
        calls.set(event.id, attempt);
        await tx.manager.query('INSERT INTO handled (event_id) VALUES ($1)', [event.id]);
        if (broken.has(event.id)) throw new Error(`no shelf for parcel ${event.payload.n} (attempt ${attempt})`);
        tx.afterCommit(() => afterCommit.push(event.id));
      });
      return b;
    }

    async function deadLetter(eventId: string) {
      const [row] = await consumerDb.query(
        `SELECT consumer, event_type, subject, envelope, attempts, last_error, first_failed_at, last_failed_at, dead_at
           FROM event_dead_letters WHERE event_id = $1`,
        [eventId],
      );
      return row;
    }

    it('dead-letters an event after 20 failed deliveries, acknowledges it, and a re-drive after the fix handles it exactly once', async () => {
      const producer = bus('producer');
      const c = consumer();
      await Promise.all([producer.start(), c.start()]);
      const poisonN = 7;
      const poison = await producer.inTransaction(async (tx) => {
        const e = await tx.publish(PARCEL_SENT, { n: poisonN });
        broken.add(e.id); // before it can be delivered: the handler fails for it from the first delivery
        return e;
      });

      const letter = await eventually(async () => {
        const row = await deadLetter(poison.id);
        return row?.dead_at && row;
      }, 30_000);
      expect(letter).toMatchObject({
        consumer: CONSUMER,
        event_type: PARCEL_SENT,
        subject: eventSubject(namespace, PARCEL_SENT),
        attempts: 20,
        last_error: `no shelf for parcel ${poisonN} (attempt 20)`,
      });
      expect(letter.envelope).toMatchObject({ id: poison.id, type: PARCEL_SENT, source: 'producer', payload: { n: poisonN } });
      expect(letter.first_failed_at.getTime()).toBeLessThan(letter.last_failed_at.getTime());
      expect(letter.last_failed_at.getTime()).toBeLessThanOrEqual(letter.dead_at.getTime());

      // acknowledged (terminated): JetStream has nothing more to deliver; 20 deliveries, no 21st
      await eventually(() => consumerDrained());
      const good = await send(producer, { n: 8 }); // the consumer goes on with the next event
      await eventually(async () => (await handledCount(good.id)) === 1);
      await eventually(() => consumerDrained());
      expect(calls.get(poison.id)).toBe(20);
      expect(await handledCount(poison.id)).toBe(0); // every attempt rolled back

      // what an admin sees
      expect(await c.deadLetterCount()).toBe(1);
      const page = await c.deadLetters({ limit: 10 });
      expect(page).toMatchObject({ service: 'consumer', total: 1, offset: 0, limit: 10, nextOffset: null });
      expect(page.items).toEqual([
        expect.objectContaining({
          eventId: poison.id,
          type: PARCEL_SENT,
          consumer: CONSUMER,
          source: 'producer',
          payload: { n: poisonN },
          attempts: 20,
          lastError: `no shelf for parcel ${poisonN} (attempt 20)`,
        }),
      ]);

      // re-driven before the fix: fails again, stays, counted
      const early = await c.redrive({ eventId: poison.id });
      expect(early).toMatchObject({ redriven: [], alreadyHandled: [], failed: [{ eventId: poison.id, consumer: CONSUMER }] });
      expect(await deadLetter(poison.id)).toMatchObject({ attempts: 21, last_error: `no shelf for parcel ${poisonN} (attempt 21)` });

      // fixed, re-driven: handled once, in the bus's transaction (after-commit work ran once)
      broken.clear();
      expect(await c.redrive({ eventId: poison.id })).toEqual({ service: 'consumer', redriven: [poison.id], alreadyHandled: [], failed: [] });
      expect(await handledCount(poison.id)).toBe(1);
      expect(afterCommit.filter((id) => id === poison.id)).toEqual([poison.id]);
      expect(await deadLetter(poison.id)).toBeUndefined();
      expect(await consumerDb.query('SELECT event_id FROM event_inbox WHERE event_id = $1 AND consumer = $2', [poison.id, CONSUMER])).toEqual([
        { event_id: poison.id },
      ]);
      expect(await c.deadLetterCount()).toBe(0);

      // nothing happens twice: again by id, all, or the event delivered once more
      expect(await c.redrive({ eventId: poison.id })).toEqual({ service: 'consumer', redriven: [], alreadyHandled: [], failed: [] });
      expect(await c.redrive({ all: true })).toEqual({ service: 'consumer', redriven: [], alreadyHandled: [], failed: [] });
      await nc.jetstream().publish(eventSubject(namespace, PARCEL_SENT), new TextEncoder().encode(JSON.stringify(poison)), { msgID: randomUUID() });
      await eventually(() => consumerDrained());
      // 20 deliveries, the failed re-drive and the re-drive; the last delivery found it in the inbox
      expect(calls.get(poison.id)).toBe(22);
      expect(await handledCount(poison.id)).toBe(1);
    });

    it('re-drives all dead letters; one the inbox shows handled is only cleared', async () => {
      const c = consumer();
      await c.start();
      const letters = [randomUUID(), randomUUID(), randomUUID()];
      for (const [i, id] of letters.entries()) {
        const envelope: EventEnvelope = { id, type: PARCEL_SENT, source: 'producer', occurredAt: new Date().toISOString(), payload: { n: i } };
        await consumerDb.query(
          `INSERT INTO event_dead_letters (event_id, consumer, event_type, subject, envelope, attempts, last_error, dead_at)
           VALUES ($1, $2, $3, $4, $5, 20, 'boom', now() - make_interval(secs => $6))`,
          [id, CONSUMER, PARCEL_SENT, eventSubject(namespace, PARCEL_SENT), JSON.stringify(envelope), 10 - i],
        );
      }
      // the last one was handled meanwhile (say, delivered again and handled)
      await consumerDb.query('INSERT INTO event_inbox (event_id, consumer) VALUES ($1, $2)', [letters[2], CONSUMER]);
      broken.add(letters[1]);

      const result = await c.redrive({ all: true });
      expect(result).toEqual({
        service: 'consumer',
        redriven: [letters[0]],
        alreadyHandled: [letters[2]],
        failed: [{ eventId: letters[1], consumer: CONSUMER, error: 'no shelf for parcel 1 (attempt 1)' }],
      });
      expect(await handledCount(letters[0])).toBe(1);
      expect(await handledCount(letters[2])).toBe(0);
      expect((await c.deadLetters()).items.map((l) => l.eventId)).toEqual([letters[1]]);
    });

    it('keeps no record of an event that failed a few times and was then handled', async () => {
      const producer = bus('producer');
      const c = consumer();
      let failures = 3;
      c.on<{ n: number }>('parcel.retried', async (event, tx) => {
        await tx.manager.query('INSERT INTO handled (event_id) VALUES ($1)', [event.id]);
        if (failures-- > 0) throw new Error('not yet');
      });
      await Promise.all([producer.start(), c.start()]);
      const event = await producer.inTransaction((tx) => tx.publish('parcel.retried', { n: 1 }));
      await eventually(async () => (await handledCount(event.id)) === 1);
      await eventually(() => consumerDrained(durableConsumerName('consumer', 'parcel.retried')));
      expect(failures).toBe(-1);
      expect(await consumerDb.query('SELECT event_id FROM event_dead_letters')).toEqual([]);
    });
  });
});
