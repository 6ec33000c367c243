import { createHash, randomUUID } from 'node:crypto';

/**
 * The id of a new order. With an Idempotency-Key it is derived from the customer and the key, so
 * a retried request reuses the same id, the same stock reservation (catalog's reserve is
 * idempotent by order id) and, once written, the same order.
 */
export function orderIdFor(customerId: string, idempotencyKey?: string): string {
  if (!idempotencyKey) return randomUUID();
  const hash = createHash('sha256').update(`order:${customerId}:${idempotencyKey}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5-style marker
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
