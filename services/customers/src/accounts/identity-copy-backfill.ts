import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { USER_IDS_MAX } from '@bakery/contracts';
import { PeriodicTask, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { AccountsService } from './accounts.service';

/**
 * Every few seconds, so a search finds the rows of before the copies by name soon after a start,
 * and a name change that stopped between auth and this table is repaired soon. Usually there is
 * nothing to copy: one look at a partial index.
 */
export const IDENTITY_COPY_INTERVAL_MS = 5_000;

/**
 * Copies auth's email and names into the customer_profiles rows not marked as copied (rows from
 * before migration CustomerListSearch1763700013000, see there why not in the migration), a batch
 * of USER_IDS_MAX per request to auth. Runs in every instance: two copying the same row write the
 * same thing, and a copy is only written where the row is still as read. A failed run (auth not
 * up yet) is logged and tried again next time.
 */
@Injectable()
export class IdentityCopyBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;

  constructor(
    private readonly accounts: AccountsService,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask(IDENTITY_COPY_INTERVAL_MS, () => this.run(), (err) =>
      logger.warn({ err }, 'copying identities into customer profiles failed; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Copies every row without its copies, batch after batch (by user id, so each run ends). */
  async run(): Promise<void> {
    for (let after: string | null = null; ; ) {
      after = await this.accounts.copyIdentities(after, USER_IDS_MAX);
      if (after === null || this.task.isStopped) return;
    }
  }
}
