import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { SESSION_HINT_COOKIE, type SessionInfo } from '@bakery/contracts';
import type { CookieOptions, Request, Response } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

export const SESSION_COOKIE = 'bakery_session';
/**
 * The name when the cookie is Secure: browsers accept a `__Host-` cookie only from a secure origin,
 * for path / and this host alone, so no sibling subdomain or plain-http page can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Whether the session cookie is Secure for a request that came over HTTPS (`requestIsSecure`) or not. */
export function sessionCookieIsSecure(setting: GatewayConfig['cookieSecure'], requestIsSecure: boolean): boolean {
  return setting === 'always' || (setting === 'auto' && requestIsSecure);
}

/** The cookie's name: the `__Host-` one whenever it is Secure, and only that one is read then. */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** What the session JWT carries: enough to authorize a request without asking auth. */
export interface SessionClaims {
  sub: string;
  role: SessionInfo['role'];
  sid: string;
}

/** The session hint's name beside a session cookie named `name`: the same `__Host-` prefix when Secure. */
function hintName(secure: boolean): string {
  return secure ? `__Host-${SESSION_HINT_COOKIE}` : SESSION_HINT_COOKIE;
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
    res.cookie(this.name(req), token, { ...this.options(req), maxAge: expiresInSeconds * 1000 });
    this.setHint(req, res, expiresInSeconds);
  }

  clear(req: Request, res: Response): void {
    res.clearCookie(this.name(req), this.options(req));
    res.clearCookie(hintName(this.secure(req)), this.hintOptions(req));
  }

  /**
   * For the web app's page: a session cookie signed by us and not expired gets its hint if it lacks
   * one (a session from before the hint, or a hint the user deleted); no session, no hint. Cheap:
   * no call to auth (a revoked session keeps its hint until the app's first call answers 401).
   */
  async syncHint(req: Request, res: Response): Promise<void> {
    const hinted = (req.cookies as Record<string, string> | undefined)?.[hintName(this.secure(req))] === '1';
    const claims = await this.readSignedClaims(req);
    const secondsLeft = claims?.exp ? claims.exp - Math.floor(Date.now() / 1000) : 0;
    if (secondsLeft > 0 && !hinted) this.setHint(req, res, secondsLeft);
    else if (secondsLeft <= 0 && hinted) res.clearCookie(hintName(this.secure(req)), this.hintOptions(req));
  }

  /** The session token the request carries under the name this request's cookie has. */
  tokenOf(req: Request): string | undefined {
    return (req.cookies as Record<string, string> | undefined)?.[this.name(req)];
  }

  /** The claims of the request's cookie if its signature is ours, even if expired (for logout). */
  async readSignedClaims(req: Request): Promise<(SessionClaims & { exp?: number }) | null> {
    const token = this.tokenOf(req);
    if (!token) return null;
    try {
      return await this.jwt.verifyAsync<SessionClaims & { exp?: number }>(token, { ignoreExpiration: true, algorithms: ['HS256'] });
    } catch {
      return null;
    }
  }

  private secure(req: Request): boolean {
    return sessionCookieIsSecure(this.config.cookieSecure, req.secure);
  }

  private name(req: Request): string {
    return sessionCookieName(this.secure(req));
  }

  private setHint(req: Request, res: Response, expiresInSeconds: number): void {
    res.cookie(hintName(this.secure(req)), '1', { ...this.hintOptions(req), maxAge: expiresInSeconds * 1000 });
  }

  // `__Host-` also requires path / and no Domain attribute: both hold for every cookie set here
  private options(req: Request): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure(req), path: '/' };
  }

  /** The hint's: the session cookie's, except that the page's script may read it. */
  private hintOptions(req: Request): CookieOptions {
    return { ...this.options(req), httpOnly: false };
  }
}
