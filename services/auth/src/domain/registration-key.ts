import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares the given admin registration key with the configured one in constant time (both are
 * hashed first, so neither the content nor the length leaks through timing). No configured key:
 * nothing matches.
 */
export function registrationKeyMatches(given: string, configured: string | undefined): boolean {
  if (!configured) return false;
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(configured, 'utf8').digest();
  return timingSafeEqual(a, b);
}
