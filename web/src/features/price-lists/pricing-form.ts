/**
 * The bakery's pricing settings form (PUT /api/config/pricing): the delivery fee, the tax rate
 * (typed as a percentage, sent as the rate), and (issue 19) the bakery-wide minimum order and
 * free-delivery threshold, empty for none.
 */
import { OrderingMessages } from '@contracts/constants';
import { TERMS_AMOUNT_PATTERN } from '@contracts/customer-terms';
import type { PricingSettings } from '@contracts/ordering';

export interface PricingFormValues {
  deliveryFee: string;
  /** "8.5" for a rate of 0.085 */
  taxPercent: string;
  minimumOrder: string;
  freeDeliveryThreshold: string;
}

/** Rates are exact to 6 decimals: a percentage to 4. */
const RATE_PATTERN = /^(\d+)(?:\.(\d{1,6}))?$/;
const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;

/** An exact decimal of `scale` places: 85000 at 6 → "0.085". */
function decimalText(units: bigint, scale: number): string {
  const text = units.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "0.085" → "8.5" (exact: the rate's millionths are the percentage's ten-thousandths). */
export function rateToPercent(rate: string): string {
  const match = RATE_PATTERN.exec(rate);
  if (!match) return rate;
  return decimalText(BigInt(match[1] + (match[2] ?? '').padEnd(6, '0')), 4);
}

/** "8.5" → "0.085". */
export function percentToRate(percent: string): string {
  const [whole, fraction = ''] = percent.trim().split('.');
  return decimalText(BigInt(whole + fraction.padEnd(4, '0')), 6);
}

export function pricingFormValues(settings: PricingSettings): PricingFormValues {
  return {
    deliveryFee: settings.deliveryFee,
    taxPercent: rateToPercent(settings.taxRate),
    minimumOrder: settings.minimumOrder ?? '',
    freeDeliveryThreshold: settings.freeDeliveryThreshold ?? '',
  };
}

export function toPricingSettings(values: PricingFormValues): PricingSettings {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    deliveryFee: values.deliveryFee.trim(),
    taxRate: percentToRate(values.taxPercent),
    minimumOrder: optional(values.minimumOrder ?? ''),
    freeDeliveryThreshold: optional(values.freeDeliveryThreshold ?? ''),
  };
}

export const PricingFormMessages = {
  deliveryFee: OrderingMessages.deliveryFee,
  taxPercent: 'Tax rate must be a percentage from 0 to 100 with at most 4 decimal places',
  amount: 'Enter an amount such as 25 or 25.00, or leave it empty for none',
} as const;

export function validateDeliveryFee(value: string | undefined): string | undefined {
  return /^\d{1,4}(\.\d{1,2})?$/.test((value ?? '').trim()) ? undefined : PricingFormMessages.deliveryFee;
}

export function validateTaxPercent(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (!PERCENT_PATTERN.test(text)) return PricingFormMessages.taxPercent;
  const [whole, fraction = ''] = text.split('.');
  // in ten-thousandths of a percent: at most 100%
  return BigInt(whole + fraction.padEnd(4, '0')) > 1_000_000n ? PricingFormMessages.taxPercent : undefined;
}

/** Empty (none) or an amount with at most 2 decimals. */
export function validateOptionalAmount(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  return text === '' || TERMS_AMOUNT_PATTERN.test(text) ? undefined : PricingFormMessages.amount;
}

/** The form field of a server message: the rate is typed as a percentage. */
export function pricingFieldOf(key: string): keyof PricingFormValues | null {
  if (key === 'taxRate') return 'taxPercent';
  return key === 'deliveryFee' || key === 'minimumOrder' || key === 'freeDeliveryThreshold' ? key : null;
}
