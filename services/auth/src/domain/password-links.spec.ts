import { PASSWORD_LINK_TTL_MS } from '@bakery/contracts';
import { getsWelcomeLink, isWellFormedPasswordToken, newPasswordToken, passwordLinkExpiry, passwordTokenHash } from './password-links';

describe('password links', () => {
  it('makes tokens of 32 random bytes in base64url, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 200 }, newPasswordToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(isWellFormedPasswordToken(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('keeps only a SHA-256 of a token', () => {
    const token = newPasswordToken();
    const hash = passwordTokenHash(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(passwordTokenHash(token)).toBe(hash);
    expect(passwordTokenHash(newPasswordToken())).not.toBe(hash);
  });

  it('refuses anything that cannot be a token before any query', () => {
    for (const bad of ['', 'short', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}/`, null, 42, undefined]) {
      expect(isWellFormedPasswordToken(bad)).toBe(false);
    }
  });

  it('lets a reset link work an hour and a welcome link a week', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(passwordLinkExpiry('reset', now).toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(passwordLinkExpiry('welcome', now).toISOString()).toBe('2026-12-08T10:00:00.000Z');
    expect(PASSWORD_LINK_TTL_MS.reset).toBe(3600_000);
  });

  it('welcomes only customers an admin created (no self-service address)', () => {
    expect(getsWelcomeLink('customer', undefined)).toBe(true);
    expect(getsWelcomeLink('customer', '127.0.0.1')).toBe(false);
    expect(getsWelcomeLink('admin', undefined)).toBe(false);
  });
});
