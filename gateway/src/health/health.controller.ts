import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
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
import type { Request, Response } from 'express';
import { Public } from '../auth/access';
import { JwtCookieStrategy } from '../auth/jwt.strategy';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** Liveness of the whole system: asks every service over NATS, in parallel. */
@Public()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: JwtCookieStrategy,
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

  /**
   * One service's answer; 503 when it does not answer. Which instance replied and its uptime name
   * hosts and processes: only an admin sees them, anyone else gets the service and its status.
   */
  @Get(':service')
  async one(@Param('service') service: string, @Req() req: Request): Promise<HealthReply | Pick<HealthReply, 'service' | 'status'>> {
    if (!isServiceName(service)) throw AppError.notFound(`Unknown service ${service.slice(0, 40)}`);
    const reply = await this.rpc.request<HealthReply>(healthPattern(service), {}, { timeoutMs: this.config.healthTimeoutMs });
    return (await this.isAdmin(req)) ? reply : { service: reply.service, status: reply.status };
  }

  private async isAdmin(req: Request): Promise<boolean> {
    const principal = await this.sessions.validate(req).catch(() => false as const);
    return principal !== false && principal.role === 'admin';
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
