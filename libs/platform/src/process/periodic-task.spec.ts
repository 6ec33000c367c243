import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs every interval, one run at a time, reports a failure and carries on, and stops', async () => {
    const runs: number[] = [];
    const errors: unknown[] = [];
    let finish: () => void = () => undefined;
    const task = new PeriodicTask(
      1000,
      () => {
        runs.push(Date.now());
        if (runs.length === 2) return Promise.reject(new Error('boom'));
        return new Promise<void>((resolve) => (finish = resolve));
      },
      (err) => errors.push(err),
    );
    task.start();
    await jest.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    // the first run is still going: no second one however long it takes
    await jest.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(1);
    finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(2);
    expect(errors).toEqual([new Error('boom')]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(3);
    const stopped = task.stop();
    expect(task.isStopped).toBe(true);
    finish();
    await stopped;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(3);
  });
});
