/** The longest the event bus waits before trying again. */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * How long the event bus waits before trying again after `attempt` failures (an outbox row's
 * publish, a consumer's delivery): 200 ms doubling each time, at most 30 s. The one backoff of
 * the relay and the consumers.
 */
export function retryDelayMs(attempt: number): number {
  const failures = Number.isFinite(attempt) ? Math.min(Math.max(Math.floor(attempt), 0), 8) : 8;
  return Math.min(MAX_RETRY_DELAY_MS, 200 * 2 ** failures);
}
