import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import {
  AppError,
  GatewayHealth,
  healthPattern,
  HealthReply,
  isServiceName,
  SERVICE_NAMES,
  ServiceName,
  ServiceStatus,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import type { Response } from 'express';
import { Public } from '../auth/access';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** Liveness of the whole system: asks every service over NATS, in parallel. */
@Public()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  async all(@Res({ passthrough: true }) res: Response): Promise<GatewayHealth> {
    const statuses = await Promise.all(SERVICE_NAMES.map((s) => this.statusOf(s)));
    const services = Object.fromEntries(SERVICE_NAMES.map((s, i) => [s, statuses[i]])) as Record<
      ServiceName,
      ServiceStatus
    >;
    const allUp = statuses.every((s) => s === 'up');
    res.status(allUp ? 200 : 503);
    return { status: allUp ? 'ok' : 'degraded', services };
  }

  /** One service's own answer (which instance replied, its uptime); 503 when it does not answer. */
  @Get(':service')
  async one(@Param('service') service: string): Promise<HealthReply> {
    if (!isServiceName(service)) throw AppError.notFound(`Unknown service ${service.slice(0, 40)}`);
    return this.rpc.request<HealthReply>(healthPattern(service), {}, { timeoutMs: this.config.healthTimeoutMs });
  }

  private async statusOf(service: ServiceName): Promise<ServiceStatus> {
    try {
      await this.rpc.request<HealthReply>(healthPattern(service), {}, { timeoutMs: this.config.healthTimeoutMs });
      return 'up';
    } catch {
      return 'down';
    }
  }
}
