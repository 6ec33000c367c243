import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type { Counter, Gauge, Histogram } from 'prom-client';

/** Every metric of the platform starts with it (issue 21's contract), the process metrics too. */
export const METRIC_PREFIX = 'bakery_';

/** Seconds: from a fast NATS round trip (a millisecond) to a request that waited for a timeout. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const METRIC_NAME = /^bakery_[a-z0-9_]+$/;

type Instrument = Counter<string> | Gauge<string> | Histogram<string>;

/**
 * The Prometheus metrics of one process (one running service or gateway: the in-process test
 * stack runs several, each with its own). A registry of its own, every series labelled with the
 * component (`service="ordering"`), Node's process metrics under the same prefix.
 *
 * `enabled` is false when nobody can scrape them (no METRICS_PORT, no gateway METRICS_TOKEN): the
 * hot paths (HTTP, NATS, events) then skip measuring altogether. Instruments are made once, by
 * name: asking for one again answers the same object, so a module may ask where it counts.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly instruments = new Map<string, Instrument>();

  constructor(
    readonly component: string,
    readonly enabled: boolean,
  ) {
    this.registry.setDefaultLabels({ service: component });
    if (enabled) collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
  }

  /** Metrics nobody reads (a command-line tool, a test that does not look). */
  static disabled(component = 'none'): Metrics {
    return new Metrics(component, false);
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return this.made(name, 'counter', () => new Counter<L>({ name, help, labelNames, registers: [this.registry] }));
  }

  histogram<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    buckets: number[] = LATENCY_BUCKETS,
  ): Histogram<L> {
    return this.made(name, 'histogram', () => new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] }));
  }

  /**
   * A gauge; with `collect`, its value is read when Prometheus scrapes (backlogs, lags, pools),
   * never on a request's path. A collect that throws leaves the last value and the scrape goes on.
   */
  gauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (gauge: Gauge<L>) => void | Promise<void>,
  ): Gauge<L> {
    return this.made(
      name,
      'gauge',
      () =>
        new Gauge<L>({
          name,
          help,
          labelNames,
          registers: [this.registry],
          ...(collect
            ? {
                async collect(this: Gauge<L>) {
                  try {
                    await collect(this);
                  } catch {
                    // a database or NATS that does not answer must not fail the whole scrape
                  }
                },
              }
            : {}),
        }),
    );
  }

  /** The exposition text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private made<T extends Instrument>(name: string, kind: string, make: () => T): T {
    const existing = this.instruments.get(name);
    if (existing) {
      if (kindOf(existing) !== kind) {
        throw new Error(`metric ${name} is already a ${kindOf(existing)}, not a ${kind}`);
      }
      return existing as T;
    }
    if (!METRIC_NAME.test(name)) throw new Error(`metric name ${name} must match ${METRIC_NAME}`);
    const made = make();
    this.instruments.set(name, made);
    return made;
  }
}

function kindOf(instrument: Instrument): string {
  if (instrument instanceof Counter) return 'counter';
  if (instrument instanceof Histogram) return 'histogram';
  return 'gauge';
}
