import { reloadOnMissingCode, shouldReloadForMissingCode, STALE_BUILD_RELOAD_GUARD_MS, STALE_BUILD_RELOAD_KEY } from './stale-build';

describe('shouldReloadForMissingCode', () => {
  it('reloads the first time, and again only once the guard time has passed since the last reload', () => {
    expect(shouldReloadForMissingCode(null, 1_000)).toBe(true);
    expect(shouldReloadForMissingCode(1_000, 1_000 + STALE_BUILD_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReloadForMissingCode(1_000, 1_000 + STALE_BUILD_RELOAD_GUARD_MS)).toBe(true);
  });

  it('does not trust a record it cannot read or one from the future (a clock set back)', () => {
    expect(shouldReloadForMissingCode(Number('garbage'), 1_000)).toBe(true);
    expect(shouldReloadForMissingCode(5_000, 1_000)).toBe(true);
  });
});

describe('reloadOnMissingCode', () => {
  /** A window with the storage and reload the handler uses, and the clock it reads. */
  function fakeWindow(storage: Pick<Storage, 'getItem' | 'setItem'>) {
    const target = new EventTarget();
    const reload = jest.fn();
    const win = Object.assign(target, { sessionStorage: storage, location: { reload } }) as unknown as Window;
    return { win, reload, fail: () => target.dispatchEvent(new Event('vite:preloadError', { cancelable: true })) };
  }
  const memory = () => {
    const kept = new Map<string, string>();
    return { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v), kept };
  };

  it('reloads on a chunk that failed to load, then not again for a failure right after the reload', () => {
    const storage = memory();
    let now = 10_000;
    const { win, reload, fail } = fakeWindow(storage);
    const stop = reloadOnMissingCode(win, () => now);

    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.kept.get(STALE_BUILD_RELOAD_KEY)).toBe('10000');

    // the reloaded page (same tab, same storage) fails again at once: the server is the trouble
    now += 2_000;
    fail();
    expect(reload).toHaveBeenCalledTimes(1);

    // a later deploy, long after
    now += STALE_BUILD_RELOAD_GUARD_MS;
    fail();
    expect(reload).toHaveBeenCalledTimes(2);

    stop();
    now += STALE_BUILD_RELOAD_GUARD_MS;
    fail();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when the tab has no storage to remember the reload in', () => {
    const { win, reload, fail } = fakeWindow({
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    });
    reloadOnMissingCode(win, () => 1_000);
    fail();
    expect(reload).not.toHaveBeenCalled();
  });
});
