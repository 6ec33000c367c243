import { createHash } from 'node:crypto';
import { formatCents, parseAmount } from '@bakery/contracts';

export interface PlacementRequest {
  deliveryDate: string | null;
  deliveryTimeSlot: string | null;
  specialInstructions: string | null;
  expectedTotal?: string | null;
}

/**
 * What a placement asked for, as a hash: a retry with the same Idempotency-Key must ask for the
 * same thing (delivery date, slot, instructions, expected total), or it is another order. Amounts
 * are compared by value ("66.7" is "66.70"); absent and null are the same.
 */
export function requestFingerprint(req: PlacementRequest): string {
  const expected = req.expectedTotal == null ? null : formatCents(parseAmount(req.expectedTotal));
  const normalized = [req.deliveryDate ?? null, req.deliveryTimeSlot ?? null, req.specialInstructions ?? null, expected];
  return createHash('sha256').update(JSON.stringify(normalized)).digest('hex');
}
