import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { CATALOG_CONFIG, CatalogConfig, sweepIntervalMs } from '../catalog.config';
import { StockService } from './stock.service';

/** At most this many releases per tick, so one tick never runs long. */
const BATCH = 100;

/**
 * Gives back stock reserved for orders that were never placed (ordering crashed or gave up between
 * reserving and writing the order). Runs in every instance; SKIP LOCKED keeps them apart.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly stock: StockService,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Releases every expired reservation now; answers how many. */
  async sweep(): Promise<number> {
    let released = 0;
    while (!this.stopped && released < BATCH && (await this.stock.releaseOneExpired())) released++;
    return released;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .then(() => undefined)
        .catch((err) => this.logger.warn({ err }, 'reservation sweep failed; will retry'))
        .finally(() => this.schedule());
    }, sweepIntervalMs(this.config.reservationTtlMs));
    this.timer.unref();
  }
}
