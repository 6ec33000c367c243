import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppError, Messages } from '@bakery/contracts';
import { Access, ACCESS_KEY } from './access';
import type { Principal } from './principal';

/** The one guard on every route: public passes; otherwise a live session, then the role. */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = accessOf(this.reflector, context);
    if (access === 'public') return true;
    await super.canActivate(context);
    const principal = context.switchToHttp().getRequest<{ user: Principal }>().user;
    if (access === 'admin' && principal.role !== 'admin') throw AppError.forbidden(Messages.forbidden);
    if (access === 'customer' && principal.role !== 'customer') throw AppError.forbidden(Messages.forbidden);
    return true;
  }

  /** Passport's verdict: anything but a principal is "not signed in"; a service outage stays a 503. */
  override handleRequest<T>(err: unknown, user: T): T {
    if (err instanceof AppError) throw err;
    if (err || !user) throw AppError.unauthorized(Messages.notSignedIn);
    return user;
  }
}

export function accessOf(reflector: Reflector, context: ExecutionContext): Access | undefined {
  return reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
}
