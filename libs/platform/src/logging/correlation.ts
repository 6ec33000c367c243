import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { currentTraceId } from '../tracing/tracing';

/**
 * The correlation id of the HTTP request or message being handled. The gateway sets it for every
 * request; the RPC client and the event bus pass it on, so one id follows a request everywhere.
 * With tracing on it is the trace id, read from the active span: then no store of its own is
 * entered (a second AsyncLocalStorage would cost every promise of every request its propagation).
 */
interface CorrelationStore {
  correlationId: string;
}

const storage = new AsyncLocalStorage<CorrelationStore>();

const VALID_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function currentCorrelationId(): string | undefined {
  return currentTraceId() ?? storage.getStore()?.correlationId;
}

export function runWithCorrelation<T>(correlationId: string | undefined, fn: () => T): T {
  // the active span already says it (tracing on: the correlation id is its trace id)
  if (correlationId !== undefined && correlationId === currentTraceId()) return fn();
  return storage.run({ correlationId: sanitizeCorrelationId(correlationId) }, fn);
}

/** Accepts a caller's id only when it is short and plain; otherwise makes a new one. */
export function sanitizeCorrelationId(candidate: string | undefined | null): string {
  return candidate && VALID_ID.test(candidate) ? candidate : randomUUID();
}
