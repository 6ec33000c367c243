import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { CatalogBroadcasts } from '@bakery/contracts';
import { publishBroadcast, type Logger, ServiceConfig } from '@bakery/platform';
import { NATS_CONNECTION, SERVICE_CONFIG, SERVICE_LOGGER } from '@bakery/service-kit';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

const RECONNECT_MS = 1000;

/**
 * Relays the database's `catalog_changed` notifications (sent by a trigger on products, only for
 * committed changes) to every gateway and ordering as the `catalog.changed` broadcast.
 * Notifications that arrive together are sent as one broadcast. An admin's change is also
 * announced at once (`announce`), sent before catalog answers it: whoever then acts on that answer
 * (the admin's next page, a customer's next cart call) comes after the broadcast, where the
 * trigger's notification, read from another database connection, may come after the answer.
 */
@Injectable()
export class CatalogueChangeRelay implements OnModuleInit, OnModuleDestroy {
  private client?: Client;
  private stopped = false;
  private pending = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit() {
    await this.listen();
  }

  async onModuleDestroy() {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const url = (this.dataSource.options as { url?: string }).url;
    const client = new Client({ connectionString: url });
    client.on('notification', () => this.changed());
    client.on('error', (err) => this.logger.warn({ err }, 'catalogue change listener lost its connection'));
    client.on('end', () => {
      if (!this.stopped) setTimeout(() => void this.reconnect(), RECONNECT_MS).unref();
    });
    try {
      await client.connect();
      await client.query('LISTEN catalog_changed');
      this.client = client;
      // Changes made while nobody listened are unknown: tell the gateways to drop everything.
      this.changed();
    } catch (err) {
      this.logger.warn({ err }, 'catalogue change listener could not connect; will retry');
      await client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.reconnect(), RECONNECT_MS).unref();
    }
  }

  private async reconnect(): Promise<void> {
    if (!this.stopped) await this.listen();
  }

  /**
   * Sends the broadcast now (an admin's change has committed) and resolves once the NATS server has
   * it: the answer leaves on the RPC server's own connection, which nothing orders after this one's
   * buffered writes.
   */
  async announce(): Promise<void> {
    if (this.publish()) await this.nc.flush().catch((err: unknown) => this.logger.warn({ err }, 'catalogue change could not be announced'));
  }

  /** false if the broadcast could not be sent (the trigger's notification follows anyway) */
  private publish(): boolean {
    try {
      publishBroadcast(this.nc, this.config.namespace, CatalogBroadcasts.changed, {});
      return true;
    } catch (err) {
      this.logger.warn({ err }, 'catalogue change could not be announced');
      return false;
    }
  }

  /** The trigger's notifications (every checkout's reservation among them): published, no answer waits on a flush. */
  private changed(): void {
    if (this.pending) return;
    this.pending = true;
    setImmediate(() => {
      this.pending = false;
      this.publish();
    });
  }
}
