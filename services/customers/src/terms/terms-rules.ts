import {
  CUSTOMER_TERMS_FIELDS,
  type CustomerTerms,
  type CustomerTermsDto,
  type CustomerTermsField,
  CustomerTermsMessages,
  type FieldErrors,
  formatCents,
  parseAmount,
} from '@bakery/contracts';

/** A customer without a row of terms: the bakery's defaults, the default prices, not on hold. */
export const DEFAULT_TERMS: CustomerTerms = {
  priceListId: null,
  minimumOrder: null,
  deliveryFee: null,
  freeDeliveryThreshold: null,
  onHold: false,
  holdReason: null,
};

const amount = (value: string | null | undefined): string | null | undefined =>
  value === undefined || value === null ? value : formatCents(parseAmount(value));

/**
 * The terms after an admin's change: each field given is set (null clears it), each left out
 * keeps its value; amounts take two decimals. A reason belongs to a hold: an account on hold must
 * have one, and an account not on hold has none (lifting the hold clears it; the audit keeps it).
 * Answers the new terms, or the field errors.
 */
export function applyTermsChange(current: CustomerTerms, change: CustomerTermsDto): { terms: CustomerTerms } | { problems: FieldErrors } {
  const pick = <K extends keyof CustomerTerms>(key: K, value: CustomerTerms[K] | undefined): CustomerTerms[K] => (value === undefined ? current[key] : value);
  const onHold = pick('onHold', change.onHold);
  const terms: CustomerTerms = {
    priceListId: pick('priceListId', typeof change.priceListId === 'string' ? change.priceListId.toLowerCase() : change.priceListId),
    minimumOrder: pick('minimumOrder', amount(change.minimumOrder)),
    deliveryFee: pick('deliveryFee', amount(change.deliveryFee)),
    freeDeliveryThreshold: pick('freeDeliveryThreshold', amount(change.freeDeliveryThreshold)),
    onHold,
    holdReason: onHold ? pick('holdReason', change.holdReason) : null,
  };
  if (terms.onHold && !terms.holdReason) return { problems: { holdReason: [CustomerTermsMessages.holdReasonRequired] } };
  return { terms };
}

/** One audit entry per field whose value changed (values as text, null for none). */
export function termsChanges(before: CustomerTerms, after: CustomerTerms): { field: CustomerTermsField; oldValue: string | null; newValue: string | null }[] {
  const text = (value: string | boolean | null) => (value === null ? null : String(value));
  return CUSTOMER_TERMS_FIELDS.filter((field) => text(before[field]) !== text(after[field])).map((field) => ({
    field,
    oldValue: text(before[field]),
    newValue: text(after[field]),
  }));
}
