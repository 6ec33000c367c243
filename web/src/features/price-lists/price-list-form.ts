/** The admin's price list form (issue 19): what it holds, its checks (the server's own rules) and what it sends. */
import { priceProblem } from '@contracts/constants';
import { CustomerTermsMessages, percentageProblem, PRICE_LIST_LIMITS } from '@contracts/customer-terms';
import { formatCents, parseAmount } from '@contracts/money';
import type { PriceList } from '@contracts/price-lists';
import type { PriceListInput } from './api/price-lists';

export { PRICE_LIST_LIMITS };

export interface FixedPriceValue {
  productId: string;
  price: string;
}

export interface PriceListFormValues {
  name: string;
  /** of the default price: "90" is 10% off */
  percentage: string;
  fixedPrices: FixedPriceValue[];
}

export const EMPTY_PRICE_LIST: PriceListFormValues = { name: '', percentage: '100', fixedPrices: [] };

/** "90.00" → "90", "92.50" → "92.5": a percentage as the admin typed it. */
export function plainPercentage(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

export function priceListFormValues(list: PriceList): PriceListFormValues {
  return { name: list.name, percentage: plainPercentage(list.percentage), fixedPrices: list.fixedPrices.map((f) => ({ ...f })) };
}

/** The body of POST and PUT: trimmed, every fixed price with its product. */
export function toPriceListInput(values: PriceListFormValues): PriceListInput {
  return {
    name: values.name.trim(),
    percentage: values.percentage.trim(),
    fixedPrices: (values.fixedPrices ?? []).map((f) => ({ productId: f.productId, price: f.price.trim() })),
  };
}

export function validateListName(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  return text.length < 1 || text.length > PRICE_LIST_LIMITS.nameMax ? CustomerTermsMessages.name : undefined;
}

/** "1" to "500", at most 2 decimals: the server's own rule. */
export function validatePercentage(value: string | undefined): string | undefined {
  return percentageProblem((value ?? '').trim()) ? 'Enter a percentage from 1 to 500, at most 2 decimal places (90 is 10% off)' : undefined;
}

/** A fixed price: above 0, at most 2 decimals (the products' own price rule). */
export function validateFixedPrice(value: string | undefined): string | undefined {
  return priceProblem((value ?? '').trim()) ?? undefined;
}

/**
 * What a percentage means, in words: "10% off the default prices", "10% above the default
 * prices", "The default prices". (Not a price: the customers' prices are the server's.)
 */
export function percentageMeaning(percentage: string): string {
  let hundredths: number;
  try {
    hundredths = parseAmount(percentage);
  } catch {
    return '';
  }
  if (hundredths === 10_000) return 'The default prices';
  const difference = plainPercentage(formatCents(Math.abs(10_000 - hundredths)));
  return hundredths < 10_000 ? `${difference}% off the default prices` : `${difference}% above the default prices`;
}

/** The form field a server message belongs to: `fixedPrices.0.price` (or its productId) is that row's price. */
export function formFieldOf(key: string): (string | number)[] | null {
  if (key === 'name' || key === 'percentage') return [key];
  const row = /^fixedPrices\.(\d+)\.(price|productId)$/.exec(key);
  return row ? ['fixedPrices', Number(row[1]), 'price'] : null;
}
