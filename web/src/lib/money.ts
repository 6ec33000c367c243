/**
 * Money without floats: amounts are decimal strings ("4.50") on the wire and integer cents in
 * arithmetic. The rules themselves (parsing, formatting cents, rates rounded half-up) are the
 * server's own, imported from libs/contracts/src/money.ts; this module adds what only the screens
 * need: dollars for display, and the cart's summary in the screens' shape (computed by the server's
 * own orderTotals; the server's totals are authoritative on a placed order).
 */
import { formatCents, orderTotals, parseAmount, type Cents } from '@contracts/money';
import { DEFAULT_PRICING as CONTRACT_PRICING } from '@contracts/constants';
import type { Pricing } from '@contracts/ordering';

export { applyRate, formatCents, lineTotalCents, parseAmount, parseRate, type Cents } from '@contracts/money';
export type { Pricing } from '@contracts/ordering';

/** 123456 → "$1,234.56". */
export function formatMoney(cents: Cents): string {
  const plain = formatCents(cents);
  const negative = plain.startsWith('-');
  const [whole, fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}

/** A decimal string amount as dollars with 2 decimals ("4.5" → "$4.50"); "$0.00" when unreadable. */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '$0.00';
  try {
    return formatMoney(parseAmount(String(value).trim()));
  } catch {
    return '$0.00';
  }
}

/** Spec section 9: used when the pricing configuration cannot be read. */
export const DEFAULT_PRICING: Pricing = { ...CONTRACT_PRICING };

export interface Totals {
  subtotal: Cents;
  deliveryFee: Cents;
  tax: Cents;
  total: Cents;
}

/**
 * subtotal = Σ price × quantity; tax = subtotal × rate (half-up); total = subtotal + fee + tax: the
 * server's own `orderTotals` (libs/contracts/src/money.ts), so the total shown is the one charged.
 */
export function computeTotals(lines: { price: string; quantity: number }[], pricing: Pricing): Totals {
  const { subtotal, deliveryFee, tax, total } = orderTotals(
    lines.map((line) => ({ unitPrice: line.price, quantity: line.quantity })),
    pricing,
  );
  return { subtotal, deliveryFee, tax, total };
}
