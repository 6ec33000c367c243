import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask } from '@bakery/platform';
import { UPLOAD_SETTINGS, UploadSettings } from './upload-settings';
import { UploadsService } from './uploads.service';

/**
 * Deletes uploads that were never registered once their upload URL has expired (both drivers:
 * the local directory, the bucket's `pending/`), every UPLOAD_SWEEP_INTERVAL_SECONDS, in every
 * gateway (deletes are idempotent). `sweep(now)` may be called directly.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('UploadSweeper');
  private readonly task: PeriodicTask;

  constructor(
    private readonly uploads: UploadsService,
    @Inject(UPLOAD_SETTINGS) settings: UploadSettings,
  ) {
    this.task = new PeriodicTask(
      settings.sweepIntervalSeconds * 1000,
      async () => {
        const removed = await this.sweep();
        if (removed > 0) this.logger.log(`deleted ${removed} uploads never registered`);
      },
      (err) => this.logger.warn(`upload sweep failed; will retry: ${(err as Error).message}`),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Deletes what is due at `now`; answers how many uploads went. */
  sweep(now: Date = new Date()): Promise<number> {
    return this.uploads.sweepUnregistered(now);
  }
}
