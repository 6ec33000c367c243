import { Inject, Injectable } from '@nestjs/common';
import { publishBroadcast, type Logger, ServiceConfig } from '@bakery/platform';
import { NATS_CONNECTION, SERVICE_CONFIG, SERVICE_LOGGER } from '@bakery/service-kit';
import type { NatsConnection } from 'nats';

/** Sends a broadcast to every gateway instance. A push is best effort: a failure is logged, never thrown. */
@Injectable()
export class Broadcaster {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  send(topic: string, payload: unknown): void {
    try {
      publishBroadcast(this.nc, this.config.namespace, topic, payload);
    } catch (err) {
      this.logger.warn({ err, topic }, 'a broadcast could not be sent');
    }
  }
}
