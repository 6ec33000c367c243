/**
 * OpenTelemetry's Node SDK for one process, started before anything else loads (a process's
 * main.ts imports this file first: the instrumentations patch http, pg and socket.io as
 * they are required, and cannot patch what was loaded before them). It runs only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise not even the SDK is loaded.
 *
 * Standard variables: OTEL_EXPORTER_OTLP_ENDPOINT (an OTLP/HTTP collector, e.g.
 * http://otel-collector:4318; spans go to <endpoint>/v1/traces), OTEL_SERVICE_NAME (default
 * bakery-<component>), OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (the share of new traces
 * kept, 0 to 1; set alone, it means parentbased_traceidratio).
 *
 * This file imports nothing of the platform's index (which loads pg and Nest): only ./tracing.
 */
import type { TracerProvider } from '@opentelemetry/api';
import type { Sampler, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { tracingEnabled, useTracer } from './tracing';

type Env = Record<string, string | undefined>;

export interface TracingOptions {
  /** the gateway or the service: the default service.name is bakery-<component> */
  component: string;
  /** where spans go (tests: an InMemorySpanExporter); default OTLP over HTTP, from the OTEL_* variables */
  exporter?: SpanExporter;
  /** export each span as it ends (tests) instead of in batches */
  exportEachSpan?: boolean;
  /** patch http, pg and socket.io as they load (default true; tests under jest cannot) */
  instrument?: boolean;
  env?: Env;
}

export type SamplerSettings =
  | { kind: 'always_on' | 'always_off' | 'parentbased_always_on' | 'parentbased_always_off' }
  | { kind: 'traceidratio' | 'parentbased_traceidratio'; ratio: number };

const SAMPLERS = ['always_on', 'always_off', 'parentbased_always_on', 'parentbased_always_off', 'traceidratio', 'parentbased_traceidratio'];

/**
 * Which traces are kept, from OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG. A bad value stops
 * the start with a clear message (the SDK alone would log and keep every trace).
 */
export function samplerSettings(env: Env): SamplerSettings {
  const argText = env.OTEL_TRACES_SAMPLER_ARG?.trim() || undefined;
  const kind = env.OTEL_TRACES_SAMPLER?.trim() || (argText !== undefined ? 'parentbased_traceidratio' : 'parentbased_always_on');
  if (!SAMPLERS.includes(kind)) throw new Error(`OTEL_TRACES_SAMPLER=${JSON.stringify(kind)} is invalid: expected one of ${SAMPLERS.join(', ')}`);
  if (kind !== 'traceidratio' && kind !== 'parentbased_traceidratio') return { kind } as SamplerSettings;
  const ratio = argText === undefined ? 1 : Number(argText);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new Error(`OTEL_TRACES_SAMPLER_ARG=${JSON.stringify(argText)} is invalid: expected a number from 0 to 1`);
  }
  return { kind, ratio };
}

/* eslint-disable @typescript-eslint/no-require-imports -- the SDK loads only when tracing is on */
function makeSampler(settings: SamplerSettings): Sampler {
  const sdk = require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const root = (kind: string, ratio: number): Sampler =>
    kind.endsWith('always_on') ? new sdk.AlwaysOnSampler() : kind.endsWith('always_off') ? new sdk.AlwaysOffSampler() : new sdk.TraceIdRatioBasedSampler(ratio);
  const ratio = 'ratio' in settings ? settings.ratio : 1;
  return settings.kind.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root: root(settings.kind, ratio) }) : root(settings.kind, ratio);
}

interface Running {
  provider: TracerProvider & { shutdown(): Promise<void> };
  unpatch: () => void;
}

let running: Running | undefined;

/**
 * Starts tracing in this process: a tracer provider registered globally (async-hooks context, W3C
 * propagation), spans exported in batches, and the instrumentations. A second call is refused.
 */
export function startTracing(options: TracingOptions): void {
  if (tracingEnabled()) throw new Error('tracing is already started in this process');
  const env = options.env ?? process.env;
  const settings = samplerSettings(env);
  instrumentationsOf(env); // a bad name stops the start before anything is registered
  const api = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  const sdk = require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const semconv = require('@opentelemetry/semantic-conventions') as typeof import('@opentelemetry/semantic-conventions');

  const exporter = options.exporter ?? otlpExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [semconv.ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || `bakery-${options.component}`,
      'service.namespace': env.BAKERY_NAMESPACE?.trim() || 'bakery',
    }),
    sampler: makeSampler(settings),
    spanProcessors: [options.exportEachSpan ? new sdk.SimpleSpanProcessor(exporter) : new sdk.BatchSpanProcessor(exporter)],
  });
  provider.register();
  const unpatch = options.instrument === false ? () => undefined : instrument(instrumentationsOf(env));
  running = { provider, unpatch };
  useTracer(api.trace.getTracer('@bakery/platform'));
}

/** Tracing from the standard variables, only when OTEL_EXPORTER_OTLP_ENDPOINT is set; answers whether it started. */
export function startTracingFromEnv(component: string, env: Env = process.env): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return false;
  startTracing({ component, env });
  return true;
}

/** Exports what is left, unpatches, and unregisters everything (the process can start it again). */
export async function stopTracing(): Promise<void> {
  const current = running;
  if (!current) return;
  running = undefined;
  useTracer(undefined);
  current.unpatch();
  await current.provider.shutdown().catch(() => undefined);
  const api = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  api.trace.disable();
  api.context.disable();
  api.propagation.disable();
}

function otlpExporter(): SpanExporter {
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  // reads OTEL_EXPORTER_OTLP_ENDPOINT (and _TRACES_ENDPOINT, _HEADERS, _TIMEOUT) itself
  return new OTLPTraceExporter();
}

const INSTRUMENTATIONS = ['http', 'pg', 'socket.io'] as const;
type InstrumentationName = (typeof INSTRUMENTATIONS)[number];
const DEFAULT_INSTRUMENTATIONS: readonly InstrumentationName[] = INSTRUMENTATIONS;

/**
 * The instrumentations to register, as OpenTelemetry's Node distribution reads its variables:
 * OTEL_NODE_ENABLED_INSTRUMENTATIONS (comma-separated; default http, pg, socket.io) less
 * OTEL_NODE_DISABLED_INSTRUMENTATIONS.
 */
export function instrumentationsOf(env: Env): Set<InstrumentationName> {
  const list = (name: string, fallback: readonly InstrumentationName[]) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
    const unknown = names.filter((n) => !(INSTRUMENTATIONS as readonly string[]).includes(n));
    if (unknown.length > 0) throw new Error(`${name} names ${unknown.join(', ')}: expected some of ${INSTRUMENTATIONS.join(', ')}`);
    return names as InstrumentationName[];
  };
  const disabled = new Set(list('OTEL_NODE_DISABLED_INSTRUMENTATIONS', []));
  return new Set(list('OTEL_NODE_ENABLED_INSTRUMENTATIONS', DEFAULT_INSTRUMENTATIONS).filter((n) => !disabled.has(n)));
}

/**
 * HTTP, pg and socket.io, those `enabled`; answers how to undo it. Incoming HTTP requests
 * are the gateway's own request span (./tracing, gateway/src/http/request-span.ts: it continues
 * a `traceparent` and names the route); the HTTP instrumentation traces outgoing calls only, which
 * saved a tenth of the catalogue read's cost.
 */
function instrument(enabled: Set<InstrumentationName>): () => void {
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { SocketIoInstrumentation } = require('@opentelemetry/instrumentation-socket.io') as typeof import('@opentelemetry/instrumentation-socket.io');
  const all: Record<InstrumentationName, () => InstanceType<typeof HttpInstrumentation | typeof PgInstrumentation | typeof SocketIoInstrumentation>> = {
    http: () => new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
    // a query outside any request or event (the relay's polling, a sweeper) starts no trace of its own
    pg: () => new PgInstrumentation({ requireParentSpan: true }),
    'socket.io': () => new SocketIoInstrumentation(),
  };
  return registerInstrumentations({ instrumentations: INSTRUMENTATIONS.filter((n) => enabled.has(n)).map((n) => all[n]()) });
}
/* eslint-enable @typescript-eslint/no-require-imports */
