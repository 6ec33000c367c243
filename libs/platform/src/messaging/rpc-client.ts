import { randomUUID } from 'node:crypto';
import { AppError, CORRELATION_HEADER, ErrorCode, isErrorPayload, requestSubject, rpcTimeoutFor } from '@bakery/contracts';
import { headers as natsHeaders, NatsConnection } from 'nats';
import { currentCorrelationId } from '../logging/correlation';
import { natsRequestInstruments, TimedInstruments } from '../metrics/instruments';
import type { Metrics } from '../metrics/metrics';
import { endSpan, runInContext, SpanKind, startSpan, TRACEPARENT_HEADER, traceparentOf, tracingEnabled } from '../tracing/tracing';

/** What Nest's NATS transport answers: `{ response }` on success, `{ err }` on failure. */
interface ReplyPacket {
  id?: string;
  response?: unknown;
  err?: unknown;
}

export interface RequestOptions {
  timeoutMs?: number;
}

/** Who is calling (the span's component) and where its NATS requests are counted. */
export interface RpcClientTelemetry {
  component?: string;
  metrics?: Metrics;
}

/** Why a request got no answer, for the metrics' outcome (the caller sees a 503 either way). */
const transportFailures = new WeakMap<AppError, string>();

/** The outcome label of a failed request: the error's code, or why no answer came. */
export function requestOutcome(err: unknown): string {
  if (err instanceof AppError) return transportFailures.get(err) ?? err.code;
  return ErrorCode.Internal;
}

function transportFailure(err: unknown): string {
  const code = (err as { code?: unknown })?.code;
  if (code === '503') return 'NO_RESPONDERS';
  if (code === 'TIMEOUT') return 'TIMEOUT';
  return 'UNREACHABLE';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Request/reply to a service over NATS, in the wire format of Nest's NATS transport.
 * It uses the client's multiplexed inbox (no subscription per request), passes the correlation id
 * on, waits as long as the pattern's budget allows (`RPC_TIMEOUT_FACTORS`), and turns "nobody
 * listening" and "no answer in time" into 503 errors.
 */
export class RpcClient {
  private readonly instruments?: TimedInstruments<'pattern' | 'outcome'>;
  private readonly component: string;

  constructor(
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    private readonly defaultTimeoutMs: number,
    telemetry: RpcClientTelemetry = {},
  ) {
    this.instruments = telemetry.metrics?.enabled ? natsRequestInstruments(telemetry.metrics) : undefined;
    this.component = telemetry.component ?? 'client';
  }

  async request<TResponse>(pattern: string, data: unknown, options: RequestOptions = {}): Promise<TResponse> {
    const traced = tracingEnabled();
    if (!traced && !this.instruments) return this.send(pattern, data, options);
    // the span is the request as the caller saw it; its traceparent goes along in the headers
    const { span, context } = traced
      ? startSpan(`${pattern} request`, { kind: SpanKind.CLIENT, component: this.component, attributes: { 'messaging.system': 'nats', 'rpc.method': pattern } })
      : { span: undefined, context: undefined };
    const started = performance.now();
    try {
      const answer = context ? await runInContext(context, () => this.send<TResponse>(pattern, data, options, traceparentOf(span!))) : await this.send<TResponse>(pattern, data, options);
      this.instruments?.observe({ pattern, outcome: 'ok' }, (performance.now() - started) / 1000);
      if (span) endSpan(span);
      return answer;
    } catch (err) {
      const outcome = requestOutcome(err);
      this.instruments?.observe({ pattern, outcome }, (performance.now() - started) / 1000);
      if (span) endSpan(span, err, outcome);
      throw err;
    }
  }

  private async send<TResponse>(pattern: string, data: unknown, options: RequestOptions, traceparent?: string): Promise<TResponse> {
    const id = randomUUID();
    const h = natsHeaders();
    h.set(CORRELATION_HEADER, currentCorrelationId() ?? id);
    if (traceparent) h.set(TRACEPARENT_HEADER, traceparent);
    let raw: Uint8Array;
    try {
      const msg = await this.nc.request(
        requestSubject(this.namespace, pattern),
        encoder.encode(JSON.stringify({ pattern, data, id })),
        { timeout: options.timeoutMs ?? rpcTimeoutFor(pattern, this.defaultTimeoutMs), headers: h },
      );
      raw = msg.data;
    } catch (err) {
      // No responders, no answer in time, or the connection is reconnecting: the caller may retry.
      const unavailable = AppError.unavailable(`The ${pattern.split('.')[0]} service`);
      transportFailures.set(unavailable, transportFailure(err));
      throw unavailable;
    }
    const reply = JSON.parse(decoder.decode(raw)) as ReplyPacket;
    if (reply.err !== undefined && reply.err !== null) {
      if (isErrorPayload(reply.err)) throw AppError.fromPayload(reply.err);
      throw new AppError(ErrorCode.Internal, 'Internal error');
    }
    return reply.response as TResponse;
  }
}
