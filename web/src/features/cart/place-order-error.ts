import { OrderingMessages } from '@contracts/constants';
import { isApiError } from '@/lib/api-client';
import type { TotalChangedDetails } from '@contracts/ordering';

export type TotalChanged = TotalChangedDetails;

interface Shortage {
  name?: string;
  available?: number;
}

/** 'Failed to place order', or what the server said was wrong with the cart. */
export function placeOrderError(err: unknown): string {
  if ((isApiError(err, 400) || isApiError(err, 409)) && err.serverMessage === OrderingMessages.cartEmpty) return OrderingMessages.cartEmpty;
  if (totalChangedDetails(err)) return 'Prices have changed: please review your cart and place the order again';
  if (isApiError(err, 409)) {
    const shortages = (err.body?.details?.shortages ?? []) as Shortage[];
    if (shortages.length > 0) {
      return `Not enough stock: ${shortages.map((s) => `${s.name ?? 'a product'} (${s.available ?? 0} left)`).join(', ')}`;
    }
    if (err.serverMessage) return err.serverMessage;
  }
  // the account is on hold (issue 19): the server's words, "Your account is on hold. Please contact the bakery."
  if (isApiError(err, 403) && err.serverMessage) return err.serverMessage;
  if (isApiError(err, 400) && err.body?.errors) {
    const first = Object.values(err.body.errors).flat()[0];
    if (first) return first;
  }
  return 'Failed to place order';
}

/**
 * The details of a 409 saying the order would not cost the total the cart showed (a price, the
 * delivery fee or the tax rate changed): the new total and the changed prices. Null for any other error.
 */
export function totalChangedDetails(err: unknown): TotalChanged | null {
  if (!isApiError(err, 409)) return null;
  const details = err.body?.details;
  if (!details || typeof details.total !== 'string' || typeof details.expectedTotal !== 'string' || !Array.isArray(details.changedLines)) {
    return null;
  }
  const changedLines = (details.changedLines as unknown[]).flatMap((c) => {
    const line = c as Partial<Record<'productId' | 'productName' | 'oldPrice' | 'newPrice', unknown>>;
    return typeof line?.productId === 'string' && typeof line.oldPrice === 'string' && typeof line.newPrice === 'string'
      ? [{ productId: line.productId, productName: typeof line.productName === 'string' ? line.productName : 'A product', oldPrice: line.oldPrice, newPrice: line.newPrice }]
      : [];
  });
  return { expectedTotal: details.expectedTotal, total: details.total, changedLines };
}

/**
 * Why the server refused to place the cart for the customer's terms (issue 19), to keep on the
 * page rather than only in a toast: the account is on hold (403), or the subtotal is below their
 * minimum order (400 on `cart`, naming the minimum and what is missing). Null for anything else.
 */
export function termsRefusal(err: unknown): { title: string; message: string } | null {
  if (isApiError(err, 403)) {
    return { title: 'Your account is on hold', message: err.serverMessage ?? 'Your account is on hold. Please contact the bakery.' };
  }
  const cart = isApiError(err, 400) ? err.body?.errors?.cart?.[0] : undefined;
  // the cart's only other refusal is an empty cart
  return cart && cart !== OrderingMessages.cartEmpty ? { title: 'Your order is below the minimum order', message: cart } : null;
}
