import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigError } from '@bakery/platform';
import { JsonWebTokenError, sign, verify } from 'jsonwebtoken';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

const SECRET_MIN = 32;

/**
 * The secrets of the session cookie's JWT: JWT_SECRET signs every new token and is tried first;
 * JWT_SECRET_PREVIOUS, set while a rotation runs (docs/operations.md, "Rotate JWT_SECRET"), is still
 * accepted, so the cookies signed before the rotation stay valid until they expire.
 */
export function sessionSecrets(config: Pick<GatewayConfig, 'jwtSecret' | 'jwtSecretPrevious'>): string[] {
  const previous = config.jwtSecretPrevious;
  if (previous === undefined) return [config.jwtSecret];
  if (previous.length < SECRET_MIN) throw new ConfigError([`JWT_SECRET_PREVIOUS is invalid: expected at least ${SECRET_MIN} characters`]);
  return previous === config.jwtSecret ? [config.jwtSecret] : [config.jwtSecret, previous];
}

/**
 * Signs and checks session tokens (HS256), the one place that does: the API's strategy, the socket
 * handshake, logout and the page's session hint all read a cookie through `verify`.
 */
@Injectable()
export class SessionTokens {
  // KeyObjects, not strings: given a string, jsonwebtoken first tries (and fails) to parse it as a
  // PEM public key on every verify
  private readonly keys: KeyObject[];

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.keys = sessionSecrets(config).map((secret) => createSecretKey(Buffer.from(secret, 'utf8')));
  }

  sign(claims: object, expiresInSeconds: number): string {
    return sign(claims, this.keys[0], { algorithm: 'HS256', expiresIn: expiresInSeconds });
  }

  /**
   * The claims of a token signed with an accepted secret; throws otherwise (and when it has expired,
   * unless `ignoreExpiration`). Only a wrong signature moves on to the previous secret: a token the
   * current one signed and that has expired is refused as such.
   */
  verify<T extends object>(token: string, { ignoreExpiration = false }: { ignoreExpiration?: boolean } = {}): T {
    for (let i = 0; ; i++) {
      try {
        return verify(token, this.keys[i], { algorithms: ['HS256'], ignoreExpiration }) as T;
      } catch (err) {
        const wrongKey = err instanceof JsonWebTokenError && err.message === 'invalid signature';
        if (!wrongKey || i === this.keys.length - 1) throw err;
      }
    }
  }
}
