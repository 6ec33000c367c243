import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import type { Principal } from './principal';
import { SESSION_COOKIE, SessionClaims } from './session-cookie';
import { SessionRegistry } from './session-registry';

/** Passport strategy: the JWT from the session cookie, verified locally, then the session's liveness. */
@Injectable()
export class JwtCookieStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SessionRegistry,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([
        (req: Request) => (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE] ?? null,
      ]),
      // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse
      // it as a PEM public key on every verify, which cost about 3 ms of CPU per request.
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(claims: SessionClaims): Promise<Principal | false> {
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return false;
    if (claims.role !== 'admin' && claims.role !== 'customer') return false;
    if (!(await this.sessions.isAlive(claims.sid))) return false;
    return { userId: claims.sub, role: claims.role, sid: claims.sid };
  }
}
