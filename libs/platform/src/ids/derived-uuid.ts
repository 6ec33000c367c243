import { createHash } from 'node:crypto';

/**
 * A uuid made from a name (SHA-256, version-5 style): the same name gives the same id in every
 * process, so a retried or repeated piece of work writes the same row (an order's id from its
 * idempotency key, a reminder's outbox key from its customer and date).
 */
export function derivedUuid(name: string): string {
  const hash = createHash('sha256').update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5-style marker
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
