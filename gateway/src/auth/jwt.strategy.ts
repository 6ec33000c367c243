import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-strategy';
import type { Principal } from './principal';
import { SessionClaims, SessionCookie } from './session-cookie';
import { SessionRegistry } from './session-registry';
import { SessionTokens } from './session-tokens';
import { VerifiedTokens } from './verified-tokens';

type Verified = (err: unknown, principal?: Principal | false) => void;

/**
 * A passport strategy that hands the request to one callback (the mixin's `validate`). Passport
 * reaches it through `passport.authenticate('jwt')`; the app's own guard calls `validate` directly
 * (see AccessGuard for why).
 */
class RequestStrategy extends Strategy {
  constructor(private readonly check: (req: FastifyRequest, done: Verified) => void) {
    super();
  }

  // passport's types name Express's request; this gateway's is Fastify's
  override authenticate(req: Parameters<Strategy['authenticate']>[0]): void {
    this.check(req as unknown as FastifyRequest, (err, principal) => {
      if (err) this.error(err as Error);
      else if (principal) this.success(principal);
      else this.fail(401);
    });
  }
}

/**
 * The session cookie's JWT, verified locally (HS256; each token once, then remembered until it
 * expires), then the session's liveness (auth decides, this gateway caches its answer).
 */
@Injectable()
export class JwtCookieStrategy extends PassportStrategy(RequestStrategy, 'jwt') {
  private readonly tokens: VerifiedTokens<SessionClaims & { exp?: number }>;

  constructor(
    sessionTokens: SessionTokens,
    private readonly sessions: SessionRegistry,
    private readonly cookie: SessionCookie,
  ) {
    super();
    this.tokens = new VerifiedTokens((token) => sessionTokens.verify<SessionClaims & { exp?: number }>(token));
  }

  async validate(req: FastifyRequest): Promise<Principal | false> {
    const token = this.cookie.tokenOf(req);
    if (!token) return false;
    const claims = this.tokens.claims(token);
    if (!claims) return false;
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return false;
    if (claims.role !== 'admin' && claims.role !== 'customer') return false;
    if (!(await this.sessions.isAlive(claims.sid))) return false;
    return { userId: claims.sub, role: claims.role, sid: claims.sid };
  }
}
