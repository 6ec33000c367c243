import { createHash, timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the guess, its length included.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const presented = BEARER.exec(authorization)?.[1];
  if (!presented) return false;
  return timingSafeEqual(sha256(presented), sha256(token));
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
