import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { SessionInfo } from '@bakery/contracts';
import type { CookieOptions, Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

export const SESSION_COOKIE = 'bakery_session';

/** What the session JWT carries: enough to authorize a request without asking auth. */
export interface SessionClaims {
  sub: string;
  role: SessionInfo['role'];
  sid: string;
}

/** Writes and clears the HttpOnly, SameSite=Lax session cookie holding the signed JWT. */
@Injectable()
export class SessionCookie {
  constructor(
    private readonly jwt: JwtService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async set(req: Request, res: Response, session: SessionInfo): Promise<void> {
    const expiresInSeconds = Math.max(1, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
    const claims: SessionClaims = { sub: session.userId, role: session.role, sid: session.sid };
    const token = await this.jwt.signAsync(claims, { expiresIn: expiresInSeconds });
    res.cookie(SESSION_COOKIE, token, { ...this.options(req), maxAge: expiresInSeconds * 1000 });
  }

  clear(req: Request, res: Response): void {
    res.clearCookie(SESSION_COOKIE, this.options(req));
  }

  /** The claims of the request's cookie if its signature is ours, even if expired (for logout). */
  async readSignedClaims(req: Request): Promise<SessionClaims | null> {
    const token = (req.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
    if (!token) return null;
    try {
      return await this.jwt.verifyAsync<SessionClaims>(token, { ignoreExpiration: true, algorithms: ['HS256'] });
    } catch {
      return null;
    }
  }

  private options(req: Request): CookieOptions {
    const secure = this.config.cookieSecure === 'always' || (this.config.cookieSecure === 'auto' && req.secure);
    return { httpOnly: true, sameSite: 'lax', secure, path: '/' };
  }
}
