import { computeTotals, DEFAULT_PRICING, type Pricing, type Totals } from '@/lib/money';
import type { CartLine } from '@contracts/ordering';

/** The cart's summary in whole cents; lines whose product has gone count for nothing. */
export function cartTotals(lines: CartLine[], pricing: Pricing | undefined): Totals {
  const priced = lines.flatMap((l) => (l.product ? [{ price: l.product.price, quantity: l.quantity }] : []));
  return computeTotals(priced, pricing ?? DEFAULT_PRICING);
}

/** "0.085" → "8.5%". */
export function formatRate(rate: string): string {
  const percent = Number(rate) * 100;
  return Number.isFinite(percent) ? `${Number(percent.toFixed(4))}%` : rate;
}
