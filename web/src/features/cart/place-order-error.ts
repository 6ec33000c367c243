import { isApiError } from '@/lib/api-client';

interface Shortage {
  name?: string;
  available?: number;
}

/** 'Failed to place order', or what the server said was wrong with the cart. */
export function placeOrderError(err: unknown): string {
  if (isApiError(err, 400) && err.serverMessage === 'Your cart is empty') return 'Your cart is empty';
  if (isApiError(err, 409)) {
    const shortages = (err.body?.details?.shortages ?? []) as Shortage[];
    if (shortages.length > 0) {
      return `Not enough stock: ${shortages.map((s) => `${s.name ?? 'a product'} (${s.available ?? 0} left)`).join(', ')}`;
    }
    if (err.serverMessage) return err.serverMessage;
  }
  if (isApiError(err, 400) && err.body?.errors) {
    const first = Object.values(err.body.errors).flat()[0];
    if (first) return first;
  }
  return 'Failed to place order';
}

