import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The correlation id of the HTTP request or message being handled. The gateway sets it for every
 * request; the RPC client and the event bus pass it on, so one id follows a request everywhere.
 */
interface CorrelationStore {
  correlationId: string;
}

const storage = new AsyncLocalStorage<CorrelationStore>();

const VALID_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

export function runWithCorrelation<T>(correlationId: string | undefined, fn: () => T): T {
  return storage.run({ correlationId: sanitizeCorrelationId(correlationId) }, fn);
}

/** Accepts a caller's id only when it is short and plain; otherwise makes a new one. */
export function sanitizeCorrelationId(candidate: string | undefined | null): string {
  return candidate && VALID_ID.test(candidate) ? candidate : randomUUID();
}
