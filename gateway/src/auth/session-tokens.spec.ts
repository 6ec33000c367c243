import { ConfigError } from '@bakery/platform';
import { sign, TokenExpiredError } from 'jsonwebtoken';
import type { GatewayConfig } from '../config';
import { sessionSecrets, SessionTokens } from './session-tokens';

const OLD = 'old-secret-0123456789abcdefghijklmnop';
const NEW = 'new-secret-0123456789abcdefghijklmnop';
const OTHER = 'someone-else-0123456789abcdefghijklmn';
const claims = { sub: 'u1', role: 'customer', sid: 's1' };
const tokens = (jwtSecret: string, jwtSecretPrevious?: string) => new SessionTokens({ jwtSecret, jwtSecretPrevious } as GatewayConfig);
/** A token as another gateway (or an attacker) would sign it; `exp` in the past makes it expired. */
const signedWith = (secret: string, exp = Math.floor(Date.now() / 1000) + 600) => sign({ ...claims, exp }, secret, { algorithm: 'HS256' });
const expired = () => Math.floor(Date.now() / 1000) - 60;

describe('sessionSecrets', () => {
  it('is JWT_SECRET alone unless JWT_SECRET_PREVIOUS is set, and then JWT_SECRET first', () => {
    expect(sessionSecrets({ jwtSecret: NEW, jwtSecretPrevious: undefined })).toEqual([NEW]);
    expect(sessionSecrets({ jwtSecret: NEW, jwtSecretPrevious: OLD })).toEqual([NEW, OLD]);
    expect(sessionSecrets({ jwtSecret: NEW, jwtSecretPrevious: NEW })).toEqual([NEW]);
  });

  it('refuses a previous secret shorter than 32 characters, naming the variable', () => {
    expect(() => sessionSecrets({ jwtSecret: NEW, jwtSecretPrevious: 'short' })).toThrow(ConfigError);
    expect(() => sessionSecrets({ jwtSecret: NEW, jwtSecretPrevious: 'short' })).toThrow('JWT_SECRET_PREVIOUS is invalid: expected at least 32 characters');
  });
});

describe('SessionTokens during a rotation', () => {
  it('signs with the current secret only', () => {
    const token = tokens(NEW, OLD).sign(claims, 600);
    expect(tokens(NEW).verify(token)).toMatchObject(claims);
    expect(() => tokens(OLD).verify(token)).toThrow('invalid signature');
  });

  it('accepts a cookie signed with the previous secret while it is set, and not once it is removed', () => {
    const before = signedWith(OLD);
    expect(tokens(NEW, OLD).verify(before)).toMatchObject(claims);
    expect(() => tokens(NEW).verify(before)).toThrow('invalid signature');
  });

  it('refuses a token signed with any other secret', () => {
    expect(() => tokens(NEW, OLD).verify(signedWith(OTHER))).toThrow('invalid signature');
  });

  it('refuses expired tokens of either secret as expired, unless asked to ignore expiry (logout)', () => {
    const both = tokens(NEW, OLD);
    for (const secret of [NEW, OLD]) {
      const token = signedWith(secret, expired());
      expect(() => both.verify(token)).toThrow(TokenExpiredError);
      expect(both.verify(token, { ignoreExpiration: true })).toMatchObject(claims);
    }
  });

  it('never accepts an unsigned token', () => {
    const unsigned = sign(claims, '', { algorithm: 'none' });
    expect(() => tokens(NEW, OLD).verify(unsigned)).toThrow();
  });
});
