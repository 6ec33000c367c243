import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Upload URLs of the local storage driver carry their own authorization: the object id and an
 * expiry, signed with HMAC-SHA256. Whoever holds the URL may PUT that one object until then.
 */

/**
 * The signing key, derived from a secret rather than the secret itself, so that JWT_SECRET (the
 * default source) never signs anything but session cookies in its own right.
 */
export function uploadSigningKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('bakery:upload-url-signing-key:v1').digest();
}

/** Hex HMAC-SHA256 of the id and the expiry (unix seconds). */
export function signUpload(id: string, expires: number, key: Buffer): string {
  return createHmac('sha256', key).update(`${id}\n${expires}`).digest('hex');
}

export type UploadUrlCheck = 'valid' | 'expired' | 'invalid';

/**
 * Checks the `expires` and `signature` query values of an upload URL (as received: possibly
 * missing or repeated). The signature is compared in constant time and checked before the
 * expiry, so a URL whose `expires` was pushed forward is 'invalid', not 'valid'.
 */
export function checkUploadUrl(id: string, expires: unknown, signature: unknown, key: Buffer, nowSeconds: number): UploadUrlCheck {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return 'invalid';
  const expected = Buffer.from(signUpload(id, Number(expires), key), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return Number(expires) <= nowSeconds ? 'expired' : 'valid';
}
