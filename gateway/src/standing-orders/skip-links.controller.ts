import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type SkipLinkDelivery, SkipLinkPatterns, SkipLinkRequest } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { Public } from '../auth/access';
import { AddressLimiter } from '../http/address-limiter';

/** Requests per client address per minute to the skip-link routes (a person clicks once or twice). */
const SKIP_LINK_REQUESTS_PER_MINUTE = 30;

/**
 * The one-click "Skip this delivery" link of a standing-order preview email (issue 20): public,
 * the token is the permission (unguessable, single use, until the cut-off; ordering checks it).
 * POST, never GET: mail scanners open links, and opening the link's page must not skip anything.
 */
@Public()
@Controller('api/standing-orders/skip-link')
export class SkipLinksController {
  private readonly limiter = new AddressLimiter(SKIP_LINK_REQUESTS_PER_MINUTE, 60_000);

  constructor(private readonly rpc: RpcClient) {}

  /** What the link would skip (nothing is changed). */
  @Post('check')
  @HttpCode(200)
  check(@Body() body: SkipLinkRequest, @Req() req: FastifyRequest): Promise<SkipLinkDelivery> {
    this.limiter.take(req.ip ?? 'unknown');
    return this.rpc.request(SkipLinkPatterns.check, { token: body.token });
  }

  /** Skips the delivery: once, until its cut-off. */
  @Post()
  @HttpCode(200)
  use(@Body() body: SkipLinkRequest, @Req() req: FastifyRequest): Promise<SkipLinkDelivery> {
    this.limiter.take(req.ip ?? 'unknown');
    return this.rpc.request(SkipLinkPatterns.use, { token: body.token });
  }
}
