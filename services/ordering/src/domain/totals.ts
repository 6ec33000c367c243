import { formatCents, orderTotals, type Pricing } from '@bakery/contracts';

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
 * The order's money, from the server's prices, as the decimal strings the order row keeps. The
 * arithmetic is `orderTotals` (libs/contracts/src/money.ts), the same the web app's cart shows.
 */
export function computeTotals(lines: PricedLine[], pricing: Pricing): OrderTotals {
  const totals = orderTotals(lines, pricing);
  return {
    subtotal: formatCents(totals.subtotal),
    deliveryFee: formatCents(totals.deliveryFee),
    tax: formatCents(totals.tax),
    total: formatCents(totals.total),
    lineTotals: totals.lineTotals.map(formatCents),
  };
}
