import {
  belowMinimumMessage,
  effectiveTerms,
  type EffectiveTerms,
  formatCents,
  minimumOrderShortfall,
  priceResolver,
  type PricingSettings,
  type ResolvedTerms,
  termsTotals,
} from '@bakery/contracts';
import type { OrderTotals } from '../domain/totals';

/**
 * How one customer is charged at this moment: their price of each product, the minimum, delivery
 * fee and free-delivery threshold that apply to them, today's tax rate. Composed of the rule
 * functions of libs/contracts/src/customer-terms.ts (the only place those are decided).
 */
export interface CustomerPricing {
  priceOf: (productId: string, defaultPrice: string) => string;
  terms: EffectiveTerms;
  taxRate: string;
}

export function customerPricing(settings: PricingSettings, resolved: Pick<ResolvedTerms, 'priceList' | 'minimumOrder' | 'deliveryFee' | 'freeDeliveryThreshold'>): CustomerPricing {
  return { priceOf: priceResolver(resolved.priceList), terms: effectiveTerms(settings, resolved), taxRate: settings.taxRate };
}

/** Catalog's lines (at the default prices) at the customer's prices. */
export function atCustomerPrices<T extends { productId: string; unitPrice: string }>(lines: readonly T[], pricing: Pick<CustomerPricing, 'priceOf'>): T[] {
  return lines.map((line) => ({ ...line, unitPrice: pricing.priceOf(line.productId, line.unitPrice) }));
}

/** The order's money under the customer's terms (the fee waived at their threshold), as the order row keeps it. */
export function customerTotals(lines: readonly { unitPrice: string; quantity: number }[], pricing: Pick<CustomerPricing, 'terms' | 'taxRate'>): OrderTotals {
  const totals = termsTotals(lines, { taxRate: pricing.taxRate, ...pricing.terms });
  return {
    subtotal: formatCents(totals.subtotal),
    deliveryFee: formatCents(totals.deliveryFee),
    tax: formatCents(totals.tax),
    total: formatCents(totals.total),
    lineTotals: totals.lineTotals.map(formatCents),
  };
}

/** The 400's words when these lines fall below the customer's minimum order; null when they meet it. */
export function belowMinimum(lines: readonly { unitPrice: string; quantity: number }[], terms: Pick<EffectiveTerms, 'minimumOrder'>): string | null {
  if (terms.minimumOrder === null) return null;
  const subtotal = termsTotals(lines, { taxRate: '0', deliveryFee: '0', freeDeliveryThreshold: null }).subtotal;
  const short = minimumOrderShortfall(subtotal, terms.minimumOrder);
  return short > 0 ? belowMinimumMessage(terms.minimumOrder, short) : null;
}
