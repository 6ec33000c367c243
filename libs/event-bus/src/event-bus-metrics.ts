import { durableConsumerName, eventStreamName } from '@bakery/contracts';
import type { Counter, Histogram, Metrics } from '@bakery/platform';
import type { JetStreamManager, NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';

/** How long a scrape waits for the database or JetStream before it answers without their figures. */
const COLLECT_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics collection timed out')), COLLECT_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface OutboxSnapshot {
  pending: number;
  oldestSeconds: number;
  dead: number;
}

/**
 * The event bus's metrics: counters on the way (published, handled, failed, dead-lettered) and,
 * read only when Prometheus scrapes, the outbox backlog and the age of its oldest pending row,
 * the dead letters, and each consumer's lag as JetStream counts it.
 */
export class EventBusMetrics {
  private readonly published: Counter<'type'>;
  private readonly publishFailures: Counter<'type'>;
  private readonly handledEvents: Counter<'type' | 'outcome'>;
  private readonly handleDuration: Histogram<'type'>;
  private readonly handlerFailures: Counter<'type'>;
  private readonly deadLetters: Counter<'type'>;
  private snapshot?: Promise<OutboxSnapshot>;
  private jsm?: Promise<JetStreamManager>;

  constructor(
    metrics: Metrics,
    private readonly source: { service: string; namespace: string; dataSource: DataSource; nc: NatsConnection; types: () => string[] },
  ) {
    this.published = metrics.counter('bakery_events_published_total', 'Events the relay published to JetStream, by type', ['type']);
    this.publishFailures = metrics.counter('bakery_event_publish_failures_total', 'Failed publishes of outbox rows (retried with backoff), by type', ['type']);
    this.handledEvents = metrics.counter(
      'bakery_events_handled_total',
      'Events this service handled (outcome handled) or had handled before (outcome duplicate: a redelivery), by type',
      ['type', 'outcome'],
    );
    this.handleDuration = metrics.histogram('bakery_event_handle_duration_seconds', 'How long event handlers took, in seconds, by type', ['type']);
    this.handlerFailures = metrics.counter('bakery_event_handler_failures_total', 'Deliveries whose handler failed (redelivered later), by type', ['type']);
    this.deadLetters = metrics.counter('bakery_events_dead_lettered_total', 'Events given up on after EVENT_MAX_DELIVERIES failed deliveries, by type', ['type']);
    // a scrape collects in this order: the first gauge reads, the next two reuse what it read
    metrics.gauge('bakery_outbox_pending', 'Outbox rows not yet published', [], async (g) => g.set((await this.outbox(true)).pending));
    metrics.gauge('bakery_outbox_oldest_pending_age_seconds', 'Age of the oldest unpublished outbox row, in seconds (0: none)', [], async (g) =>
      g.set((await this.outbox(false)).oldestSeconds),
    );
    metrics.gauge('bakery_event_dead_letters', 'Dead letters waiting for a re-drive', [], async (g) => g.set((await this.outbox(false)).dead));
    metrics.gauge(
      'bakery_event_consumer_pending',
      "Events in the stream not yet delivered to this service's consumer (JetStream's num_pending), by type",
      ['type'],
      async (g) => {
        for (const info of await this.consumers()) g.set({ type: info.type }, info.pending);
      },
    );
    metrics.gauge(
      'bakery_event_consumer_ack_pending',
      "Events delivered to this service's consumer and not yet acknowledged (JetStream's num_ack_pending), by type",
      ['type'],
      async (g) => {
        for (const info of await this.consumers()) g.set({ type: info.type }, info.ackPending);
      },
    );
  }

  publishedOne(type: string): void {
    this.published.inc({ type });
  }

  publishFailed(type: string): void {
    this.publishFailures.inc({ type });
  }

  handled(type: string, seconds: number): void {
    this.handledEvents.inc({ type, outcome: 'handled' });
    this.handleDuration.observe({ type }, seconds);
  }

  duplicate(type: string): void {
    this.handledEvents.inc({ type, outcome: 'duplicate' });
  }

  handlerFailed(type: string, dead: boolean): void {
    this.handlerFailures.inc({ type });
    if (dead) this.deadLetters.inc({ type });
  }

  /** One query for the three outbox figures, read afresh by the first gauge of a scrape. */
  private outbox(fresh: boolean): Promise<OutboxSnapshot> {
    if (fresh || !this.snapshot) {
      this.snapshot = within(
        this.source.dataSource.query(
          `SELECT (SELECT count(*) FROM event_outbox WHERE published_at IS NULL)::int AS pending,
                  COALESCE((SELECT extract(epoch FROM now() - min(created_at)) FROM event_outbox WHERE published_at IS NULL), 0)::float8 AS "oldestSeconds",
                  (SELECT count(*) FROM event_dead_letters WHERE dead_at IS NOT NULL)::int AS dead`,
        ) as Promise<OutboxSnapshot[]>,
      ).then(([row]) => row);
    }
    return this.snapshot;
  }

  private async consumers(): Promise<{ type: string; pending: number; ackPending: number }[]> {
    this.jsm ??= this.source.nc.jetstreamManager();
    const jsm = await within(this.jsm).catch((err: unknown) => {
      this.jsm = undefined;
      throw err;
    });
    const stream = eventStreamName(this.source.namespace);
    const infos = await within(
      Promise.all(
        this.source.types().map(async (type) => {
          const info = await jsm.consumers.info(stream, durableConsumerName(this.source.service, type)).catch(() => null);
          return info ? { type, pending: info.num_pending, ackPending: info.num_ack_pending } : null;
        }),
      ),
    );
    return infos.filter((i) => i !== null);
  }
}
