import { dateInTimeZone, formatCents, type InvoiceKind, type InvoiceLine, parseAmount } from '@bakery/contracts';

/**
 * The rules of invoices and credit notes, as plain functions: their numbers, the year a number
 * belongs to, and their money (an invoice is its order to the cent; a credit note is its invoice
 * negated). The numbers themselves come from `invoice_counters` (InvoicesService), one per kind
 * and year, taken in the transaction that writes the invoice, so they have no gap.
 */

export const INVOICE_NUMBER_PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', 'credit-note': 'CN' };

/** Digits of the sequence part: INV-2026-000123. A year past 999,999 simply writes more. */
export const INVOICE_SEQUENCE_DIGITS = 6;

/** "INV-2026-000123" for the 123rd invoice of 2026; "CN-2026-000001" for the year's first credit note. */
export function invoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`not a sequence number: ${sequence}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`not a year: ${year}`);
  return `${INVOICE_NUMBER_PREFIX[kind]}-${year}-${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
}

/**
 * The year an invoice issued at `at` is numbered in: the calendar year in the bakery's time zone
 * (BAKERY_TIMEZONE), not UTC's, so an invoice issued at 00:30 on New Year's Day in the bakery
 * starts the new year's numbers even while UTC is still in the old one (and the other way round).
 */
export function invoiceYear(at: Date, timeZone: string): number {
  return Number(dateInTimeZone(at, timeZone).slice(0, 4));
}

/** What an order carries that an invoice copies (the `orders` row and its items, as written). */
export interface InvoicedOrder {
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  items: readonly { productId: string; productName: string; quantity: number; unitPrice: string; totalPrice: string; position: number }[];
}

/** The money of an invoice or a credit note. */
export interface InvoiceAmounts {
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  lines: InvoiceLine[];
}

/**
 * An invoice's money: exactly the order's (subtotal, delivery fee, tax, total and each line's
 * prices, never recomputed: the order is what the customer agreed to), in canonical form ("5" is
 * "5.00"). Lines read in the order's own order; a standing order's line of which nothing was
 * delivered (quantity 0, charged nothing) is left out, as there is nothing to bill.
 */
export function invoiceAmounts(order: InvoicedOrder): InvoiceAmounts {
  return {
    subtotal: canonical(order.subtotal),
    deliveryFee: canonical(order.deliveryFee),
    tax: canonical(order.tax),
    total: canonical(order.total),
    lines: [...order.items]
      .sort((a, b) => a.position - b.position)
      .filter((item) => item.quantity > 0)
      .map((item) => ({
        productId: item.productId,
        name: item.productName,
        quantity: item.quantity,
        unitPrice: canonical(item.unitPrice),
        totalPrice: canonical(item.totalPrice),
      })),
  };
}

/**
 * A credit note's money: its invoice's, every amount negated (quantities stay as they were, so
 * quantity × unit price is still the line's total). The invoice and its credit note sum to zero.
 */
export function creditNoteAmounts(invoice: InvoiceAmounts): InvoiceAmounts {
  return {
    subtotal: negateAmount(invoice.subtotal),
    deliveryFee: negateAmount(invoice.deliveryFee),
    tax: negateAmount(invoice.tax),
    total: negateAmount(invoice.total),
    lines: invoice.lines.map((line) => ({ ...line, unitPrice: negateAmount(line.unitPrice), totalPrice: negateAmount(line.totalPrice) })),
  };
}

/** A signed amount ("-12.50" or "12.5") in cents. */
export function signedCents(amount: string): number {
  return amount.startsWith('-') ? -parseAmount(amount.slice(1)) : parseAmount(amount);
}

/** "12.50" → "-12.50", "-12.50" → "12.50"; zero stays "0.00" (never "-0.00"). */
export function negateAmount(amount: string): string {
  return formatCents(-signedCents(amount) || 0);
}

function canonical(amount: string): string {
  return formatCents(signedCents(amount));
}

/** The short order number documents print: the order id's last 8 characters, upper-case. */
export function orderNumberOf(orderId: string): string {
  return orderId.slice(-8).toUpperCase();
}
