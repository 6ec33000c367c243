import { VerifiedTokens } from './verified-tokens';

interface Claims {
  sub: string;
  exp?: number;
}

describe('VerifiedTokens', () => {
  let now = 1_000_000;
  const clock = () => now;
  const signed = new Map<string, Claims>([
    ['good', { sub: 'a', exp: 2_000 }], // expires at 2,000,000 ms
    ['other', { sub: 'b', exp: 3_000 }],
    ['third', { sub: 'c', exp: 3_000 }],
    ['no-exp', { sub: 'd' }],
  ]);
  let verifications = 0;
  const verify = (token: string): Claims => {
    verifications++;
    const claims = signed.get(token);
    if (!claims) throw new Error('invalid signature');
    if (claims.exp !== undefined && claims.exp * 1000 <= now) throw new Error('jwt expired');
    return claims;
  };

  beforeEach(() => {
    now = 1_000_000;
    verifications = 0;
  });

  it('verifies a token once and answers its claims from memory afterwards', () => {
    const tokens = new VerifiedTokens(verify, 10, clock);
    expect(tokens.claims('good')).toEqual({ sub: 'a', exp: 2_000 });
    expect(tokens.claims('good')).toEqual({ sub: 'a', exp: 2_000 });
    expect(verifications).toBe(1);
  });

  it('refuses a token that does not verify, every time, and remembers nothing of it', () => {
    const tokens = new VerifiedTokens(verify, 10, clock);
    expect(tokens.claims('forged')).toBeNull();
    expect(tokens.claims('forged')).toBeNull();
    expect(verifications).toBe(2);
    expect(tokens.size).toBe(0);
  });

  it('stops answering a remembered token once it expires', () => {
    const tokens = new VerifiedTokens(verify, 10, clock);
    expect(tokens.claims('good')).not.toBeNull();
    now = 1_999_999;
    expect(tokens.claims('good')).not.toBeNull();
    now = 2_000_000;
    expect(tokens.claims('good')).toBeNull();
    expect(tokens.size).toBe(0);
  });

  it('never remembers a token without an expiry', () => {
    const tokens = new VerifiedTokens(verify, 10, clock);
    expect(tokens.claims('no-exp')).toEqual({ sub: 'd' });
    expect(tokens.claims('no-exp')).toEqual({ sub: 'd' });
    expect(verifications).toBe(2);
  });

  it('drops the oldest token when full', () => {
    const tokens = new VerifiedTokens(verify, 2, clock);
    tokens.claims('good');
    tokens.claims('other');
    tokens.claims('third');
    expect(tokens.size).toBe(2);
    verifications = 0;
    tokens.claims('third');
    tokens.claims('other');
    expect(verifications).toBe(0);
    tokens.claims('good');
    expect(verifications).toBe(1);
  });
});
