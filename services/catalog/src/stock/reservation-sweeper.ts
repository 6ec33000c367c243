import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { CATALOG_CONFIG, CatalogConfig, sweepIntervalMs } from '../catalog.config';
import { StockService } from './stock.service';

/** At most this many releases per tick, so one tick never runs long. */
const BATCH = 100;

/**
 * Gives back stock reserved for orders that were never placed (ordering crashed or gave up between
 * reserving and writing the order), and undoes stock adjustments of order changes that were never
 * written (catalog.stock.adjust without its order.amended). Runs in every instance; SKIP LOCKED
 * keeps them apart.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;

  constructor(
    private readonly stock: StockService,
    @Inject(CATALOG_CONFIG) config: CatalogConfig,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask(sweepIntervalMs(config.reservationTtlMs), () => this.sweep(), (err) =>
      logger.warn({ err }, 'reservation sweep failed; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Releases every expired reservation now, and undoes every expired order change; answers how many. */
  async sweep(): Promise<number> {
    let released = 0;
    while (!this.task.isStopped && released < BATCH && (await this.stock.releaseOneExpired())) released++;
    let reverted = 0;
    while (!this.task.isStopped && reverted < BATCH && (await this.stock.revertOneExpiredAmendment())) reverted++;
    return released + reverted;
  }
}
