import type { Counter, Histogram, LabelValues } from 'prom-client';
import type { Metrics } from './metrics';

/** A count and a latency histogram with the same labels, observed together. */
export class TimedInstruments<L extends string> {
  private readonly count: Counter<L>;
  private readonly duration: Histogram<L>;

  constructor(metrics: Metrics, names: { count: string; duration: string }, help: string, labelNames: readonly L[]) {
    this.count = metrics.counter(names.count, help, labelNames);
    this.duration = metrics.histogram(names.duration, `${help}: how long they took, in seconds`, labelNames);
  }

  observe(labels: LabelValues<L>, seconds: number): void {
    this.count.inc(labels);
    this.duration.observe(labels, seconds);
  }
}

/** HTTP requests of the gateway, by route template (never the raw URL), method and status. */
export function httpRequestInstruments(metrics: Metrics): TimedInstruments<'route' | 'method' | 'status'> {
  return new TimedInstruments(
    metrics,
    { count: 'bakery_http_requests_total', duration: 'bakery_http_request_duration_seconds' },
    'HTTP requests answered',
    ['route', 'method', 'status'],
  );
}

/** NATS requests this process made (the caller's view: no responders and timeouts count here). */
export function natsRequestInstruments(metrics: Metrics): TimedInstruments<'pattern' | 'outcome'> {
  return new TimedInstruments(
    metrics,
    { count: 'bakery_nats_requests_total', duration: 'bakery_nats_request_duration_seconds' },
    'NATS requests made, by pattern and outcome (ok or the error code)',
    ['pattern', 'outcome'],
  );
}

/** NATS requests this service handled (validation included), by pattern and outcome. */
export function natsHandledInstruments(metrics: Metrics): TimedInstruments<'pattern' | 'outcome'> {
  return new TimedInstruments(
    metrics,
    { count: 'bakery_nats_handled_total', duration: 'bakery_nats_handle_duration_seconds' },
    'NATS requests handled, by pattern and outcome (ok or the error code)',
    ['pattern', 'outcome'],
  );
}

/** Emails, for the notifications service's mail sender: `.sent.inc()` once the server took one, `.failed.inc()` when it gave up. */
export function emailCounters(metrics: Metrics): { sent: Counter<never>; failed: Counter<never> } {
  return {
    sent: metrics.counter('bakery_emails_sent_total', 'Emails the mail server accepted'),
    failed: metrics.counter('bakery_emails_failed_total', 'Emails that could not be sent'),
  };
}
