import { act, renderHook } from '@testing-library/react';
import { clockOffset, countdownText, cutoffText, shortDate, useServerNow } from './bakery-time';

describe('the bakery’s clock in the browser', () => {
  it('counts down to the minute, rounded up, without empty units', () => {
    const min = 60_000;
    expect(countdownText((3 * 60 + 12) * min)).toBe('3 h 12 min');
    expect(countdownText((3 * 60 + 11) * min + 1)).toBe('3 h 12 min');
    expect(countdownText(30_000)).toBe('1 min');
    expect(countdownText(60 * min)).toBe('1 h');
    expect(countdownText((24 * 60 + 5) * min)).toBe('1 d 5 min');
    expect(countdownText((2 * 24 * 60 + 3 * 60) * min)).toBe('2 d 3 h');
  });

  it('shows a cut-off in the bakery’s zone: the weekday within a week, the date further away', () => {
    const now = Date.parse('2026-11-24T16:48:00Z');
    // 2:00 PM in New York is 7:00 PM UTC (and 8:00 AM the next day in Auckland)
    expect(cutoffText('2026-11-24T19:00:00.000Z', 'America/New_York', now)).toBe('Tue 2:00 PM');
    expect(cutoffText('2026-11-24T19:00:00.000Z', 'Pacific/Auckland', now)).toBe('Wed 8:00 AM');
    expect(cutoffText('2026-12-07T19:00:00.000Z', 'America/New_York', now)).toBe('Mon 7 Dec, 2:00 PM');
    expect(shortDate('2026-11-25')).toBe('Wed 25 Nov');
  });

  it('measures the server’s clock against the browser’s', () => {
    expect(clockOffset({ now: '2026-11-24T16:48:00.000Z' }, Date.parse('2026-11-24T16:47:00.000Z'))).toBe(60_000);
    expect(clockOffset(undefined, 0)).toBe(0);
  });

  describe('useServerNow', () => {
    const START = Date.parse('2026-11-24T10:00:00Z');
    beforeEach(() => jest.useFakeTimers({ now: START }));
    afterEach(() => jest.useRealTimers());

    /** Renders the hook; `advance` moves the clock and its interval on by whole seconds. */
    function clockScreen(shown?: (at: number) => unknown) {
      const counted = { renders: 0 };
      const { result } = renderHook(() => {
        counted.renders++;
        return useServerNow(5_000, 1000, shown);
      });
      // one act per second, so each tick renders on its own as in the browser
      const advance = (seconds: number) => {
        for (let i = 0; i < seconds; i++) act(() => jest.advanceTimersByTime(1000));
      };
      return { result, counted, advance };
    }

    it('re-renders every tick without `shown`', () => {
      const screen = clockScreen();
      expect(screen.result.current).toBe(START + 5_000);
      screen.advance(30);
      expect(screen.result.current).toBe(START + 35_000);
      expect(screen.counted.renders).toBe(31);
    });

    it('with `shown`, re-renders only when what is shown changes (the server’s minute here)', () => {
      const screen = clockScreen((at) => Math.floor(at / 60_000));
      screen.advance(54);
      // the server's clock (5 s ahead) is still in 10:00
      expect(screen.result.current).toBe(START + 5_000);
      expect(screen.counted.renders).toBeLessThanOrEqual(2);
      screen.advance(1);
      expect(screen.result.current).toBe(START + 60_000);
      expect(screen.counted.renders).toBeLessThanOrEqual(3);
    });
  });
});
