import { randomUUID } from 'node:crypto';
import {
  DEAD_LETTERS_PAGE_DEFAULT,
  DEAD_LETTERS_PAGE_MAX,
  DeadLetter,
  DeadLettersPage,
  DeadLettersRequest,
  AppError,
  durableConsumerName,
  EventEnvelope,
  eventStreamName,
  eventSubject,
  RedriveRequest,
  RedriveResult,
} from '@bakery/contracts';
import {
  currentCorrelationId,
  currentTraceparent,
  endSpan,
  Metrics,
  PeriodicTask,
  runInContext,
  runWithCorrelation,
  SpanKind,
  startSpan,
  strictValidationPipe,
  TRACEPARENT_HEADER,
  traceparentOf,
  tracingEnabled,
  type Logger,
} from '@bakery/platform';
import {
  AckPolicy,
  ConsumerMessages,
  DeliverPolicy,
  headers as natsHeaders,
  JetStreamClient,
  JsMsg,
  MsgHdrs,
  NatsConnection,
  nanos,
  RetentionPolicy,
  StorageType,
} from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { EventBusMetrics } from './event-bus-metrics';
import { EventTransaction, TransactionContext } from './transaction';
import { retryDelayMs } from './retry-backoff';

/** Handles one event in the bus's transaction (which also records it in the inbox). */
export type EventHandler<T = unknown> = (event: EventEnvelope<T>, tx: EventTransaction) => Promise<void>;

/**
 * Publishes one outbox row to JetStream; replaceable in tests to inject publish failures. `headers`
 * carry the relay's traceparent when tracing is on.
 */
export type EventPublisher = (subject: string, data: Uint8Array, msgId: string, headers?: MsgHdrs) => Promise<void>;

/** Told of each event of its type once the relay published it (and recorded so): business counters. */
export type RelayedListener = (envelope: EventEnvelope) => void;

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
  /**
   * how long published outbox rows and handled inbox ids are kept (EVENT_RETENTION_DAYS; default
   * 7 days). It must outlast the stream's duplicate window (2 minutes: a re-publish after that is
   * stopped by the consumers' inboxes only) and any redelivery of an event already handled.
   */
  retentionMs?: number;
  /** how often this instance prunes (EVENT_PRUNE_INTERVAL_SECONDS; default 10 minutes); 0: never by itself */
  pruneIntervalMs?: number;
  /** rows one prune statement deletes at most; statements repeat until one deletes fewer */
  pruneBatchSize?: number;
  /** failed deliveries after which an event is dead-lettered and acknowledged (EVENT_MAX_DELIVERIES; default 20) */
  maxDeliveries?: number;
  /** how long JetStream waits before redelivering after the n-th failed delivery (tests shorten it) */
  redeliveryDelayMs?: (deliveries: number) => number;
  /** copies of the event stream in a JetStream cluster (EVENT_STREAM_REPLICAS; default 1) */
  streamReplicas?: number;
  /** the service's metrics (events published, handled, failed; outbox backlog, consumer lag) */
  metrics?: Metrics;
}

/** Rows deleted by each prune statement, in order: the last one deleted fewer than a batch. */
export interface PruneResult {
  outbox: number[];
  inbox: number[];
  /** failure records of events that were never dead-lettered (handled later, or gone) */
  failures: number;
}

/** Events are checked like requests, but fields a newer publisher added are stripped, not refused. */
const EVENT_PAYLOAD_PIPE = strictValidationPipe({ unknownFields: 'strip' });

const DEFAULT_ACK_WAIT_MS = 10_000;
export const DEFAULT_EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;
export const DEFAULT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;
export const DEFAULT_PRUNE_BATCH_SIZE = 1000;
export const DEFAULT_MAX_DELIVERIES = 20;
/** JetStream drops a second publish of the same event id within this window (the stream's `duplicate_window`). */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
/** The outbox insert, up to its VALUES list (see `EventBus.outboxRow`). */
export const OUTBOX_INSERT = 'INSERT INTO event_outbox (id, type, envelope) VALUES';
/** The most events one consumer transaction handles (also how many wait in the client at most). */
const MAX_BATCH = 64;
/** Dead letters one re-drive reads at a time. */
const REDRIVE_BATCH = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The namespace's event stream: every event subject, kept 30 days (consumers' redeliveries and
 * the outbox's retries need far less), duplicates dropped within DUPLICATE_WINDOW_MS by event id,
 * on `replicas` servers of a JetStream cluster.
 */
export function eventStreamConfig(namespace: string, replicas: number) {
  return {
    name: eventStreamName(namespace),
    subjects: [eventSubject(namespace, '>')],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(30 * 24 * 3600 * 1000),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    num_replicas: replicas,
  };
}

interface ParsedEvent {
  msg: JsMsg;
  envelope: EventEnvelope;
}

interface DeadLetterRow {
  event_id: string;
  consumer: string;
  event_type: string;
  subject: string;
  envelope: EventEnvelope;
  attempts: number;
  last_error: string;
  first_failed_at: Date;
  last_failed_at: Date;
  dead_at: Date;
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

function errorText(err: unknown): string {
  return String(err instanceof Error ? err.message : err).slice(0, 2000);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Domain events, delivered at least once and handled once.
 *
 * - Producing: `inTransaction` gives the work an EventTransaction whose `publish` writes the event
 *   to `event_outbox` in the same transaction as the change. A relay publishes pending rows to
 *   JetStream with the event id as message id (the server drops duplicates) and retries with
 *   backoff until the publish is acknowledged.
 * - Consuming: one durable consumer per service and event type, shared by every instance of the
 *   service. The handler gets the same EventTransaction, in a transaction that also records the
 *   event id in `event_inbox`; an id already there means the event was handled, so a redelivery
 *   has no second effect. After `maxDeliveries` failed deliveries the event goes to
 *   `event_dead_letters` and is acknowledged; `redrive` handles it again, once.
 * - Cleaning: published outbox rows and inbox ids older than the retention are pruned in batches
 *   on a timer (`prune`).
 */
export class EventBus {
  private readonly handlers = new Map<string, EventHandler>();
  private readonly consumerLoops: Promise<void>[] = [];
  private readonly consumerIterators: ConsumerMessages[] = [];
  private readonly js: JetStreamClient;
  private readonly publisher: EventPublisher;
  private relayLoop?: Promise<void>;
  private pruner?: PeriodicTask;
  private running = false;
  private wake?: () => void;
  private kicked = false;
  private readonly instruments?: EventBusMetrics;
  private readonly relayedListeners = new Map<string, RelayedListener[]>();

  constructor(private readonly options: EventBusOptions) {
    this.js = options.nc.jetstream();
    this.publisher =
      options.publisher ??
      (async (subject, data, msgID, headers) => {
        await this.js.publish(subject, data, headers ? { msgID, headers } : { msgID });
      });
    if (options.metrics?.enabled) {
      this.instruments = new EventBusMetrics(options.metrics, { ...options, types: () => [...this.handlers.keys()] });
    }
  }

  /**
   * Calls `listener` for each event of `type` this instance's relay published, after the relay
   * recorded it as published: once per event in practice (a crash in between can repeat one).
   * For counters that follow from events (orders placed); it must be quick and must not throw.
   */
  onRelayed(type: string, listener: RelayedListener): void {
    this.relayedListeners.set(type, [...(this.relayedListeners.get(type) ?? []), listener]);
  }

  private get maxDeliveries(): number {
    return this.options.maxDeliveries ?? DEFAULT_MAX_DELIVERIES;
  }

  /**
   * Registers the handler for one event type; call before `start`. With the payload's class (from
   * `@bakery/contracts`) the payload is validated first, by the same pipe the services validate
   * requests with, and the handler gets the checked instance (fields it does not know stripped).
   * A payload that fails is logged and acknowledged as handled, not retried: it would fail every
   * redelivery the same way.
   */
  on<T extends object>(type: string, handler: EventHandler<T>, payloadClass?: new () => T): void {
    if (this.running) throw new Error('EventBus: register handlers before start()');
    if (this.handlers.has(type)) throw new Error(`EventBus: a handler for ${type} is already registered`);
    this.handlers.set(type, (payloadClass ? this.validating(type, handler, payloadClass) : handler) as EventHandler);
  }

  private validating<T extends object>(type: string, handler: EventHandler<T>, payloadClass: new () => T): EventHandler<T> {
    // as a parameter: Nest's ValidationPipe leaves 'custom' arguments unchecked
    const metadata = { type: 'param' as const, metatype: payloadClass, data: type };
    return async (event, tx) => {
      let payload: T;
      try {
        payload = (await EVENT_PAYLOAD_PIPE.transform(event.payload, metadata)) as T;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        this.options.logger.error({ eventId: event.id, type: event.type, fields: err.fields }, 'dropping a malformed event');
        return;
      }
      await handler({ ...event, payload }, tx);
    };
  }

  /** Runs `work` in one transaction with the outbox and after-commit work (see EventTransaction). */
  async inTransaction<T>(work: (tx: EventTransaction) => Promise<T>): Promise<T> {
    const { tx, result } = await this.options.dataSource.transaction(async (manager) => {
      const tx = this.transactionOf(manager);
      return { tx, result: await work(tx) };
    });
    this.committed(tx);
    return result;
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
    // the work that records it: its consumers continue that trace (tracing off: undefined, not written)
    const traceparent = currentTraceparent();
    if (traceparent) envelope.traceparent = traceparent;
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
    const pruneEvery = this.options.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS;
    if (pruneEvery > 0) {
      const task: PeriodicTask = new PeriodicTask(
        pruneEvery,
        () => this.prune(() => task.isStopped),
        (err) => this.options.logger.warn({ err }, 'pruning the outbox and inbox failed; will retry'),
      );
      this.pruner = task;
      task.start();
    }
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
    await Promise.allSettled([this.relayLoop, this.pruner?.stop(), ...this.consumerLoops]);
    this.pruner = undefined;
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

  // ---- cleaning ----------------------------------------------------------------------------

  /**
   * Deletes published outbox rows and inbox ids older than the retention, `pruneBatchSize` rows
   * per statement (each a short transaction), repeating until a statement deletes fewer; then the
   * failure records of events that were handled after all (or never came back). Pending outbox
   * rows and dead letters are never pruned. Instances prune at the same time without waiting on
   * each other (SKIP LOCKED). `stopped` is asked between batches.
   */
  async prune(stopped: () => boolean = () => false): Promise<PruneResult> {
    const retentionSeconds = (this.options.retentionMs ?? DEFAULT_EVENT_RETENTION_MS) / 1000;
    const batch = this.options.pruneBatchSize ?? DEFAULT_PRUNE_BATCH_SIZE;
    const result: PruneResult = { outbox: [], inbox: [], failures: 0 };
    const inBatches = async (sql: string, into: number[]) => {
      for (;;) {
        const deleted = await this.deleted(sql, [retentionSeconds, batch]);
        into.push(deleted);
        if (deleted < batch || stopped()) return;
      }
    };
    await inBatches(
      `DELETE FROM event_outbox WHERE seq IN (
         SELECT seq FROM event_outbox
          WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => $1)
          ORDER BY published_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      result.outbox,
    );
    if (stopped()) return result;
    await inBatches(
      `DELETE FROM event_inbox WHERE (event_id, consumer) IN (
         SELECT event_id, consumer FROM event_inbox
          WHERE processed_at < now() - make_interval(secs => $1)
          ORDER BY processed_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      result.inbox,
    );
    if (stopped()) return result;
    result.failures = await this.deleted(
      `DELETE FROM event_dead_letters WHERE (event_id, consumer) IN (
         SELECT event_id, consumer FROM event_dead_letters
          WHERE dead_at IS NULL AND last_failed_at < now() - make_interval(secs => $1)
          LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [retentionSeconds, batch],
    );
    const total = [...result.outbox, ...result.inbox].reduce((a, b) => a + b, result.failures);
    if (total > 0) this.options.logger.info({ ...result }, 'pruned old outbox and inbox rows');
    return result;
  }

  /** Rows a DELETE deleted (TypeORM answers [rows, count] for DELETE ... on postgres). */
  private async deleted(sql: string, params: unknown[]): Promise<number> {
    const answer: unknown = await this.options.dataSource.query(sql, params);
    return Array.isArray(answer) && typeof answer[1] === 'number' ? answer[1] : 0;
  }

  // ---- dead letters ----------------------------------------------------------------------------

  /** How many events this service's consumers gave up on. */
  async deadLetterCount(): Promise<number> {
    const [{ n }]: { n: number }[] = await this.options.dataSource.query(
      'SELECT count(*)::int AS n FROM event_dead_letters WHERE dead_at IS NOT NULL',
    );
    return n;
  }

  /** One page of the dead letters, newest first. */
  async deadLetters(request: DeadLettersRequest = {}): Promise<DeadLettersPage> {
    const offset = Number.isInteger(request.offset) && request.offset! >= 0 ? request.offset! : 0;
    const limit =
      Number.isInteger(request.limit) && request.limit! >= 1 ? Math.min(request.limit!, DEAD_LETTERS_PAGE_MAX) : DEAD_LETTERS_PAGE_DEFAULT;
    const [total, rows] = await Promise.all([
      this.deadLetterCount(),
      this.options.dataSource.query(
        `SELECT * FROM event_dead_letters WHERE dead_at IS NOT NULL
          ORDER BY dead_at DESC, event_id, consumer OFFSET $1 LIMIT $2`,
        [offset, limit],
      ) as Promise<DeadLetterRow[]>,
    ]);
    return {
      service: this.options.service,
      total,
      offset,
      limit,
      items: rows.map(toDeadLetter),
      nextOffset: rows.length === limit && offset + limit < total ? offset + limit : null,
    };
  }

  /**
   * Handles dead letters again with this service's handlers: one event (`eventId`, for each of
   * the service's consumers that gave up on it) or all of them, oldest first. Each is handled in
   * its own transaction that records it in the inbox first, as a delivery would: one the inbox
   * already has is not handled again. A handled letter is deleted in that same transaction; one
   * whose handler fails again stays, with its attempts and last error updated.
   */
  async redrive(request: RedriveRequest): Promise<RedriveResult> {
    const eventId = typeof request.eventId === 'string' ? request.eventId : undefined;
    if ((eventId === undefined) === (request.all !== true)) {
      throw new Error('redrive: name one eventId, or all: true');
    }
    const result: RedriveResult = { service: this.options.service, redriven: [], alreadyHandled: [], failed: [] };
    if (eventId !== undefined && !UUID.test(eventId)) return result;
    // keyset over (dead_at, event_id, consumer), oldest first: letters that fail again stay behind the cursor
    let after: { deadAt: string; eventId: string; consumer: string } | null = null;
    for (;;) {
      const letters: (DeadLetterRow & { dead_at_key: string })[] = await this.options.dataSource.query(
        `SELECT *, dead_at::text AS dead_at_key FROM event_dead_letters
          WHERE dead_at IS NOT NULL AND ($1::uuid IS NULL OR event_id = $1)
            AND ($2::timestamptz IS NULL OR (dead_at, event_id, consumer) > ($2::timestamptz, $3::uuid, $4::varchar))
          ORDER BY dead_at, event_id, consumer LIMIT $5`,
        [eventId ?? null, after?.deadAt ?? null, after?.eventId ?? null, after?.consumer ?? null, REDRIVE_BATCH],
      );
      for (const letter of letters) await this.redriveOne(letter, result);
      if (letters.length < REDRIVE_BATCH) return result;
      const last = letters[letters.length - 1];
      after = { deadAt: last.dead_at_key, eventId: last.event_id, consumer: last.consumer };
    }
  }

  private async redriveOne(letter: DeadLetterRow, result: RedriveResult): Promise<void> {
    const { dataSource, logger } = this.options;
    const handler = this.handlers.get(letter.event_type);
    if (!handler) {
      result.failed.push({ eventId: letter.event_id, consumer: letter.consumer, error: `no handler for ${letter.event_type} here` });
      return;
    }
    let done: { outcome: 'redriven' | 'alreadyHandled' | 'gone'; tx?: TransactionContext };
    try {
      done = await dataSource.transaction(async (manager) => {
        // another re-drive holding it handles it; one that finished deleted it
        const locked: unknown[] = await manager.query(
          `SELECT 1 FROM event_dead_letters WHERE event_id = $1 AND consumer = $2 AND dead_at IS NOT NULL FOR UPDATE SKIP LOCKED`,
          [letter.event_id, letter.consumer],
        );
        if (locked.length === 0) return { outcome: 'gone' as const };
        const fresh: unknown[] = await manager.query(
          `INSERT INTO event_inbox (event_id, consumer) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
          [letter.event_id, letter.consumer],
        );
        let tx: TransactionContext | undefined;
        if (fresh.length > 0) {
          const handlerTx = this.transactionOf(manager);
          tx = handlerTx;
          await runWithCorrelation(letter.envelope.correlationId, () => handler(letter.envelope, handlerTx));
        }
        await manager.query('DELETE FROM event_dead_letters WHERE event_id = $1 AND consumer = $2', [letter.event_id, letter.consumer]);
        return { outcome: fresh.length > 0 ? ('redriven' as const) : ('alreadyHandled' as const), tx };
      });
    } catch (err) {
      const error = errorText(err);
      logger.error({ err, eventId: letter.event_id, consumer: letter.consumer }, 're-driving a dead letter failed; it stays');
      await dataSource
        .query(
          `UPDATE event_dead_letters SET attempts = attempts + 1, last_error = $3, last_failed_at = now()
            WHERE event_id = $1 AND consumer = $2`,
          [letter.event_id, letter.consumer, error],
        )
        .catch((updateErr) => logger.warn({ err: updateErr }, 'could not record the failed re-drive'));
      result.failed.push({ eventId: letter.event_id, consumer: letter.consumer, error });
      return;
    }
    if (done.tx) this.committed(done.tx);
    if (done.outcome === 'gone') return;
    logger.info({ eventId: letter.event_id, consumer: letter.consumer, outcome: done.outcome }, 're-drove a dead letter');
    result[done.outcome].push(letter.event_id);
  }

  /**
   * Records a failed delivery: the first one creates the row (first failure), later ones update
   * it; `dead` makes it a dead letter. Outside any transaction of the handler (which rolled back).
   */
  private async recordFailure(consumerName: string, type: string, event: ParsedEvent, error: string, dead: boolean): Promise<void> {
    await this.options.dataSource.query(
      `INSERT INTO event_dead_letters (event_id, consumer, event_type, subject, envelope, attempts, last_error, dead_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::boolean THEN now() END)
       ON CONFLICT (event_id, consumer) DO UPDATE SET
         attempts = GREATEST(event_dead_letters.attempts, EXCLUDED.attempts),
         last_error = EXCLUDED.last_error,
         last_failed_at = now(),
         dead_at = COALESCE(event_dead_letters.dead_at, EXCLUDED.dead_at)`,
      [
        event.envelope.id,
        consumerName,
        type,
        event.msg.subject,
        JSON.stringify(event.envelope),
        event.msg.info.redeliveryCount,
        error,
        dead,
      ],
    );
  }

  // ---- producing -------------------------------------------------------------------------------

  private transactionOf(manager: EntityManager): TransactionContext {
    return new TransactionContext(manager, async (m, type, payload) => {
      const { envelope, values } = this.outboxRow(type, payload);
      await m.query(`${OUTBOX_INSERT} ($1, $2, $3)`, values);
      return envelope;
    });
  }

  /** After a transaction of ours committed: wake the relay if it recorded events, run its after-commit work. */
  private committed(tx: TransactionContext): void {
    if (tx.publishedEvents) this.kick();
    tx.runAfterCommit(this.options.logger);
  }

  private async ensureStream(): Promise<void> {
    const jsm = await this.options.nc.jetstreamManager();
    const config = eventStreamConfig(this.options.namespace, this.options.streamReplicas ?? 1);
    let current;
    try {
      current = await jsm.streams.info(config.name);
    } catch {
      try {
        await jsm.streams.add(config);
        return;
      } catch (err) {
        // Another instance created it meanwhile: fine if it is there now.
        current = await jsm.streams.info(config.name).catch(() => {
          throw err;
        });
      }
    }
    // A stream made before the move to a cluster keeps its one copy until it is told otherwise;
    // every instance of every service asks for the same count, so they agree.
    if ((current.config.num_replicas || 1) !== config.num_replicas) {
      this.options.logger.info(
        { stream: config.name, from: current.config.num_replicas, to: config.num_replicas },
        'changing the event stream replicas',
      );
      await jsm.streams.update(config.name, { num_replicas: config.num_replicas });
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
    const relayed: EventEnvelope[] = [];
    const result = await dataSource.transaction(async (m) => {
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
          await this.publishRow(row, eventSubject(namespace, row.type));
          published.push(row.id);
          if (this.relayedListeners.has(row.type)) relayed.push(row.envelope);
        } catch (err) {
          // Stop here so events keep their order; this row is retried after a backoff.
          failed = true;
          this.instruments?.publishFailed(row.type);
          const delayMs = retryDelayMs(row.attempts);
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
    for (const envelope of relayed) {
      for (const listener of this.relayedListeners.get(envelope.type) ?? []) {
        try {
          listener(envelope);
        } catch (err) {
          logger.warn({ err, eventId: envelope.id, type: envelope.type }, 'a relayed-event listener failed');
        }
      }
    }
    return result;
  }

  /**
   * One outbox row to JetStream. With tracing on, in a span continuing the trace that recorded the
   * event, whose traceparent rides in the message's headers for the consumers.
   */
  private async publishRow(row: { id: string; type: string; envelope: EventEnvelope }, subject: string): Promise<void> {
    const data = encoder.encode(JSON.stringify(row.envelope));
    if (!tracingEnabled()) {
      await this.publisher(subject, data, row.id);
      this.instruments?.publishedOne(row.type);
      return;
    }
    const { span, context } = startSpan(`${row.type} publish`, {
      kind: SpanKind.PRODUCER,
      component: this.options.service,
      parent: row.envelope.traceparent ?? '',
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.message.id': row.id },
    });
    const headers = natsHeaders();
    headers.set(TRACEPARENT_HEADER, traceparentOf(span));
    try {
      await runInContext(context, () => this.publisher(subject, data, row.id, headers));
    } catch (err) {
      endSpan(span, err);
      throw err;
    }
    endSpan(span);
    this.instruments?.publishedOne(row.type);
  }

  // ---- consuming -------------------------------------------------------------------------------

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
          // No limit on JetStream's side: the bus counts deliveries and dead-letters the event
          // itself (EVENT_MAX_DELIVERIES), so nothing is dropped without a trace.
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
      await this.handleBatch(consumerName, type, handler, batch);
    }
    await reader;
  }

  private async handleBatch(consumerName: string, type: string, handler: EventHandler, batch: JsMsg[]): Promise<void> {
    const events: ParsedEvent[] = [];
    for (const msg of batch) {
      const envelope = parseEnvelope(msg);
      if (!envelope) {
        this.options.logger.error({ subject: msg.subject }, 'dropping an event that is not JSON or has no uuid');
        msg.term();
      } else {
        events.push({ msg, envelope });
      }
    }
    if (events.length > 0) await this.handleEvents(consumerName, type, handler, events);
  }

  /**
   * One transaction for all of them: the inbox rows first (an id already there was handled
   * before, a redelivery), then each new event's handler, then the acks. If it fails, a batch is
   * handled again one event at a time, so only the failing one waits for its retry.
   */
  private async handleEvents(consumerName: string, type: string, handler: EventHandler, events: ParsedEvent[]): Promise<void> {
    const { dataSource, logger } = this.options;
    let tx: TransactionContext;
    // counted once the transaction committed: a batch that fails is handled again, one by one
    const took: number[] = [];
    let duplicates = 0;
    try {
      tx = await dataSource.transaction(async (manager) => {
        const tx = this.transactionOf(manager);
        const fresh: { event_id: string }[] = await manager.query(
          `INSERT INTO event_inbox (event_id, consumer) SELECT DISTINCT unnest($1::uuid[]), $2
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [events.map((e) => e.envelope.id), consumerName],
        );
        // A redelivered event may have failed before: once it is handled, its failure record goes.
        const redelivered = events.filter((e) => e.msg.info.redeliveryCount > 1).map((e) => e.envelope.id);
        if (redelivered.length > 0) {
          await manager.query('DELETE FROM event_dead_letters WHERE consumer = $1 AND event_id = ANY($2::uuid[]) AND dead_at IS NULL', [
            consumerName,
            redelivered,
          ]);
        }
        const toHandle = new Set(fresh.map((r) => r.event_id));
        for (const event of events) {
          if (!toHandle.delete(event.envelope.id)) {
            duplicates++; // handled before, or twice in this batch
            continue;
          }
          took.push(await this.handleOne(type, event, () => handler(event.envelope, tx)));
        }
        return tx;
      });
    } catch (err) {
      if (events.length > 1) {
        logger.warn({ err, events: events.length }, 'a batch of events failed; handling them one by one');
        for (const event of events) await this.handleEvents(consumerName, type, handler, [event]);
        return;
      }
      await this.failed(consumerName, type, events[0], err);
      return;
    }
    this.committed(tx);
    for (const { msg } of events) msg.ack();
    if (this.instruments) {
      for (const seconds of took) this.instruments.handled(type, seconds);
      for (let i = 0; i < duplicates; i++) this.instruments.duplicate(type);
    }
  }

  /**
   * One event's handler, under its correlation id; with tracing on, in a span continuing the
   * relay's trace (the message's traceparent header) or else the one that recorded the event.
   * Answers how long it took, in seconds (0 when nobody measures).
   */
  private async handleOne(type: string, { msg, envelope }: ParsedEvent, work: () => Promise<void>): Promise<number> {
    const traced = tracingEnabled();
    if (!traced && !this.instruments) {
      await runWithCorrelation(envelope.correlationId, work);
      return 0;
    }
    const started = performance.now();
    const { span, context } = traced
      ? startSpan(`${type} handle`, {
          kind: SpanKind.CONSUMER,
          component: this.options.service,
          parent: msg.headers?.get(TRACEPARENT_HEADER) || envelope.traceparent || '',
          attributes: { 'messaging.system': 'nats', 'messaging.message.id': envelope.id, 'messaging.operation.type': 'process' },
        })
      : { span: undefined, context: undefined };
    try {
      if (span) await runInContext(context!, () => runWithCorrelation(span.spanContext().traceId, work));
      else await runWithCorrelation(envelope.correlationId, work);
    } catch (err) {
      if (span) endSpan(span, err);
      throw err;
    }
    if (span) endSpan(span);
    return (performance.now() - started) / 1000;
  }

  /**
   * A delivery whose handler failed: redelivered after a backoff, or, from the `maxDeliveries`-th
   * delivery on (JetStream counts deliveries, also those whose handling never finished), recorded
   * as a dead letter and acknowledged (terminated) so JetStream stops redelivering it.
   */
  private async failed(consumerName: string, type: string, event: ParsedEvent, err: unknown): Promise<void> {
    const { logger } = this.options;
    const { msg, envelope } = event;
    const deliveries = msg.info.redeliveryCount;
    const dead = deliveries >= this.maxDeliveries;
    const retryIn = this.options.redeliveryDelayMs?.(deliveries) ?? retryDelayMs(deliveries);
    this.instruments?.handlerFailed(type, dead);
    try {
      await this.recordFailure(consumerName, type, event, errorText(err), dead);
    } catch (recordErr) {
      // Cannot write (the database is often why the handler failed too): JetStream keeps it.
      logger.error({ err, recordErr, eventId: envelope.id, type, attempt: deliveries }, 'event handler failed; will retry');
      msg.nak(retryIn);
      return;
    }
    if (dead) {
      logger.error({ err, eventId: envelope.id, type, attempts: deliveries }, 'event handler failed every delivery; dead-lettered');
      msg.term(); // no reason: servers before 2.10 ignore a +TERM that carries one
      return;
    }
    logger.error({ err, eventId: envelope.id, type, attempt: deliveries }, 'event handler failed; will retry');
    msg.nak(retryIn);
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

function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    eventId: row.event_id,
    type: row.event_type,
    subject: row.subject,
    consumer: row.consumer,
    source: row.envelope.source,
    occurredAt: row.envelope.occurredAt,
    payload: row.envelope.payload,
    attempts: row.attempts,
    lastError: row.last_error,
    firstFailedAt: new Date(row.first_failed_at).toISOString(),
    lastFailedAt: new Date(row.last_failed_at).toISOString(),
    deadAt: new Date(row.dead_at).toISOString(),
  };
}
