import { AppError, ErrorCode } from '@bakery/contracts';
import { AddressLimiter } from './address-limiter';

describe('AddressLimiter', () => {
  it('lets `limit` requests per address through in a window, refuses the next with 429, and starts again in the next window', () => {
    let now = 1_000;
    const limiter = new AddressLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) limiter.take('10.0.0.1');
    let refusal: unknown;
    try {
      limiter.take('10.0.0.1');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe(ErrorCode.TooManyRequests);
    // another address has its own count
    expect(() => limiter.take('10.0.0.2')).not.toThrow();
    now += 60_000;
    expect(() => limiter.take('10.0.0.1')).not.toThrow();
  });
});
