import { Inject, Injectable } from '@nestjs/common';
import { CustomerTermsBroadcasts, type CustomerTermsChangedEvent, type PriceListChangedEvent } from '@bakery/contracts';
import { publishBroadcast, type Logger, ServiceConfig } from '@bakery/platform';
import { NATS_CONNECTION, SERVICE_CONFIG, SERVICE_LOGGER } from '@bakery/service-kit';
import type { NatsConnection } from 'nats';

/**
 * Tells every gateway that a list's prices or a customer's terms changed, so their catalogue
 * caches drop them (the gateways keep no inbox, so they hear broadcasts, not events). Sent after
 * the change committed; best effort: a gateway also drops everything when its NATS reconnects.
 */
@Injectable()
export class TermsBroadcaster {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  priceListChanged(payload: PriceListChangedEvent): void {
    this.send(CustomerTermsBroadcasts.priceListChanged, payload);
  }

  termsChanged(payload: CustomerTermsChangedEvent): void {
    this.send(CustomerTermsBroadcasts.termsChanged, payload);
  }

  private send(topic: string, payload: unknown): void {
    try {
      publishBroadcast(this.nc, this.config.namespace, topic, payload);
    } catch (err) {
      this.logger.warn({ err, topic }, 'a terms broadcast could not be sent');
    }
  }
}
