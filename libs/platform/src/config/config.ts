import { NAMESPACE_PATTERN } from '@bakery/contracts';

/**
 * Configuration comes from the environment and is checked once, at start. Every bad value is
 * reported at once, by name, so a misconfigured process stops with one clear message instead
 * of failing later somewhere deep.
 */
export type Env = Record<string, string | undefined>;

export interface VarReader<T> {
  readonly name: string;
  readonly description: string;
  readonly defaultValue?: string;
  read(raw: string | undefined): T;
}

class ConfigValueError extends Error {}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function reader<T>(
  name: string,
  description: string,
  defaultValue: string | undefined,
  parse: (raw: string) => T,
): VarReader<T> {
  return {
    name,
    description,
    defaultValue,
    read(raw) {
      const value = raw === undefined || raw === '' ? defaultValue : raw;
      if (value === undefined) throw new ConfigValueError(`${name} is required (${description})`);
      try {
        return parse(value);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new ConfigValueError(`${name}=${JSON.stringify(raw)} is invalid: ${why}`);
      }
    },
  };
}

export const envVar = {
  string(name: string, description: string, defaultValue?: string): VarReader<string> {
    return reader(name, description, defaultValue, (v) => v);
  },
  /** A value that may be absent: undefined when unset or empty. */
  optional(name: string, description: string): VarReader<string | undefined> {
    return { name, description, read: (raw) => (raw === undefined || raw === '' ? undefined : raw) };
  },
  int(name: string, description: string, defaultValue: number, min: number, max: number): VarReader<number> {
    return reader(name, description, String(defaultValue), (v) => {
      if (!/^-?\d+$/.test(v.trim())) throw new Error('expected a whole number');
      const n = Number(v);
      if (n < min || n > max) throw new Error(`expected a number from ${min} to ${max}`);
      return n;
    });
  },
  url(name: string, description: string, defaultValue: string, protocols: string[]): VarReader<string> {
    return reader(name, description, defaultValue, (v) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        throw new Error('expected a URL');
      }
      if (!protocols.includes(url.protocol.replace(/:$/, ''))) {
        throw new Error(`expected a ${protocols.join(' or ')} URL`);
      }
      return v;
    });
  },
  oneOf<T extends string>(name: string, description: string, defaultValue: T, values: readonly T[]): VarReader<T> {
    return reader(name, description, defaultValue, (v) => {
      if (!(values as readonly string[]).includes(v)) throw new Error(`expected one of ${values.join(', ')}`);
      return v as T;
    });
  },
  /**
   * A secret: required when NODE_ENV=production; elsewhere `developmentDefault` stands in so a
   * developer can start the stack without setting anything.
   */
  secret(name: string, description: string, developmentDefault: string, minLength: number): VarReader<string> {
    return {
      name,
      description,
      read(raw) {
        const production = process.env.NODE_ENV === 'production';
        const value = raw === undefined || raw === '' ? (production ? undefined : developmentDefault) : raw;
        if (value === undefined) throw new ConfigValueError(`${name} is required in production (${description})`);
        if (value.length < minLength) {
          throw new ConfigValueError(`${name} is invalid: expected at least ${minLength} characters`);
        }
        return value;
      },
    };
  },
  timeZone(name: string, description: string, defaultValue: string): VarReader<string> {
    return reader(name, description, defaultValue, (v) => {
      try {
        new Intl.DateTimeFormat('en-CA', { timeZone: v });
      } catch {
        throw new Error('expected an IANA time zone such as UTC or Europe/Paris');
      }
      return v;
    });
  },
  namespace(name: string, description: string, defaultValue: string): VarReader<string> {
    return reader(name, description, defaultValue, (v) => {
      if (!NAMESPACE_PATTERN.test(v)) {
        throw new Error('expected lower-case letters, digits and _ (starting with a letter, at most 31)');
      }
      return v;
    });
  },
  /** Any other shape: `parse` turns the text into the value or throws saying what is wrong. */
  parsed<T>(name: string, description: string, defaultValue: string, parse: (raw: string) => T): VarReader<T> {
    return reader(name, description, defaultValue, parse);
  },
};

export type ConfigOf<T extends Record<string, VarReader<unknown>>> = {
  [K in keyof T]: T[K] extends VarReader<infer V> ? V : never;
};

export function loadConfig<T extends Record<string, VarReader<unknown>>>(readers: T, env: Env = process.env): ConfigOf<T> {
  const problems: string[] = [];
  const result: Record<string, unknown> = {};
  for (const [key, r] of Object.entries(readers)) {
    try {
      result[key] = r.read(env[r.name]);
    } catch (err) {
      if (err instanceof ConfigValueError) problems.push(err.message);
      else throw err;
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return result as ConfigOf<T>;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Variables every process reads. */
export const commonConfig = {
  natsUrl: envVar.url('NATS_URL', 'NATS server with JetStream', 'nats://127.0.0.1:4222', ['nats', 'tls']),
  namespace: envVar.namespace(
    'BAKERY_NAMESPACE',
    'prefix of database names, NATS subjects, streams and consumers',
    'bakery',
  ),
  logLevel: envVar.oneOf('LOG_LEVEL', 'pino log level', 'info', LOG_LEVELS),
  rpcTimeoutMs: envVar.int('RPC_TIMEOUT_MS', 'how long a caller waits for a service to answer', 5000, 100, 120000),
};

/** A Prometheus port of the process's own (issue 21): unset or empty, none; 0 lets the system choose one (tests). */
export const metricsPortVar = envVar.parsed<number | undefined>(
  'METRICS_PORT',
  'port of the process\'s own Prometheus endpoint (GET /metrics); unset: none',
  '',
  (v) => {
    if (v.trim() === '') return undefined;
    if (!/^\d+$/.test(v.trim()) || Number(v) > 65535) throw new Error('expected a port number from 0 to 65535');
    return Number(v);
  },
);

/** Variables every back-end service reads on top of the common ones. */
export const serviceConfig = {
  ...commonConfig,
  metricsPort: metricsPortVar,
  databaseUrl: envVar.url(
    'DATABASE_URL',
    'Postgres server; each service uses its own database <BAKERY_NAMESPACE>_<service> on it',
    'postgres://postgres@127.0.0.1:5432/postgres',
    ['postgres', 'postgresql'],
  ),
  // The event bus of every service (libs/event-bus). Retention must outlast JetStream's duplicate
  // window (2 minutes) and the longest redelivery run (EVENT_MAX_DELIVERIES x at most 30 s of
  // backoff): a day at least, so an inbox id is never pruned while its event may still come again.
  eventRetentionDays: envVar.int(
    'EVENT_RETENTION_DAYS',
    'how long published outbox rows and handled inbox ids are kept before they are pruned',
    7,
    1,
    3650,
  ),
  eventMaxDeliveries: envVar.int(
    'EVENT_MAX_DELIVERIES',
    'failed deliveries after which an event goes to the dead letters and is acknowledged',
    20,
    1,
    100,
  ),
  eventPruneIntervalSeconds: envVar.int(
    'EVENT_PRUNE_INTERVAL_SECONDS',
    'how often each instance prunes outbox and inbox rows older than EVENT_RETENTION_DAYS',
    600,
    1,
    86_400,
  ),
  // 1 on a single NATS server; 3 on a 3-node JetStream cluster (deploy/helm), so the events
  // survive the loss of a node. A stream created with another count is changed at start.
  eventStreamReplicas: envVar.int(
    'EVENT_STREAM_REPLICAS',
    'replicas of the JetStream event stream (at most the number of NATS servers in the cluster)',
    1,
    1,
    5,
  ),
};
export type ServiceConfig = ConfigOf<typeof serviceConfig>;
