import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { UploadsService } from './uploads.service';

/** Expired, unregistered uploads are few and harmless until swept: every 5 minutes is plenty. */
export const UPLOAD_SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * Forgets upload rows that were never registered and can no longer be (the gateways delete their
 * bytes). Runs in every instance; SKIP LOCKED keeps them apart. `sweep(now)` is callable directly.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;

  constructor(
    private readonly uploads: UploadsService,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask(UPLOAD_SWEEP_INTERVAL_MS, () => this.sweep(), (err) => logger.warn({ err }, 'upload sweep failed; will retry'));
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Deletes every row that is due at `now`; answers how many. */
  async sweep(now: Date = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.uploads.sweep(now);
      total += deleted;
      if (deleted < 1000 || this.task.isStopped) return total;
    }
  }
}
