import { Controller, Inject, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AppError, healthPattern, HealthReply } from '@bakery/contracts';
import { DataSource } from 'typeorm';
import { INSTANCE_ID } from './tokens';

/** Builds the `<service>.health` handler: it answers only when the service can reach its database. */
export function createHealthController(service: string): Type<unknown> {
  @Controller()
  class HealthController {
    private readonly startedAt = Date.now();

    constructor(
      private readonly dataSource: DataSource,
      @Inject(INSTANCE_ID) private readonly instanceId: string,
    ) {}

    @MessagePattern(healthPattern(service))
    async health(): Promise<HealthReply> {
      try {
        await this.dataSource.query('SELECT 1');
      } catch {
        throw AppError.unavailable(`The ${service} database`);
      }
      return {
        service,
        status: 'up',
        instanceId: this.instanceId,
        uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      };
    }
  }
  return HealthController;
}
