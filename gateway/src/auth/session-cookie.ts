import { Inject, Injectable } from '@nestjs/common';
import { SESSION_HINT_COOKIE, type SessionInfo } from '@bakery/contracts';
import { serialize, type CookieSerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { isSecure } from '../http/request-facts';
import { SessionTokens } from './session-tokens';

export const SESSION_COOKIE = 'bakery_session';

/** Whether the session cookie is Secure for a request that came over HTTPS (`requestIsSecure`) or not. */
export function sessionCookieIsSecure(setting: GatewayConfig['cookieSecure'], requestIsSecure: boolean): boolean {
  return setting === 'always' || (setting === 'auto' && requestIsSecure);
}

/**
 * A cookie's name: the `__Host-` one whenever it is Secure, and only that one is read then. Browsers
 * accept a `__Host-` cookie only from a secure origin, for path / and this host alone, so no sibling
 * subdomain or plain-http page can plant or overwrite it.
 */
function hostCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

export function sessionCookieName(secure: boolean): string {
  return hostCookieName(SESSION_COOKIE, secure);
}

/** One cookie's value from a Cookie header (the API's requests and socket.io's handshakes alike). */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Adds a cookie to the answer, good for `maxAge` seconds (Max-Age, and Expires for old clients). */
function setCookie(res: FastifyReply, name: string, value: string, options: CookieSerializeOptions & { maxAge: number }): void {
  res.header('set-cookie', serialize(name, value, { ...options, expires: new Date(Date.now() + options.maxAge * 1000) }));
}

/** Tells the browser to drop a cookie: empty, expired long ago (with the attributes it was set with). */
function clearCookie(res: FastifyReply, name: string, options: CookieSerializeOptions): void {
  res.header('set-cookie', serialize(name, '', { ...options, expires: new Date(1) }));
}

/** What the session JWT carries: enough to authorize a request without asking auth. */
export interface SessionClaims {
  sub: string;
  role: SessionInfo['role'];
  sid: string;
}

/** The claims as read back: with the expiry the signature added. */
type SignedClaims = SessionClaims & { exp?: number };

/** Writes and clears the HttpOnly, SameSite=Lax session cookie holding the signed JWT, and its readable hint. */
@Injectable()
export class SessionCookie {
  constructor(
    private readonly tokens: SessionTokens,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async set(req: FastifyRequest, res: FastifyReply, session: SessionInfo): Promise<void> {
    const expiresInSeconds = Math.max(1, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
    const claims: SessionClaims = { sub: session.userId, role: session.role, sid: session.sid };
    const token = this.tokens.sign(claims, expiresInSeconds);
    setCookie(res, this.name(req), token, { ...this.options(req), maxAge: expiresInSeconds });
    this.setHint(req, res, expiresInSeconds);
  }

  clear(req: FastifyRequest, res: FastifyReply): void {
    clearCookie(res, this.name(req), this.options(req));
    this.clearHint(req, res);
  }

  /**
   * For the web app's page: a session cookie signed by us and not expired gets its hint if it lacks
   * one (a session from before the hint, or a hint the user deleted); no session, no hint. Cheap:
   * no call to auth (a revoked session keeps its hint until the app's first call answers 401).
   * Answers whether the request carries such a session.
   */
  async syncHint(req: FastifyRequest, res: FastifyReply): Promise<boolean> {
    const hinted = readCookie(req.headers.cookie, this.hintName(req)) === '1';
    const claims = await this.readSignedClaims(req);
    const secondsLeft = claims?.exp ? claims.exp - Math.floor(Date.now() / 1000) : 0;
    if (secondsLeft > 0 && !hinted) this.setHint(req, res, secondsLeft);
    else if (secondsLeft <= 0 && hinted) this.clearHint(req, res);
    return secondsLeft > 0;
  }

  /** The session token the request carries under the name this request's cookie has. */
  tokenOf(req: FastifyRequest): string | undefined {
    return readCookie(req.headers.cookie, this.name(req)) ?? undefined;
  }

  /** The claims of the request's cookie if its signature is ours, even if expired (for logout). */
  async readSignedClaims(req: FastifyRequest): Promise<SignedClaims | null> {
    const token = this.tokenOf(req);
    if (!token) return null;
    try {
      return this.tokens.verify<SignedClaims>(token, { ignoreExpiration: true });
    } catch {
      return null;
    }
  }

  private secure(req: FastifyRequest): boolean {
    return sessionCookieIsSecure(this.config.cookieSecure, isSecure(req));
  }

  private name(req: FastifyRequest): string {
    return sessionCookieName(this.secure(req));
  }

  private hintName(req: FastifyRequest): string {
    return hostCookieName(SESSION_HINT_COOKIE, this.secure(req));
  }

  private setHint(req: FastifyRequest, res: FastifyReply, expiresInSeconds: number): void {
    setCookie(res, this.hintName(req), '1', { ...this.hintOptions(req), maxAge: expiresInSeconds });
  }

  private clearHint(req: FastifyRequest, res: FastifyReply): void {
    clearCookie(res, this.hintName(req), this.hintOptions(req));
  }

  // `__Host-` also requires path / and no Domain attribute: both hold for every cookie set here
  private options(req: FastifyRequest): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure(req), path: '/' };
  }

  /** The hint's: the session cookie's, except that the page's script may read it. */
  private hintOptions(req: FastifyRequest): CookieSerializeOptions {
    return { ...this.options(req), httpOnly: false };
  }
}
