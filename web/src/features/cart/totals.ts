import { cartHints, effectiveTerms, termsTotals, type EffectiveTerms } from '@contracts/customer-terms';
import type { CartLine, PricingAnswer } from '@contracts/ordering';
import { DEFAULT_PRICING, type Totals } from '@/lib/money';

/** What the cart is priced by: the tax rate, and the customer's minimum, delivery fee and free-delivery threshold. */
export type CartTerms = { taxRate: string } & EffectiveTerms;

/**
 * The terms that apply to this customer (issue 19): the pricing answer's `own` (their overrides,
 * else the bakery's, decided by the server), else the bakery's settings, else the spec's defaults
 * when the pricing could not be read (the server has the last word on Place Order).
 */
export function cartTerms(pricing: PricingAnswer | undefined): CartTerms {
  const bakery = {
    deliveryFee: pricing?.deliveryFee ?? DEFAULT_PRICING.deliveryFee,
    minimumOrder: pricing?.minimumOrder ?? null,
    freeDeliveryThreshold: pricing?.freeDeliveryThreshold ?? null,
  };
  return { taxRate: pricing?.taxRate ?? DEFAULT_PRICING.taxRate, ...(pricing?.own ?? effectiveTerms(bakery, null)) };
}

/**
 * The cart's summary in whole cents, by the server's own rule (`termsTotals` of the contracts: the
 * delivery fee waived at the free-delivery threshold), on the unit prices the server's cart answer
 * gives (the customer's own prices): so the total sent as expectedTotal is the one charged. Lines
 * whose product has gone count for nothing.
 */
export function cartTotals(lines: CartLine[], pricing: PricingAnswer | undefined): Totals {
  const priced = lines.flatMap((l) => (l.product ? [{ unitPrice: l.product.price, quantity: l.quantity }] : []));
  const { subtotal, deliveryFee, tax, total } = termsTotals(priced, cartTerms(pricing));
  return { subtotal, deliveryFee, tax, total };
}

/** "Add $X.XX more to reach the minimum order" and "... for free delivery": the amounts, null when there is nothing to reach. */
export function cartTermsHints(subtotal: Totals['subtotal'], pricing: PricingAnswer | undefined) {
  return cartHints(subtotal, cartTerms(pricing));
}

/** "0.085" → "8.5%". */
export function formatRate(rate: string): string {
  const percent = Number(rate) * 100;
  return Number.isFinite(percent) ? `${Number(percent.toFixed(4))}%` : rate;
}
