import { randomUUID } from 'node:crypto';
import { durableConsumerName, EventEnvelope, eventStreamName, eventSubject } from '@bakery/contracts';
import { currentCorrelationId, runWithCorrelation, type Logger } from '@bakery/platform';
import {
  AckPolicy,
  ConsumerMessages,
  DeliverPolicy,
  JetStreamClient,
  JsMsg,
  NatsConnection,
  nanos,
  RetentionPolicy,
  StorageType,
} from 'nats';
import { DataSource, EntityManager } from 'typeorm';

export type EventHandler<T = unknown> = (event: EventEnvelope<T>, manager: EntityManager) => Promise<void>;

/** Publishes one outbox row to JetStream; replaceable in tests to inject publish failures. */
export type EventPublisher = (subject: string, data: Uint8Array, msgId: string) => Promise<void>;

export interface EventBusOptions {
  service: string;
  namespace: string;
  dataSource: DataSource;
  nc: NatsConnection;
  logger: Logger;
  /** how often the relay looks for unpublished rows when nobody kicks it */
  relayIntervalMs?: number;
  batchSize?: number;
  /**
   * how long JetStream waits for an ack before redelivering: also how long events that a killed
   * instance had taken stay undelivered, so short; handlers are single transactions
   */
  ackWaitMs?: number;
  publisher?: EventPublisher;
}

export interface EventTransaction {
  manager: EntityManager;
  /** Records an event in the outbox, in this transaction: it is published only if the transaction commits. */
  publish<T>(type: string, payload: T): Promise<EventEnvelope<T>>;
}

const DEFAULT_ACK_WAIT_MS = 10_000;
/** The outbox insert, up to its VALUES list (see `EventBus.outboxRow`). */
export const OUTBOX_INSERT = 'INSERT INTO event_outbox (id, type, envelope) VALUES';
/** The most events one consumer transaction handles (also how many wait in the client at most). */
const MAX_BATCH = 64;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ParsedEvent {
  msg: JsMsg;
  envelope: EventEnvelope;
}

/** The envelope of a message, or null for one that can never be handled (not JSON, no uuid id). */
function parseEnvelope(msg: JsMsg): EventEnvelope | null {
  try {
    const envelope = JSON.parse(decoder.decode(msg.data)) as EventEnvelope;
    return envelope && typeof envelope.id === 'string' && UUID.test(envelope.id) ? envelope : null;
  } catch {
    return null;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Domain events, delivered at least once and handled once.
 *
 * - Producing: `inTransaction` (or `record` with the caller's own manager) writes the event to
 *   `event_outbox` in the same transaction as the change. A relay publishes pending rows to
 *   JetStream with the event id as message id (the server drops duplicates) and retries with
 *   backoff until the publish is acknowledged.
 * - Consuming: one durable consumer per service and event type, shared by every instance of the
 *   service. The handler runs in a transaction that also records the event id in `event_inbox`;
 *   an id already there means the event was handled, so a redelivery has no second effect.
 */
export class EventBus {
  private readonly handlers = new Map<string, EventHandler>();
  private readonly consumerLoops: Promise<void>[] = [];
  private readonly consumerIterators: ConsumerMessages[] = [];
  private readonly js: JetStreamClient;
  private readonly publisher: EventPublisher;
  private relayLoop?: Promise<void>;
  private running = false;
  private wake?: () => void;
  private kicked = false;

  constructor(private readonly options: EventBusOptions) {
    this.js = options.nc.jetstream();
    this.publisher =
      options.publisher ??
      (async (subject, data, msgID) => {
        await this.js.publish(subject, data, { msgID });
      });
  }

  /** Registers the handler for one event type; call before `start`. */
  on<T>(type: string, handler: EventHandler<T>): void {
    if (this.running) throw new Error('EventBus: register handlers before start()');
    if (this.handlers.has(type)) throw new Error(`EventBus: a handler for ${type} is already registered`);
    this.handlers.set(type, handler as EventHandler);
  }

  async inTransaction<T>(work: (tx: EventTransaction) => Promise<T>): Promise<T> {
    let recorded = 0;
    const result = await this.options.dataSource.transaction(async (manager) =>
      work({
        manager,
        publish: async (type, payload) => {
          recorded++;
          return this.record(manager, type, payload);
        },
      }),
    );
    if (recorded > 0) this.kick();
    return result;
  }

  /** Writes an event to the outbox using the caller's transaction; call `kick()` after commit. */
  async record<T>(manager: EntityManager, type: string, payload: T): Promise<EventEnvelope<T>> {
    const { envelope, values } = this.outboxRow(type, payload);
    await manager.query(`${OUTBOX_INSERT} ($1, $2, $3)`, values);
    return envelope;
  }

  /**
   * An event and the values of its outbox row, for a caller that writes the row inside a
   * statement of its own (`${OUTBOX_INSERT} ($a, $b, $c)` with these three values, e.g. in a
   * CTE beside the change it announces); call `kick()` after that commits.
   */
  outboxRow<T>(type: string, payload: T): { envelope: EventEnvelope<T>; values: [string, string, string] } {
    const envelope: EventEnvelope<T> = {
      id: randomUUID(),
      type,
      source: this.options.service,
      occurredAt: new Date().toISOString(),
      correlationId: currentCorrelationId(),
      payload,
    };
    return { envelope, values: [envelope.id, type, JSON.stringify(envelope)] };
  }

  /** Asks the relay to publish now instead of at its next tick. */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.ensureStream();
    this.running = true;
    this.relayLoop = this.runRelay();
    for (const [type, handler] of this.handlers) {
      const messages = await this.openConsumer(type);
      this.consumerIterators.push(messages);
      this.consumerLoops.push(this.runConsumer(type, handler, messages));
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    for (const it of this.consumerIterators) it.stop();
    await Promise.allSettled([this.relayLoop, ...this.consumerLoops]);
    this.consumerIterators.length = 0;
    this.consumerLoops.length = 0;
  }

  /** Publishes every pending outbox row now; answers how many were published. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, failed } = await this.relayBatch();
      total += published;
      if (failed || published < (this.options.batchSize ?? 100)) return total;
    }
  }

  private async ensureStream(): Promise<void> {
    const jsm = await this.options.nc.jetstreamManager();
    const name = eventStreamName(this.options.namespace);
    try {
      await jsm.streams.info(name);
    } catch {
      try {
        await jsm.streams.add({
          name,
          subjects: [eventSubject(this.options.namespace, '>')],
          retention: RetentionPolicy.Limits,
          storage: StorageType.File,
          max_age: nanos(30 * 24 * 3600 * 1000),
          duplicate_window: nanos(2 * 60 * 1000),
        });
      } catch (err) {
        // Another instance created it meanwhile: fine if it is there now.
        await jsm.streams.info(name).catch(() => {
          throw err;
        });
      }
    }
  }

  private async runRelay(): Promise<void> {
    const interval = this.options.relayIntervalMs ?? 1000;
    while (this.running) {
      let more = false;
      try {
        const { published, failed } = await this.relayBatch();
        more = !failed && published >= (this.options.batchSize ?? 100);
      } catch (err) {
        this.options.logger.warn({ err }, 'outbox relay could not run; will retry');
      }
      if (!more && !this.kicked) await this.sleep(interval);
      this.kicked = false;
    }
  }

  private async relayBatch(): Promise<{ published: number; failed: boolean }> {
    const { dataSource, namespace, logger } = this.options;
    return dataSource.transaction(async (m) => {
      const rows: { id: string; type: string; envelope: EventEnvelope; attempts: number }[] = await m.query(
        `SELECT id, type, envelope, attempts FROM event_outbox
          WHERE published_at IS NULL AND next_attempt_at <= now()
          ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize ?? 100],
      );
      const published: string[] = [];
      let failed = false;
      for (const row of rows) {
        try {
          await this.publisher(eventSubject(namespace, row.type), encoder.encode(JSON.stringify(row.envelope)), row.id);
          published.push(row.id);
        } catch (err) {
          // Stop here so events keep their order; this row is retried after a backoff.
          failed = true;
          const delayMs = Math.min(30_000, 200 * 2 ** Math.min(row.attempts, 8));
          logger.warn({ err, eventId: row.id, type: row.type }, 'publishing an event failed; will retry');
          await m.query(
            `UPDATE event_outbox SET attempts = attempts + 1, last_error = $2,
               next_attempt_at = now() + ($3 || ' milliseconds')::interval WHERE id = $1`,
            [row.id, String(err instanceof Error ? err.message : err).slice(0, 500), String(delayMs)],
          );
          break;
        }
      }
      if (published.length > 0) {
        await m.query('UPDATE event_outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [published]);
      }
      return { published: published.length, failed };
    });
  }

  private async openConsumer(type: string): Promise<ConsumerMessages> {
    const { nc, namespace, service } = this.options;
    const jsm = await nc.jetstreamManager();
    const stream = eventStreamName(namespace);
    const durable = durableConsumerName(service, type);
    try {
      await jsm.consumers.info(stream, durable);
    } catch {
      try {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          filter_subject: eventSubject(namespace, type),
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ack_wait: nanos(this.options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS),
          max_deliver: -1,
        });
      } catch (err) {
        await jsm.consumers.info(stream, durable).catch(() => {
          throw err;
        });
      }
    }
    const consumer = await this.js.consumers.get(stream, durable);
    return consumer.consume({ max_messages: 64 });
  }

  /**
   * Messages that arrive while a transaction is running are handled together in the next one
   * (group commit): an idle consumer handles each event at once, a busy one pays one transaction,
   * one inbox insert and one commit per batch instead of per event.
   */
  private async runConsumer(type: string, handler: EventHandler, messages: ConsumerMessages): Promise<void> {
    const consumerName = durableConsumerName(this.options.service, type);
    const queue: JsMsg[] = [];
    let ended = false;
    let wakeWorker: (() => void) | undefined;
    let wakeReader: (() => void) | undefined;
    const reader = (async () => {
      try {
        for await (const msg of messages) {
          queue.push(msg);
          wakeWorker?.();
          // Hold further messages in the client (and JetStream) while a full batch waits.
          while (queue.length >= MAX_BATCH) await new Promise<void>((resolve) => (wakeReader = resolve));
        }
      } finally {
        ended = true;
        wakeWorker?.();
      }
    })();
    for (;;) {
      if (queue.length === 0) {
        if (ended) break;
        await new Promise<void>((resolve) => (wakeWorker = resolve));
        wakeWorker = undefined;
        continue;
      }
      const batch = queue.splice(0, MAX_BATCH);
      wakeReader?.();
      wakeReader = undefined;
      await this.handleBatch(consumerName, handler, batch);
    }
    await reader;
  }

  private async handleBatch(consumerName: string, handler: EventHandler, batch: JsMsg[]): Promise<void> {
    const events: ParsedEvent[] = [];
    for (const msg of batch) {
      const envelope = parseEnvelope(msg);
      if (envelope) events.push({ msg, envelope });
      else {
        this.options.logger.error({ subject: msg.subject }, 'dropping an event that is not JSON or has no uuid');
        msg.term();
      }
    }
    if (events.length > 0) await this.handleEvents(consumerName, handler, events);
  }

  /**
   * One transaction for all of them: the inbox rows first (an id already there was handled
   * before, a redelivery), then each new event's handler, then the acks. If it fails, a batch is
   * handled again one event at a time, so only the failing one waits for its retry.
   */
  private async handleEvents(consumerName: string, handler: EventHandler, events: ParsedEvent[]): Promise<void> {
    const { dataSource, logger } = this.options;
    try {
      await dataSource.transaction(async (manager) => {
        const fresh: { event_id: string }[] = await manager.query(
          `INSERT INTO event_inbox (event_id, consumer) SELECT DISTINCT unnest($1::uuid[]), $2
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [events.map((e) => e.envelope.id), consumerName],
        );
        const toHandle = new Set(fresh.map((r) => r.event_id));
        for (const { envelope } of events) {
          if (!toHandle.delete(envelope.id)) continue; // handled before, or twice in this batch
          await runWithCorrelation(envelope.correlationId, () => handler(envelope, manager));
        }
      });
    } catch (err) {
      if (events.length > 1) {
        logger.warn({ err, events: events.length }, 'a batch of events failed; handling them one by one');
        for (const event of events) await this.handleEvents(consumerName, handler, [event]);
        return;
      }
      const [{ msg, envelope }] = events;
      const attempt = msg.info.redeliveryCount;
      logger.error({ err, eventId: envelope.id, type: envelope.type, attempt }, 'event handler failed; will retry');
      msg.nak(Math.min(30_000, 250 * 2 ** Math.min(attempt, 7)));
      return;
    }
    for (const { msg } of events) msg.ack();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
