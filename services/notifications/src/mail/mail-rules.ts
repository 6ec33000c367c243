import type { MailStatus, OrderStatus } from '@bakery/contracts';

/** The status changes a customer is mailed about; the steps in between (in preparation, ready) are the bakery's own. */
export const MAILED_STATUSES: readonly OrderStatus[] = ['confirmed', 'in_transit', 'delivered', 'cancelled'];

export function statusMailWanted(status: OrderStatus): boolean {
  return MAILED_STATUSES.includes(status);
}

export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
}

/**
 * How long to wait after `failures` failed attempts: `baseMs` doubling each time, at most `maxMs`
 * (the event bus's backoff, libs/event-bus/src/retry-backoff.ts, with the mail's own numbers: an
 * SMTP server can be down for longer than a NATS hiccup).
 */
export function mailRetryDelayMs(failures: number, policy: Pick<RetryPolicy, 'baseMs' | 'maxMs'>): number {
  const doublings = Number.isFinite(failures) ? Math.min(Math.max(Math.floor(failures) - 1, 0), 40) : 40;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** doublings);
}

/** What nodemailer tells of a failed send (its errors carry `code` and, for an SMTP answer, `responseCode`). */
export interface SendError {
  code?: string;
  responseCode?: number;
  message?: string;
}

/**
 * Failures of the connection or of the server as a whole (cannot connect, TLS, authentication):
 * the server or its settings, not this mail; whatever the reply code, they are retried, and they
 * stop the rest of the round (the next mails would fail alike).
 */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY', 'EAUTH', 'ENOAUTH', 'EOAUTH2', 'EMAXLIMIT', 'EPROTOCOL']);

export type FailureKind = 'permanent' | 'transient' | 'server-down';

/**
 * A 5xx answer to this mail (its sender, recipient or content refused) is final; a 4xx answer is
 * "try later"; anything about the connection is the server being away.
 */
export function failureKind(err: SendError): FailureKind {
  if (err.code && CONNECTION_CODES.has(err.code)) return 'server-down';
  if (typeof err.responseCode === 'number') return err.responseCode >= 500 && err.responseCode < 600 ? 'permanent' : 'transient';
  // no SMTP answer at all (refused connection, reset socket...): the server is away
  return 'server-down';
}

/** Why an attempt failed: how final it is, and what to show. */
export interface AttemptFailure {
  kind: FailureKind;
  description: string;
}

/** A send error as an attempt's failure. */
export function sendFailure(err: SendError): AttemptFailure {
  return { kind: failureKind(err), description: describeError(err) };
}

export interface AttemptOutcome {
  status: MailStatus;
  /** how long until the next attempt; null once the mail is sent or failed */
  retryInMs: number | null;
  lastError: string | null;
}

/** The mail's state after its `attempts`-th attempt (1 for the first), which failed with `failure` (null: sent). */
export function afterAttempt(attempts: number, failure: AttemptFailure | null, policy: RetryPolicy): AttemptOutcome {
  if (!failure) return { status: 'sent', retryInMs: null, lastError: null };
  const lastError = failure.description.slice(0, 1000) || 'unknown error';
  if (failure.kind === 'permanent' || attempts >= policy.maxAttempts) return { status: 'failed', retryInMs: null, lastError };
  return { status: 'pending', retryInMs: mailRetryDelayMs(attempts, policy), lastError };
}

function describeError(err: SendError): string {
  const parts = [err.code, err.responseCode, err.message].filter((part) => part !== undefined && part !== '');
  return parts.join(' ') || 'unknown error';
}
