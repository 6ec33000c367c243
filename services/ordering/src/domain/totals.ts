import { applyRate, formatCents, parseAmount, type Pricing } from '@bakery/contracts';

export interface PricedLine {
  unitPrice: string;
  quantity: number;
}

export interface OrderTotals {
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  lineTotals: string[];
}

/**
 * The order's money, from the server's prices: subtotal = Σ unit price × quantity;
 * tax = subtotal × tax rate, rounded half-up to cents; total = subtotal + delivery fee + tax.
 */
export function computeTotals(lines: PricedLine[], pricing: Pricing): OrderTotals {
  const lineCents = lines.map((l) => parseAmount(l.unitPrice) * l.quantity);
  const subtotal = lineCents.reduce((a, b) => a + b, 0);
  const fee = parseAmount(pricing.deliveryFee);
  const tax = applyRate(subtotal, pricing.taxRate);
  return {
    subtotal: formatCents(subtotal),
    deliveryFee: formatCents(fee),
    tax: formatCents(tax),
    total: formatCents(subtotal + fee + tax),
    lineTotals: lineCents.map(formatCents),
  };
}
