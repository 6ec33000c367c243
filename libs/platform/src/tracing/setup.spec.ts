import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { instrumentationsOf, samplerSettings, startTracing, startTracingFromEnv, stopTracing } from './setup';
import {
  COMPONENT_ATTRIBUTE,
  currentTraceparent,
  endSpan,
  runInContext,
  SpanKind,
  startSpan,
  traceparentOf,
  tracingEnabled,
} from './tracing';
import { parseTraceparent } from './traceparent';
import { currentCorrelationId, runWithCorrelation } from '../logging/correlation';

describe('samplerSettings', () => {
  it('keeps every trace (the parent decides for continued ones) by default', () => {
    expect(samplerSettings({})).toEqual({ kind: 'parentbased_always_on' });
  });

  it('takes OTEL_TRACES_SAMPLER_ARG alone as a ratio of new traces', () => {
    expect(samplerSettings({ OTEL_TRACES_SAMPLER_ARG: '0.1' })).toEqual({ kind: 'parentbased_traceidratio', ratio: 0.1 });
    expect(samplerSettings({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })).toEqual({ kind: 'traceidratio', ratio: 0.25 });
    expect(samplerSettings({ OTEL_TRACES_SAMPLER: 'traceidratio' })).toEqual({ kind: 'traceidratio', ratio: 1 });
    expect(samplerSettings({ OTEL_TRACES_SAMPLER: 'always_off', OTEL_TRACES_SAMPLER_ARG: '0.5' })).toEqual({ kind: 'always_off' });
  });

  it('stops the start on a value it cannot use, naming the variable', () => {
    expect(() => samplerSettings({ OTEL_TRACES_SAMPLER_ARG: '10%' })).toThrow(/OTEL_TRACES_SAMPLER_ARG="10%" is invalid/);
    expect(() => samplerSettings({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/from 0 to 1/);
    expect(() => samplerSettings({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER="sometimes" is invalid/);
  });
});

describe('instrumentationsOf', () => {
  it('patches http (outgoing), pg and socket.io by default; fewer when asked', () => {
    expect([...instrumentationsOf({})]).toEqual(['http', 'pg', 'socket.io']);
    expect([...instrumentationsOf({ OTEL_NODE_ENABLED_INSTRUMENTATIONS: 'http,pg' })]).toEqual(['http', 'pg']);
    expect([...instrumentationsOf({ OTEL_NODE_DISABLED_INSTRUMENTATIONS: 'pg, socket.io' })]).toEqual(['http']);
  });

  it('stops the start on a name it does not know', () => {
    expect(() => instrumentationsOf({ OTEL_NODE_DISABLED_INSTRUMENTATIONS: 'redis' })).toThrow(/OTEL_NODE_DISABLED_INSTRUMENTATIONS names redis/);
  });
});

describe('tracing', () => {
  afterEach(() => stopTracing());

  it('stays off without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    expect(startTracingFromEnv('gateway', {})).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(currentTraceparent()).toBeUndefined();
  });

  it('carries a trace across a traceparent, as a NATS header or an envelope field does', async () => {
    const exporter = new InMemorySpanExporter();
    startTracing({ component: 'gateway', exporter, exportEachSpan: true, instrument: false, env: {} });
    expect(tracingEnabled()).toBe(true);

    const client = startSpan('ordering.orders.place request', { kind: SpanKind.CLIENT, component: 'gateway' });
    const header = runInContext(client.context, () => currentTraceparent());
    expect(header).toBe(traceparentOf(client.span));

    // the other side: a new span whose parent is the one the header names
    const server = startSpan('ordering.orders.place handle', { kind: SpanKind.SERVER, component: 'ordering', parent: header });
    endSpan(server.span);
    endSpan(client.span);

    const [handled, requested] = exporter.getFinishedSpans();
    expect(handled.spanContext().traceId).toBe(requested.spanContext().traceId);
    expect(handled.parentSpanContext?.spanId).toBe(requested.spanContext().spanId);
    expect(handled.attributes[COMPONENT_ATTRIBUTE]).toBe('ordering');
    expect(requested.attributes[COMPONENT_ATTRIBUTE]).toBe('gateway');
    expect(parseTraceparent(header)?.traceFlags).toBe(1);
  });

  it('makes the correlation id the trace id of the active span, and keeps the caller’s outside any span', () => {
    startTracing({ component: 'ordering', exporter: new InMemorySpanExporter(), exportEachSpan: true, instrument: false, env: {} });
    const { span, context } = startSpan('ordering.orders.place handle', { kind: SpanKind.SERVER, component: 'ordering' });
    const traceId = span.spanContext().traceId;
    runInContext(context, () => {
      expect(currentCorrelationId()).toBe(traceId);
      expect(runWithCorrelation(traceId, () => currentCorrelationId())).toBe(traceId);
    });
    expect(runWithCorrelation('order-flow-7', () => currentCorrelationId())).toBe('order-flow-7');
    endSpan(span);
  });

  it('starts a new trace when the traceparent is broken', () => {
    const exporter = new InMemorySpanExporter();
    startTracing({ component: 'catalog', exporter, exportEachSpan: true, instrument: false, env: {} });
    const { span } = startSpan('x', { kind: SpanKind.CONSUMER, component: 'catalog', parent: 'not-a-traceparent' });
    endSpan(span, new Error('failed'));
    const [finished] = exporter.getFinishedSpans();
    expect(finished.parentSpanContext).toBeUndefined();
    expect(finished.status.code).toBe(2);
  });

  it('keeps no span at a ratio of 0, yet still has a trace id to correlate by', () => {
    const exporter = new InMemorySpanExporter();
    startTracing({ component: 'gateway', exporter, exportEachSpan: true, instrument: false, env: { OTEL_TRACES_SAMPLER_ARG: '0' } });
    const { span, context } = startSpan('GET /api/products', { kind: SpanKind.SERVER, component: 'gateway' });
    expect(span.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(parseTraceparent(runInContext(context, () => currentTraceparent()))?.traceFlags).toBe(0);
    endSpan(span);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
