import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { readCookie, SessionClaims, sessionCookieName } from '../auth/session-cookie';
import { SessionRegistry } from '../auth/session-registry';
import { SessionTokens } from '../auth/session-tokens';

export interface SocketPrincipal extends Principal {
  /** epoch ms when the session's token expires */
  expiresAt: number;
}

/** The same check as the API's (jwt.strategy.ts), on a socket.io handshake's Cookie header. */
@Injectable()
export class SocketAuthenticator {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly sessions: SessionRegistry,
  ) {}

  /** The signed-in user of the handshake, or null without a live session. Throws when auth cannot be asked. */
  async principalOf(cookieHeader: string | undefined, secureCookie: boolean): Promise<SocketPrincipal | null> {
    const token = readCookie(cookieHeader, sessionCookieName(secureCookie));
    if (!token) return null;
    let claims: SessionClaims & { exp?: number };
    try {
      claims = this.tokens.verify<SessionClaims & { exp?: number }>(token);
    } catch {
      return null;
    }
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    if (claims.role !== 'admin' && claims.role !== 'customer') return null;
    if (!(await this.sessions.isAlive(claims.sid))) return null;
    return { userId: claims.sub, role: claims.role, sid: claims.sid, expiresAt: claims.exp * 1000 };
  }
}
