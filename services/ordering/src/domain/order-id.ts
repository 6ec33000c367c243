import { randomUUID } from 'node:crypto';
import { derivedUuid } from '@bakery/platform';

/**
 * The id of a new order. With an Idempotency-Key it is derived from the customer and the key, so
 * a retried request reuses the same id, the same stock reservation (catalog's reserve is
 * idempotent by order id) and, once written, the same order.
 */
export function orderIdFor(customerId: string, idempotencyKey?: string): string {
  if (!idempotencyKey) return randomUUID();
  return derivedUuid(`order:${customerId}:${idempotencyKey}`);
}
