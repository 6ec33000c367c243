/** A verifier that throws for a bad signature or an expired token, and answers the claims otherwise. */
export type TokenVerifier<T> = (token: string) => T;

interface Entry<T> {
  claims: T;
  expiresAtMs: number;
}

/**
 * Remembers tokens whose signature was already checked, until they expire: a browser sends the
 * same session JWT with every request, and an HMAC verify with its base64 and JSON decoding was
 * the largest cost of a cached catalogue read. Keyed by the whole token, so only a token that
 * verified can ever be a hit; bounded, dropping the oldest entry when full.
 */
export class VerifiedTokens<T extends { exp?: number }> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly verify: TokenVerifier<T>,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The claims of a valid, unexpired token, or null. */
  claims(token: string): T | null {
    const now = this.now();
    const hit = this.entries.get(token);
    if (hit) {
      if (hit.expiresAtMs > now) return hit.claims;
      this.entries.delete(token);
      return null;
    }
    let claims: T;
    try {
      claims = this.verify(token);
    } catch {
      return null;
    }
    // A token without an expiry is never remembered: each use is verified again.
    if (typeof claims.exp !== 'number') return claims;
    const expiresAtMs = claims.exp * 1000;
    if (expiresAtMs <= now) return null;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { claims, expiresAtMs });
    return claims;
  }

  get size(): number {
    return this.entries.size;
  }
}
