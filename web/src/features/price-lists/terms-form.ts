/** A customer's terms form (issue 19) and their audit, in words: what it holds, its checks and what it sends. */
import { CustomerTermsMessages, HOLD_REASON_MAX, TERMS_AMOUNT_PATTERN, type CustomerTerms } from '@contracts/customer-terms';
import { parseAmount } from '@contracts/money';
import type { CustomerTermsField } from '@contracts/price-lists';
import { formatAmount } from '@/lib/money';
import type { CustomerTermsInput } from './api/price-lists';

export { HOLD_REASON_MAX };

/** The amounts a customer may have of their own (empty: the bakery's). */
export const TERMS_AMOUNTS = ['minimumOrder', 'deliveryFee', 'freeDeliveryThreshold'] as const;
export type TermsAmount = (typeof TERMS_AMOUNTS)[number];

export interface TermsFormValues {
  /** '' for the default prices (antd's Select keeps no null) */
  priceListId: string;
  minimumOrder: string;
  deliveryFee: string;
  freeDeliveryThreshold: string;
  onHold: boolean;
  holdReason: string;
}

export const TERMS_LABELS: Record<CustomerTermsField, string> = {
  priceListId: 'Price list',
  minimumOrder: 'Minimum order',
  deliveryFee: 'Delivery fee',
  freeDeliveryThreshold: 'Free delivery from',
  onHold: 'Account',
  holdReason: 'Hold reason',
};

export const TermsFormMessages = {
  amount: 'Enter an amount such as 25 or 25.00, or leave it empty for the bakery’s default',
  holdReasonRequired: CustomerTermsMessages.holdReasonRequired,
  holdReason: CustomerTermsMessages.holdReason,
} as const;

export function termsFormValues(terms: CustomerTerms): TermsFormValues {
  return {
    priceListId: terms.priceListId ?? '',
    minimumOrder: terms.minimumOrder ?? '',
    deliveryFee: terms.deliveryFee ?? '',
    freeDeliveryThreshold: terms.freeDeliveryThreshold ?? '',
    onHold: terms.onHold,
    holdReason: terms.holdReason ?? '',
  };
}

/** Empty (the bakery's default), or an amount from 0 to 99,999,999.99 with at most 2 decimals. */
export function validateTermsAmount(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  return text === '' || TERMS_AMOUNT_PATTERN.test(text) ? undefined : TermsFormMessages.amount;
}

/** Putting an account on hold needs a reason (up to 500 characters); an account not on hold has none. */
export function validateHoldReason(value: string | undefined, onHold: boolean): string | undefined {
  if (!onHold) return undefined;
  const text = (value ?? '').trim();
  if (!text) return TermsFormMessages.holdReasonRequired;
  return text.length > HOLD_REASON_MAX ? TermsFormMessages.holdReason : undefined;
}

const amountOf = (text: string): string | null => (text.trim() === '' ? null : text.trim());
const sameAmount = (a: string | null, b: string | null) => (a === null || b === null ? a === b : parseAmount(a) === parseAmount(b));

/**
 * The PUT body: only what changed (each change is audited), null for "the bakery's default" and
 * "the default prices". Lifting a hold clears its reason on the server; putting one on sends it.
 */
export function toTermsChanges(saved: CustomerTerms, values: TermsFormValues): CustomerTermsInput {
  const changes: CustomerTermsInput = {};
  const listId = values.priceListId || null;
  if (listId !== saved.priceListId) changes.priceListId = listId;
  for (const field of TERMS_AMOUNTS) {
    const amount = amountOf(values[field] ?? '');
    if (!sameAmount(amount, saved[field])) changes[field] = amount;
  }
  if (values.onHold !== saved.onHold) changes.onHold = values.onHold;
  if (values.onHold) {
    const reason = values.holdReason.trim();
    if (reason !== (saved.holdReason ?? '') || !saved.onHold) changes.holdReason = reason;
  }
  return changes;
}

/** An audit entry's old or new value, in words; `listName` names a price list by its id. */
export function auditValueText(field: CustomerTermsField, value: string | null, listName: (id: string) => string): string {
  switch (field) {
    case 'priceListId':
      return value === null ? 'Default prices' : listName(value);
    case 'onHold':
      return value === 'true' ? 'On hold' : 'Active';
    case 'holdReason':
      return value === null ? 'None' : `“${value}”`;
    default:
      return value === null ? 'Bakery default' : formatAmount(value);
  }
}
