/** How the invoice screens write amounts, kinds and customers, and the list's filters in the URL. */
import { isCalendarDate } from '@contracts/calendar';
import type { BakeryDetails, Invoice } from '@contracts/invoices';
import { formatAmount } from '@/lib/money';
import type { InvoiceListParams } from './api/invoices';

/** "12.50" → "$12.50"; a credit note's "-12.50" → "-$12.50". */
export function signedAmount(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text.startsWith('-') ? `-${formatAmount(text.slice(1))}` : formatAmount(text);
}

export const kindLabel = (kind: Invoice['kind']): string => (kind === 'credit-note' ? 'Credit note' : 'Invoice');

/** The customer as the invoice names them: business name, else email. */
export const invoiceCustomerName = (invoice: Pick<Invoice, 'customer'>): string =>
  invoice.customer?.businessName?.trim() || invoice.customer?.email || 'Unknown customer';

/** The admin list's filters, as the URL holds them (`/admin/invoices?paid=unpaid&from=2026-11-01`). */
export interface InvoiceFilters {
  customerId: string;
  /** 'all', 'paid' or 'unpaid' */
  paid: 'all' | 'paid' | 'unpaid';
  /** YYYY-MM-DD or '' */
  from: string;
  to: string;
}

export const PAID_FILTER_OPTIONS = [
  { value: 'all', label: 'All invoices' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything in the URL that is not a filter value is ignored, never sent to the server. */
export function readInvoiceFilters(params: URLSearchParams): InvoiceFilters {
  const customerId = params.get('customer') ?? '';
  const paid = params.get('paid');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    customerId: UUID.test(customerId) ? customerId : '',
    paid: paid === 'paid' || paid === 'unpaid' ? paid : 'all',
    from: isCalendarDate(from) ? from : '',
    to: isCalendarDate(to) ? to : '',
  };
}

export function writeInvoiceFilters(filters: InvoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.customerId) params.set('customer', filters.customerId);
  if (filters.paid !== 'all') params.set('paid', filters.paid);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

/** What the filters ask the server for. */
export function listParamsOf(filters: InvoiceFilters): Omit<InvoiceListParams, 'limit'> {
  return {
    ...(filters.customerId ? { customerId: filters.customerId } : {}),
    ...(filters.paid !== 'all' ? { paid: filters.paid === 'paid' } : {}),
    ...(filters.from ? { issuedFrom: filters.from } : {}),
    ...(filters.to ? { issuedTo: filters.to } : {}),
  };
}

export const isFiltered = (filters: InvoiceFilters): boolean =>
  filters.customerId !== '' || filters.paid !== 'all' || filters.from !== '' || filters.to !== '';

/** The issued-date range's problem, when the end is before the start. */
export function rangeProblem(from: string, to: string): string | undefined {
  return from && to && to < from ? 'The end date is before the start date' : undefined;
}

/**
 * The server's limits (BAKERY_DETAILS_LIMITS of libs/contracts/src/invoices.ts, a module with
 * validation decorators the app does not import for its values).
 */
export const BAKERY_DETAILS_LIMITS = { nameMax: 120, textMax: 500 } as const;

/** The bakery details form's checks: the server's own limits. */
export function bakeryDetailsProblem(field: keyof BakeryDetails, value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (field === 'name') {
    return text.length < 1 || text.length > BAKERY_DETAILS_LIMITS.nameMax ? `The bakery's name must be 1 to ${BAKERY_DETAILS_LIMITS.nameMax} characters` : undefined;
  }
  return text.length > BAKERY_DETAILS_LIMITS.textMax ? `At most ${BAKERY_DETAILS_LIMITS.textMax} characters` : undefined;
}

/** What PUT /api/admin/bakery-details is sent: every field, trimmed. */
export function toBakeryDetails(values: Partial<BakeryDetails>): BakeryDetails {
  return {
    name: values.name?.trim() ?? '',
    address: values.address?.trim() ?? '',
    taxId: values.taxId?.trim() ?? '',
    paymentInstructions: values.paymentInstructions?.trim() ?? '',
  };
}
