import { AppError, type InvoiceFilters, InvoiceMessages, ListInvoicesQuery, type PageCursor, type Role } from '@bakery/contracts';
import { pageRequest } from '../http/paging';

export interface InvoiceListRequestParts {
  filters: InvoiceFilters;
  after: PageCursor | null;
  limit: number;
}

/**
 * GET /api/invoices's query as ordering's request: 403 for a customer's `customerId` (they only
 * ever see their own invoices), 400 for a cursor that is not one of ours or a range that ends
 * before it starts. The paging is every list's (../http/paging.ts).
 */
export function invoiceListRequest(query: ListInvoicesQuery, role: Role): InvoiceListRequestParts {
  if (role !== 'admin' && query.customerId !== undefined) throw AppError.forbidden(InvoiceMessages.adminOnly);
  const { after, limit } = pageRequest(query);
  if (query.issuedFrom && query.issuedTo && query.issuedTo < query.issuedFrom) throw AppError.validation({ issuedTo: [InvoiceMessages.issuedRange] });
  const filters: InvoiceFilters = {};
  for (const key of ['customerId', 'orderId', 'paid', 'issuedFrom', 'issuedTo'] as const) {
    if (query[key] !== undefined) Object.assign(filters, { [key]: query[key] });
  }
  return { filters, after, limit };
}
