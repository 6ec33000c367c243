import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, Messages } from '@bakery/contracts';
import type { FastifyRequest } from 'fastify';
import { Access, ACCESS_KEY } from './access';
import { JwtCookieStrategy } from './jwt.strategy';
import type { Principal } from './principal';

/**
 * The one guard on every route: public passes; otherwise a live session, then the role.
 *
 * It asks this gateway's own strategy instance rather than going through `passport.authenticate`:
 * passport keeps strategies in one process-wide registry by name, so a second gateway started in
 * the same process (as the tests do) would replace the first one's strategy, session cache and
 * NATS connection with its own. (Skipping passport's per-request wrapping is also cheaper.)
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtCookieStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = accessOf(this.reflector, context);
    if (access === 'public') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: Principal }>();
    // An outage (auth unreachable) stays the AppError it is: a 503, not "not signed in".
    const principal = await this.strategy.validate(request);
    if (!principal) throw AppError.unauthorized(Messages.notSignedIn);
    request.user = principal;
    if (access === 'admin' && principal.role !== 'admin') throw AppError.forbidden(Messages.forbidden);
    if (access === 'customer' && principal.role !== 'customer') throw AppError.forbidden(Messages.forbidden);
    return true;
  }
}

export function accessOf(reflector: Reflector, context: ExecutionContext): Access | undefined {
  return reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
}
