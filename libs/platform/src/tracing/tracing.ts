import { Attributes, context, Context, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { formatTraceparent, parseTraceparent } from './traceparent';

export { SpanKind };

/** The NATS header (and envelope field) that carries the trace on. */
export const TRACEPARENT_HEADER = 'traceparent';
/**
 * Which component made a span: the gateway or a service. A process's resource says it too
 * (service.name), but the in-process test stack runs every component in one process.
 */
export const COMPONENT_ATTRIBUTE = 'bakery.component';

let tracer: Tracer | undefined;
const INVALID_TRACE_ID = '0'.repeat(32);

/**
 * Whether this process traces (OTEL_EXPORTER_OTLP_ENDPOINT was set, or a test started it). Every
 * traced path asks this first: when it is false, nothing of OpenTelemetry runs at all.
 */
export function tracingEnabled(): boolean {
  return tracer !== undefined;
}

/** Set by `startTracing` and `stopTracing` (./setup.ts) only. */
export function useTracer(next: Tracer | undefined): void {
  tracer = next;
}

export interface SpanOptions {
  kind: SpanKind;
  component: string;
  /** the parent: a context, or a traceparent from a message (absent or broken: the active context) */
  parent?: Context | string;
  attributes?: Attributes;
}

/** A started span and the context to run its work in. Only call when `tracingEnabled()`. */
export function startSpan(name: string, options: SpanOptions): { span: Span; context: Context } {
  const parent = typeof options.parent === 'string' ? contextFromTraceparent(options.parent) : (options.parent ?? context.active());
  const span = tracer!.startSpan(
    name,
    { kind: options.kind, attributes: { [COMPONENT_ATTRIBUTE]: options.component, ...options.attributes } },
    parent,
  );
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `fn` with `ctx` as the active context (its spans become children, its calls carry it on). */
export function runInContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

/** The context a traceparent names, as a remote parent; the active context if it is absent or broken. */
export function contextFromTraceparent(header: string | undefined | null): Context {
  const parent = parseTraceparent(header);
  if (!parent) return context.active();
  return trace.setSpanContext(ROOT_CONTEXT, { ...parent, isRemote: true });
}

/** The traceparent of a span, to send along. */
export function traceparentOf(span: Span): string {
  return formatTraceparent(span.spanContext());
}

/** The traceparent of the active span, or undefined (tracing off, or no span). */
export function currentTraceparent(): string | undefined {
  if (!tracer) return undefined;
  const span = trace.getSpan(context.active());
  return span && span.spanContext().traceId !== INVALID_TRACE_ID ? traceparentOf(span) : undefined;
}

/** The trace id of the active span, or undefined (tracing off, no span). */
export function currentTraceId(): string | undefined {
  if (!tracer) return undefined;
  const traceId = trace.getSpan(context.active())?.spanContext().traceId;
  return traceId && traceId !== INVALID_TRACE_ID ? traceId : undefined;
}

/** Ends a span, marking it failed when `error` is given. */
export function endSpan(span: Span, error?: unknown, outcome?: string): void {
  if (error !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome ?? (error instanceof Error ? error.message : String(error)) });
    if (error instanceof Error) span.recordException(error);
  }
  span.end();
}

/** The active context (to run later work in it). */
export function activeSpanContext(): Context {
  return context.active();
}

/** The active span (the one the HTTP instrumentation made for a request, say), or undefined. */
export function activeSpan(): Span | undefined {
  if (!tracer) return undefined;
  return trace.getSpan(context.active());
}
