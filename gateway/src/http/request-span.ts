import { activeSpan, activeSpanContext, endSpan, runInContext, SpanKind, startSpan, tracingEnabled } from '@bakery/platform';
import type { FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { headerOf } from './request-facts';

/** The span of one HTTP request, as the correlation middleware uses it. */
export interface RequestSpan {
  traceId: string;
  /** runs `fn` in the span's context (its NATS requests carry it on, its logs its trace id) */
  run(fn: () => void): void;
  /** names it after the route template once the request is answered */
  finish(route: string, status: number): void;
}

/**
 * The request's span, or undefined when tracing is off. The HTTP instrumentation has usually
 * started one already (it continues an incoming `traceparent`); where it could not patch the
 * server (a test under jest), the gateway starts its own, continuing the same header.
 */
export function requestSpan(req: FastifyRequest, res: ServerResponse, urlPath: string): RequestSpan | undefined {
  if (!tracingEnabled()) return undefined;
  const existing = activeSpan();
  if (existing) {
    const context = activeSpanContext();
    return {
      traceId: existing.spanContext().traceId,
      run: (fn) => runInContext(context, fn),
      finish: (route) => {
        existing.updateName(`${req.method} ${route}`);
        existing.setAttribute('http.route', route);
      },
    };
  }
  const { span, context } = startSpan(`${req.method}`, {
    kind: SpanKind.SERVER,
    component: 'gateway',
    parent: headerOf(req.headers, 'traceparent') ?? '',
    attributes: { 'http.request.method': req.method, 'url.path': urlPath },
  });
  let ended = false;
  // a request the client gave up on still ends its span
  res.once('close', () => {
    if (!ended) endSpan(span, new Error('connection closed before the answer was sent'));
    ended = true;
  });
  return {
    traceId: span.spanContext().traceId,
    run: (fn) => runInContext(context, fn),
    finish: (route, status) => {
      if (ended) return;
      ended = true;
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      endSpan(span, status >= 500 ? new Error(`HTTP ${status}`) : undefined);
    },
  };
}
