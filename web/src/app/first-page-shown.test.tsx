import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterFirstScreen, FirstPageShown } from './first-page-shown';

/** Whether `promise` has settled, after the microtasks and timers queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await act(() => new Promise((r) => setTimeout(r, 0)));
  await act(() => new Promise((r) => setTimeout(r, 0)));
  return done;
}

describe('afterFirstScreen (what the push channel waits for)', () => {
  it('waits for the first page to be shown, then for its reads to finish', async () => {
    const client = new QueryClient();
    let answer!: (products: string[]) => void;
    void client.prefetchQuery({ queryKey: ['/api/products'], queryFn: () => new Promise<string[]>((r) => (answer = r)) });
    const after = afterFirstScreen(client);

    expect(await settled(after)).toBe(false); // no page shown yet
    render(<FirstPageShown />);
    expect(await settled(after)).toBe(false); // the catalogue is still being read
    answer(['Rye Loaf']);
    expect(await settled(after)).toBe(true);
  });

  it('does not wait more than 5 s for a read that hangs', async () => {
    jest.useFakeTimers();
    try {
      render(<FirstPageShown />);
      const client = new QueryClient();
      void client.prefetchQuery({ queryKey: ['/api/hangs'], queryFn: () => new Promise<never>(() => undefined) });
      let done = false;
      void afterFirstScreen(client).then(() => (done = true));
      await jest.advanceTimersByTimeAsync(4999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await jest.runOnlyPendingTimersAsync(); // then the wait for the browser to be idle
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
