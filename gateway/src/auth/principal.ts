import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Caller, Role } from '@bakery/contracts';

/** Who is calling: verified from the session cookie by the access guard. */
export interface Principal {
  userId: string;
  role: Role;
  sid: string;
}

export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<{ user?: Principal }>().user;
  if (!principal) throw new Error('CurrentPrincipal used on a route without sign-in');
  return principal;
});

/** The caller as services see it: they scope every read and write by it. */
export function caller(principal: Principal): Caller {
  return { userId: principal.userId, role: principal.role };
}
