import { Controller, Inject, Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError, EmptyRequest, healthPattern, HealthReply } from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { INSTANCE_ID } from './tokens';

/**
 * Builds the `<service>.health` handler: it answers only when the service can reach its database,
 * and counts the dead letters of its event consumers on the way (one query, as cheap as `SELECT 1`
 * with the partial index).
 */
export function createHealthController(service: string): Type<unknown> {
  @Controller()
  class HealthController {
    private readonly startedAt = Date.now();

    constructor(
      private readonly bus: EventBus,
      @Inject(INSTANCE_ID) private readonly instanceId: string,
    ) {}

    @MessagePattern(healthPattern(service))
    async health(@Payload() _request: EmptyRequest): Promise<HealthReply> {
      let deadLetters: number;
      try {
        deadLetters = await this.bus.deadLetterCount();
      } catch {
        throw AppError.unavailable(`The ${service} database`);
      }
      return {
        service,
        status: 'up',
        instanceId: this.instanceId,
        uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
        deadLetters,
      };
    }
  }
  return HealthController;
}
