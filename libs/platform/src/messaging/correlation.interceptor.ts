import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { CORRELATION_HEADER } from '@bakery/contracts';
import { Observable } from 'rxjs';
import { runWithCorrelation } from '../logging/correlation';
import { natsHandledInstruments, TimedInstruments } from '../metrics/instruments';
import type { Metrics } from '../metrics/metrics';
import { endSpan, runInContext, SpanKind, startSpan, TRACEPARENT_HEADER, tracingEnabled } from '../tracing/tracing';
import { errorCodeOf } from './rpc-errors';

export interface CorrelationInterceptorOptions {
  /** the service: its spans say so */
  component?: string;
  /** where handled requests are counted (by pattern and outcome) */
  metrics?: Metrics;
}

/** A handler's pattern, read once from its metadata. */
const patterns = new WeakMap<object, string>();

function patternOf(handler: object): string {
  let pattern = patterns.get(handler);
  if (pattern === undefined) {
    const declared: unknown[] | undefined = Reflect.getMetadata(PATTERN_METADATA, handler);
    pattern = declared?.length ? declared.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(',') : 'unknown';
    patterns.set(handler, pattern);
  }
  return pattern;
}

/**
 * Runs each message handler with the correlation id its caller sent, so logs and onward calls
 * carry it. With tracing on, the handler runs in a span continuing the caller's `traceparent`
 * (and the correlation id is the trace id); with metrics on, each message is counted and timed
 * by pattern and outcome (validation failures included: the pipe runs inside).
 */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  private readonly instruments?: TimedInstruments<'pattern' | 'outcome'>;
  private readonly component: string;

  constructor(options: CorrelationInterceptorOptions = {}) {
    this.instruments = options.metrics?.enabled ? natsHandledInstruments(options.metrics) : undefined;
    this.component = options.component ?? 'service';
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const ctx = context.switchToRpc().getContext<unknown>();
    const headers = ctx instanceof NatsContext ? ctx.getHeaders() : undefined;
    const correlationId = headers?.get(CORRELATION_HEADER);
    const traced = tracingEnabled();
    if (!traced && !this.instruments) {
      return new Observable((subscriber) => runWithCorrelation(correlationId || undefined, () => next.handle().subscribe(subscriber)));
    }
    const pattern = patternOf(context.getHandler());
    return new Observable((subscriber) => {
      const started = performance.now();
      const { span, context: spanContext } = traced
        ? startSpan(`${pattern} handle`, {
            kind: SpanKind.SERVER,
            component: this.component,
            parent: headers?.get(TRACEPARENT_HEADER) || undefined,
            attributes: { 'messaging.system': 'nats', 'rpc.method': pattern },
          })
        : { span: undefined, context: undefined };
      const done = (error?: unknown) => {
        const outcome = error === undefined ? 'ok' : errorCodeOf(error);
        this.instruments?.observe({ pattern, outcome }, (performance.now() - started) / 1000);
        if (span) endSpan(span, error, error === undefined ? undefined : outcome);
      };
      const handle = () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (err: unknown) => {
            done(err);
            subscriber.error(err);
          },
          complete: () => {
            done();
            subscriber.complete();
          },
        });
      // with tracing on, logs and onward calls carry the trace id as the correlation id
      const id = span ? span.spanContext().traceId : correlationId || undefined;
      return spanContext ? runInContext(spanContext, () => runWithCorrelation(id, handle)) : runWithCorrelation(id, handle);
    });
  }
}
