import { AppError, ErrorCode } from '@bakery/contracts';

/**
 * A fixed-window count of requests per client address, in this gateway's memory: a flood guard for
 * public routes whose secret cannot be guessed anyway (a skip link's 256-bit token), so a count per
 * replica is enough and no store is asked. Windows are dropped once over, so memory is bounded by
 * the addresses of one window.
 */
export class AddressLimiter {
  private windowStartedAt = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request from `address`; a 429 past the limit of the current window. */
  take(address: string): void {
    const now = this.now();
    if (now - this.windowStartedAt >= this.windowMs) {
      this.windowStartedAt = now;
      this.counts = new Map();
    }
    const count = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, count);
    if (count > this.limit) throw new AppError(ErrorCode.TooManyRequests, 'Too many requests. Please try again in a minute.');
  }
}
