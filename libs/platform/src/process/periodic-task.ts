/**
 * Work repeated every `everyMs` in this process (sweepers): the next run is scheduled when the
 * last one has finished, so runs never overlap; a failed run is reported and the task carries on;
 * `stop()` cancels the next run and waits for the one in progress. The timer does not keep the
 * process alive.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly everyMs: number,
    private readonly run: () => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.schedule();
  }

  /** Whether stop() was called: a run that loops over batches checks it between them. */
  get isStopped(): boolean {
    return this.stopped;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .then(() => undefined, this.onError)
        .finally(() => this.schedule());
    }, this.everyMs);
    this.timer.unref();
  }
}
