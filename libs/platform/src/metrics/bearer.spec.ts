import { bearerTokenMatches } from './bearer';

describe('bearerTokenMatches', () => {
  const token = 'scrape-token-0123456789';

  it('accepts exactly Bearer <token>, the scheme in any case', () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`Bearer  ${token} `, token)).toBe(true);
  });

  it('refuses another token, a prefix or an extension of it, another scheme, nothing', () => {
    expect(bearerTokenMatches('Bearer wrong-token-0123456789', token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerTokenMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerTokenMatches(token, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token} extra`, token)).toBe(false);
    expect(bearerTokenMatches(undefined, token)).toBe(false);
    expect(bearerTokenMatches('', token)).toBe(false);
  });

  it('refuses everything when no token is configured', () => {
    expect(bearerTokenMatches('Bearer ', undefined)).toBe(false);
    expect(bearerTokenMatches('Bearer x', '')).toBe(false);
  });
});
