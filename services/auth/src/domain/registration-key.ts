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

/** A key shorter than this can be guessed (and the wrong-key limit only slows guessing down). */
export const ADMIN_KEY_MIN_LENGTH = 16;

/** What is wrong with the configured key, or null (an unset key is fine: admin registration is off). */
export function adminKeyProblem(configured: string | undefined): string | null {
  if (configured === undefined || configured === '') return null;
  if (configured.length >= ADMIN_KEY_MIN_LENGTH) return null;
  return `ADMIN_REGISTRATION_KEY is too short: expected at least ${ADMIN_KEY_MIN_LENGTH} characters`;
}
