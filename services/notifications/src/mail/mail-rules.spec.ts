import { afterAttempt, failureKind, mailRetryDelayMs, sendFailure, statusMailWanted } from './mail-rules';

describe('mail rules', () => {
  const policy = { maxAttempts: 5, baseMs: 1000, maxMs: 10_000 };

  it('mails the customer about confirmed, in transit, delivered and cancelled only', () => {
    expect(['confirmed', 'in_transit', 'delivered', 'cancelled'].every((s) => statusMailWanted(s as never))).toBe(true);
    expect(['pending', 'in_preparation', 'ready_for_delivery'].some((s) => statusMailWanted(s as never))).toBe(false);
  });

  it('waits base, then doubles, never beyond the most', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => mailRetryDelayMs(n, policy))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(mailRetryDelayMs(0, policy)).toBe(1000);
    expect(mailRetryDelayMs(Number.NaN, policy)).toBe(10_000);
    expect(mailRetryDelayMs(10_000, { baseMs: 1000, maxMs: 86_400_000 })).toBe(86_400_000);
  });

  it('takes a 5xx answer to the mail as final, a 4xx as "later", and any connection trouble as the server being away', () => {
    expect(failureKind({ code: 'EENVELOPE', responseCode: 550, message: 'No such user' })).toBe('permanent');
    expect(failureKind({ code: 'EMESSAGE', responseCode: 554 })).toBe('permanent');
    expect(failureKind({ code: 'EENVELOPE', responseCode: 452 })).toBe('transient');
    expect(failureKind({ code: 'EAUTH', responseCode: 535 })).toBe('server-down');
    expect(failureKind({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:2525' })).toBe('server-down');
    expect(failureKind({ code: 'ECONNECTION' })).toBe('server-down');
    expect(failureKind({})).toBe('server-down');
  });

  it('marks a mail sent, retried with backoff, or failed for good', () => {
    expect(afterAttempt(1, null, policy)).toEqual({ status: 'sent', retryInMs: null, lastError: null });
    expect(afterAttempt(3, sendFailure({ code: 'ESOCKET', message: 'connect ECONNREFUSED' }), policy)).toEqual({
      status: 'pending',
      retryInMs: 4000,
      lastError: 'ESOCKET connect ECONNREFUSED',
    });
    expect(afterAttempt(1, sendFailure({ code: 'EENVELOPE', responseCode: 550, message: 'No such user' }), policy)).toEqual({
      status: 'failed',
      retryInMs: null,
      lastError: 'EENVELOPE 550 No such user',
    });
    expect(afterAttempt(2, sendFailure({ code: 'EENVELOPE', responseCode: 450 }), policy).status).toBe('pending');
    // out of attempts
    expect(afterAttempt(5, sendFailure({ code: 'ESOCKET' }), policy).status).toBe('failed');
    expect(afterAttempt(4, sendFailure({ code: 'ESOCKET' }), policy).status).toBe('pending');
    expect(afterAttempt(1, sendFailure({ message: 'x'.repeat(5000) }), policy).lastError).toHaveLength(1000);
    expect(afterAttempt(1, sendFailure({}), policy).lastError).toBe('unknown error');
    // a mail that cannot be composed (its order is unknown) fails at once
    expect(afterAttempt(1, { kind: 'permanent', description: 'unknown order' }, policy)).toEqual({ status: 'failed', retryInMs: null, lastError: 'unknown order' });
  });
});
