/**
 * Invoices and credit notes (issue 18), and the bakery's details they carry. Ordering owns both:
 * an invoice is issued when an order becomes delivered (or on demand by an admin), an immutable
 * copy of the order, the customer and the bakery as they were; a cancellation of an invoiced order
 * issues a credit note. Routes: GET /api/invoices, GET /api/invoices/:id, GET /api/invoices/:id/pdf,
 * POST /api/orders/:id/invoice, PUT /api/invoices/:id/paid, GET/PUT /api/admin/bakery-details.
 */
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import type { DeliveryTimeSlot } from './constants';
import { CallerRequest } from './ordering';
import { PageAfterField, PageCursor, PageCursorField, PageLimitField, PageSizeField } from './paging';
import { IsCalendarDate, IsUuid, Trim } from './validation';

export const InvoicePatterns = {
  /** one page of invoices, newest first (ListInvoicesRequest → InvoicesPage) */
  list: 'ordering.invoices.list',
  get: 'ordering.invoices.get',
  /** an admin issues an order's invoice now (409 if it has one, or is cancelled) */
  issue: 'ordering.invoices.issue',
  setPaid: 'ordering.invoices.set-paid',
} as const;

export const BakeryDetailsPatterns = {
  get: 'ordering.bakery-details.get',
  set: 'ordering.bakery-details.set',
} as const;

export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const BAKERY_DETAILS_LIMITS = { nameMax: 120, textMax: 500 } as const;

/** What the bakery is called until an admin says otherwise. */
export const DEFAULT_BAKERY_DETAILS: BakeryDetails = { name: 'Bakery', address: '', taxId: '', paymentInstructions: '' };

export const InvoiceMessages = {
  notFound: 'Invoice not found',
  alreadyIssued: 'This order already has an invoice',
  orderCancelled: 'A cancelled order cannot be invoiced',
  adminOnly: 'Only administrators can choose a customer',
  paid: 'paid must be true or false',
  issuedRange: 'issuedTo must not be before issuedFrom',
  bakeryName: `name must be 1 to ${BAKERY_DETAILS_LIMITS.nameMax} characters`,
  address: `address must be at most ${BAKERY_DETAILS_LIMITS.textMax} characters`,
  taxId: `taxId must be at most ${BAKERY_DETAILS_LIMITS.textMax} characters`,
  paymentInstructions: `paymentInstructions must be at most ${BAKERY_DETAILS_LIMITS.textMax} characters`,
} as const;

// ---- responses ------------------------------------------------------------------------------

/** The bakery's details, printed on every document's header and copied into each invoice. */
export interface BakeryDetails {
  name: string;
  address: string;
  taxId: string;
  paymentInstructions: string;
}

export interface InvoiceLine {
  productId: string;
  /** the product's name as it was on the order */
  name: string;
  quantity: number;
  /** money strings; a credit note's are negative */
  unitPrice: string;
  totalPrice: string;
}

/** The customer as they were when the invoice was issued. */
export interface InvoiceCustomer {
  businessName: string | null;
  email: string;
  phone: string | null;
  address: string | null;
}

export interface Invoice {
  id: string;
  /** "INV-2026-000123"; credit notes "CN-2026-000001": gap-free per kind and year in the bakery's time zone */
  number: string;
  kind: InvoiceKind;
  orderId: string;
  /** the order id's last 8 characters, upper-case (as the packing slips print it) */
  orderNumber: string;
  customerId: string;
  /** a credit note: the invoice it cancels; null for an invoice */
  creditedInvoiceId: string | null;
  issuedAt: string;
  /** money strings, exactly the order's; negative on a credit note */
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  paid: boolean;
  paidAt: string | null;
  lines: InvoiceLine[];
  customer: InvoiceCustomer;
  bakery: BakeryDetails;
  deliveryDate: string | null;
  deliveryTimeSlot: DeliveryTimeSlot | null;
}

export interface InvoicesPage {
  invoices: Invoice[];
  next: PageCursor | null;
  /** every invoice the filters match, when asked (`withTotal`) */
  total?: number | null;
}

// ---- bodies and queries ---------------------------------------------------------------------

/** PUT /api/admin/bakery-details: the whole set (an absent text is empty). */
export class BakeryDetailsDto {
  @MaxLength(BAKERY_DETAILS_LIMITS.nameMax, { message: InvoiceMessages.bakeryName })
  @MinLength(1, { message: InvoiceMessages.bakeryName })
  @IsString({ message: InvoiceMessages.bakeryName })
  @Trim()
  name!: string;

  @IsOptional()
  @MaxLength(BAKERY_DETAILS_LIMITS.textMax, { message: InvoiceMessages.address })
  @IsString({ message: InvoiceMessages.address })
  @Trim()
  address?: string;

  @IsOptional()
  @MaxLength(BAKERY_DETAILS_LIMITS.textMax, { message: InvoiceMessages.taxId })
  @IsString({ message: InvoiceMessages.taxId })
  @Trim()
  taxId?: string;

  @IsOptional()
  @MaxLength(BAKERY_DETAILS_LIMITS.textMax, { message: InvoiceMessages.paymentInstructions })
  @IsString({ message: InvoiceMessages.paymentInstructions })
  @Trim()
  paymentInstructions?: string;
}

/** PUT /api/invoices/:id/paid */
export class SetInvoicePaidDto {
  @IsBoolean({ message: InvoiceMessages.paid })
  paid!: boolean;
}

/** The filters an HTTP query and ordering's request share (dates YYYY-MM-DD, days in the bakery's time zone). */
class InvoiceFilterFields {
  /** admins only (403 for a customer) */
  @IsOptional()
  @IsUuid()
  customerId?: string;

  @IsOptional()
  @IsUuid()
  orderId?: string;

  /** issued on or after this date */
  @IsOptional()
  @IsCalendarDate()
  issuedFrom?: string;

  /** issued on or before this date */
  @IsOptional()
  @IsCalendarDate()
  issuedTo?: string;
}

/** What narrows a list of invoices (ordering's request; the HTTP query below adds paging). */
export class InvoiceFilters extends InvoiceFilterFields {
  @IsOptional()
  @IsBoolean({ message: InvoiceMessages.paid })
  paid?: boolean;
}

/** GET /api/invoices?limit=&cursor=&customerId=&orderId=&paid=true|false&issuedFrom=&issuedTo= */
export class ListInvoicesQuery extends InvoiceFilterFields {
  @PageLimitField()
  limit?: number;

  @PageCursorField()
  cursor?: string;

  /** `true` or `false` as the query writes them; anything else is refused */
  @IsOptional()
  @IsBoolean({ message: InvoiceMessages.paid })
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  paid?: boolean;
}

// ---- message payloads -----------------------------------------------------------------------

/** ordering.invoices.list: a page of invoices (customers: their own), newest first, after `after`. */
export class ListInvoicesRequest extends CallerRequest {
  @PageAfterField()
  after?: PageCursor | null;

  @PageSizeField()
  limit?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => InvoiceFilters)
  @IsObject()
  filters?: InvoiceFilters;

  /** also count every invoice the filters match */
  @IsOptional()
  @IsBoolean()
  withTotal?: boolean;
}

/** ordering.invoices.get: someone else's invoice is as unknown as one that does not exist. */
export class InvoiceRequest extends CallerRequest {
  @IsUuid()
  id!: string;
}

/** ordering.invoices.issue (admins: the gateway's route is admin-only). */
export class IssueInvoiceRequest {
  @IsUuid()
  orderId!: string;
}

/** ordering.invoices.set-paid (admins). */
export class SetInvoicePaidRequest extends SetInvoicePaidDto {
  @IsUuid()
  id!: string;
}
