/** The customer product submission form (spec section 5) and its draft in localStorage. */
import { CatalogMessages, MAX_LINE_QUANTITY, priceProblem } from '@contracts/constants';

/** The server's field messages (spec section 5), and what only the dialog says. */
export const SubmissionMessages = {
  photoRequired: CatalogMessages.photoRequired,
  priceRequired: CatalogMessages.priceRequired,
  priceFormat: CatalogMessages.priceFormat,
  pricePositive: CatalogMessages.pricePositive,
  quantityMin: CatalogMessages.quantityMin,
  quantityMax: CatalogMessages.quantityMax,
  quantityWhole: CatalogMessages.quantityWhole,
  uploadFirst: 'Please upload a product photo first',
  photoTooLarge: 'The photo must be 10MB or smaller',
} as const;

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_SUBMISSION_QUANTITY = MAX_LINE_QUANTITY;

export interface SubmissionDraft {
  price: string;
  quantity: string;
  /** the registered photo's object path */
  imageUrl: string;
}

export const EMPTY_DRAFT: SubmissionDraft = { price: '', quantity: '1', imageUrl: '' };
export const DRAFT_STORAGE_KEY = 'bakery:submit-product-draft';

/** The server's price rule (required, at most 2 decimals, above 0, fits decimal(10,2)) on the trimmed text. */
export function validatePrice(value: string | undefined): string | undefined {
  return priceProblem((value ?? '').trim()) ?? undefined;
}

export function validateQuantity(value: string | number | undefined | null): string | undefined {
  const text = String(value ?? '').trim();
  if (!text) return SubmissionMessages.quantityMin;
  const n = Number(text);
  if (!Number.isFinite(n)) return SubmissionMessages.quantityMin;
  if (n < 1) return SubmissionMessages.quantityMin;
  if (n > MAX_SUBMISSION_QUANTITY) return SubmissionMessages.quantityMax;
  if (!Number.isInteger(n)) return SubmissionMessages.quantityWhole;
  return undefined;
}

export function loadDraft(storage: Storage | undefined = globalThis.localStorage): SubmissionDraft {
  try {
    const raw = storage?.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return EMPTY_DRAFT;
    const parsed = JSON.parse(raw) as Partial<SubmissionDraft>;
    return {
      price: typeof parsed.price === 'string' ? parsed.price : '',
      quantity: typeof parsed.quantity === 'string' ? parsed.quantity : EMPTY_DRAFT.quantity,
      imageUrl: typeof parsed.imageUrl === 'string' ? parsed.imageUrl : '',
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: SubmissionDraft, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the draft is a convenience
  }
}

export function clearDraft(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // as above
  }
}
