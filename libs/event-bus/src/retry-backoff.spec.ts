import { retryDelayMs } from './retry-backoff';

describe('the event bus retry backoff', () => {
  it('starts at 200 ms, doubles, and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100].map(retryDelayMs)).toEqual([200, 400, 800, 1600, 3200, 6400, 12800, 25600, 30000, 30000, 30000]);
    expect(retryDelayMs(-1)).toBe(200);
    expect(retryDelayMs(Number.NaN)).toBe(30000);
  });
});
