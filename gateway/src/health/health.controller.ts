import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  AdminGatewayHealth,
  AdminServiceHealth,
  AppError,
  DEAD_LETTERS_PAGE_DEFAULT,
  DEAD_LETTERS_PAGE_MAX,
  deadLettersPattern,
  DeadLettersPage,
  GatewayHealth,
  healthPattern,
  HealthReply,
  isServiceName,
  SERVICE_NAMES,
  ServiceName,
  ServiceStatus,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/access';
import { JwtCookieStrategy } from '../auth/jwt.strategy';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/**
 * Liveness of the whole system: asks every service over NATS, in parallel. Admins also see each
 * service's dead letters (events its consumers gave up on): the count per service here, and a
 * page of the letters themselves at `/api/health/:service?offset=&limit=`.
 */
@Public()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: JwtCookieStrategy,
  ) {}

  @Get()
  async all(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<GatewayHealth | AdminGatewayHealth> {
    const [replies, admin] = await Promise.all([Promise.all(SERVICE_NAMES.map((s) => this.replyOf(s))), this.isAdmin(req)]);
    const byService = <T>(value: (reply: HealthReply | null) => T) =>
      Object.fromEntries(SERVICE_NAMES.map((s, i) => [s, value(replies[i])])) as Record<ServiceName, T>;
    const services = byService<ServiceStatus>((reply) => (reply ? 'up' : 'down'));
    const allUp = replies.every((reply) => reply !== null);
    res.code(allUp ? 200 : 503);
    const health: GatewayHealth = { status: allUp ? 'ok' : 'degraded', services };
    if (!admin) return health;
    return { ...health, deadLetters: byService((reply) => reply?.deadLetters ?? null) };
  }

  /**
   * One service's answer; 503 when it does not answer. Which instance replied and its uptime name
   * hosts and processes: only an admin sees them, with a page of the service's dead letters
   * (`offset`, `limit` up to 100; newest first); anyone else gets the service and its status.
   */
  @Get(':service')
  async one(
    @Param('service') service: string,
    @Req() req: FastifyRequest,
    @Query('offset') offsetParam?: unknown,
    @Query('limit') limitParam?: unknown,
  ): Promise<AdminServiceHealth | Pick<HealthReply, 'service' | 'status'>> {
    if (!isServiceName(service)) throw AppError.notFound(`Unknown service ${service.slice(0, 40)}`);
    const admin = await this.isAdmin(req);
    if (!admin) {
      const reply = await this.rpc.request<HealthReply>(healthPattern(service), {}, { timeoutMs: this.config.healthTimeoutMs });
      return { service: reply.service, status: reply.status };
    }
    const offset = pageParam('offset', offsetParam, 0, 0, Number.MAX_SAFE_INTEGER);
    const limit = pageParam('limit', limitParam, DEAD_LETTERS_PAGE_DEFAULT, 1, DEAD_LETTERS_PAGE_MAX);
    const timeoutMs = this.config.healthTimeoutMs;
    const [reply, deadLetterPage] = await Promise.all([
      this.rpc.request<HealthReply>(healthPattern(service), {}, { timeoutMs }),
      this.rpc.request<DeadLettersPage>(deadLettersPattern(service), { offset, limit }, { timeoutMs }),
    ]);
    return { ...reply, deadLetterPage };
  }

  private async isAdmin(req: FastifyRequest): Promise<boolean> {
    const principal = await this.sessions.validate(req).catch(() => false as const);
    return principal !== false && principal.role === 'admin';
  }

  /** The service's health answer; null when it does not answer (down). */
  private async replyOf(service: ServiceName): Promise<HealthReply | null> {
    try {
      return await this.rpc.request<HealthReply>(healthPattern(service), {}, { timeoutMs: this.config.healthTimeoutMs });
    } catch {
      return null;
    }
  }
}

/** A whole number query parameter within [min, max]; absent: the default; anything else: 400. */
function pageParam(name: string, raw: unknown, defaultValue: number, min: number, max: number): number {
  if (raw === undefined) return defaultValue;
  const n = typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw AppError.validation({ [name]: [`${name} must be a whole number from ${min} to ${max}`] });
  }
  return n;
}
