/**
 * Customer terms over the wire (issue 19): price lists (GET/POST /api/admin/price-lists, GET/PUT/
 * DELETE /api/admin/price-lists/:id), a customer's terms (GET/PUT /api/customers/:id/terms) and
 * their audit, and what ordering and the gateway ask to price for a customer. The customers
 * service owns all of it; the rules are the plain functions of ./customer-terms.
 */
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsOptional, IsString, MaxLength, MinLength, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';
import { priceProblem } from './constants';
import type { OrderContact } from './customers';
import { CustomerTermsMessages, HOLD_REASON_MAX, percentageProblem, PRICE_LIST_LIMITS, TERMS_AMOUNT_PATTERN, type FixedPrice, type PriceListRule } from './customer-terms';
import { PageAfterField, PageCursor, PageCursorField, PageLimitField, PageSizeField } from './paging';
import { REMINDER_CANDIDATES_MAX } from './standing-previews';
import { IsUuid, Trim } from './validation';

export * from './customer-terms';

export const CustomerTermsPatterns = {
  /** one page of price lists, newest first (ListPriceListsRequest → PriceListsPage) */
  listPriceLists: 'customers.price-lists.list',
  getPriceList: 'customers.price-lists.get',
  createPriceList: 'customers.price-lists.create',
  updatePriceList: 'customers.price-lists.update',
  /** 409 while a customer is on it */
  deletePriceList: 'customers.price-lists.delete',
  /** one page of the customers on a list (PriceListCustomersRequest → PriceListCustomersPage) */
  priceListCustomers: 'customers.price-lists.customers',
  getTerms: 'customers.terms.get',
  setTerms: 'customers.terms.set',
  /** one page of a customer's terms changes, newest first */
  termsAudit: 'customers.terms.audit',
  /**
   * What pricing needs of a customer in one answer (ResolveTermsRequest → ResolvedTerms): their
   * list's rule, their overrides and whether they are on hold; with `withContact`, also what an
   * order keeps of them (so a checkout asks customers once).
   */
  resolve: 'customers.terms.resolve',
  /** which of these customers are on hold (HeldCustomersRequest → HeldCustomers): for sweeps over many */
  heldAmong: 'customers.terms.held-among',
} as const;

/** Events of the customers service: facts for anyone keeping a copy of terms. */
export const CustomerTermsEvents = {
  priceListChanged: 'price-list.changed',
  termsChanged: 'customer-terms.changed',
} as const;

/**
 * Broadcasts to every gateway (plain NATS, no queue group), after the change committed: their
 * catalogue caches drop the list's prices or the customer's list at once.
 */
export const CustomerTermsBroadcasts = {
  /** PriceListChangedEvent */
  priceListChanged: 'customers.price-list.changed',
  /** CustomerTermsChangedEvent */
  termsChanged: 'customers.terms.changed',
} as const;

export class PriceListChangedEvent {
  @IsUuid()
  priceListId!: string;

  /** the list is gone */
  @IsOptional()
  @IsBoolean()
  deleted?: boolean;
}

export class CustomerTermsChangedEvent {
  @IsUuid()
  customerId!: string;
}

// ---- what travels back ---------------------------------------------------------------------

export interface PriceList {
  id: string;
  name: string;
  /** "90.00": 90% of the default price */
  percentage: string;
  /** by product id */
  fixedPrices: FixedPrice[];
  /** how many customers are on it (a list in use cannot be deleted) */
  customerCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface PriceListsPage {
  priceLists: PriceList[];
  next: PageCursor | null;
  total?: number;
}

/** A customer on a list, as the Price Lists screen names them. */
export interface PriceListCustomer {
  id: string;
  businessName: string | null;
  email: string | null;
}

export interface PriceListCustomersPage {
  customers: PriceListCustomer[];
  next: PageCursor | null;
}

/** The fields of CustomerTerms an audit entry names. */
export const CUSTOMER_TERMS_FIELDS = ['priceListId', 'minimumOrder', 'deliveryFee', 'freeDeliveryThreshold', 'onHold', 'holdReason'] as const;
export type CustomerTermsField = (typeof CUSTOMER_TERMS_FIELDS)[number];

/** One changed field of a customer's terms: who, when, old and new value (as text; null for none). */
export interface CustomerTermsAuditEntry {
  id: string;
  at: string;
  changedBy: { id: string; name: string | null };
  field: CustomerTermsField;
  oldValue: string | null;
  newValue: string | null;
}

export interface CustomerTermsAuditPage {
  entries: CustomerTermsAuditEntry[];
  next: PageCursor | null;
}

/** customers.terms.resolve → everything pricing needs of one customer. */
export interface ResolvedTerms {
  customerId: string;
  /** null: the default prices */
  priceList: PriceListRule | null;
  /** the customer's overrides, null for the bakery's default (./customer-terms effectiveTerms) */
  minimumOrder: string | null;
  deliveryFee: string | null;
  freeDeliveryThreshold: string | null;
  onHold: boolean;
  /** asked with `withContact` */
  contact?: OrderContact;
}

// ---- validation helpers ----------------------------------------------------------------------

/** A percentage string from "1" to "500" (percentageProblem). */
function PercentageField(): PropertyDecorator {
  return ValidateBy({
    name: 'isPercentage',
    validator: {
      validate: (value) => percentageProblem(value) === null,
      defaultMessage: () => CustomerTermsMessages.percentage,
    },
  });
}

/** A price string ("4.50"), positive and within a column (priceProblem, as products' prices). */
function PriceString(): PropertyDecorator {
  const problem = (value: unknown) => (typeof value === 'string' ? priceProblem(value) : priceProblem(value === undefined || value === null ? value : {}));
  return ValidateBy({
    name: 'isPriceString',
    validator: {
      validate: (value) => problem(value) === null,
      defaultMessage: (args) => problem(args?.value) ?? 'Price must be an amount',
    },
  });
}

/** An amount of the terms or null (null: the bakery's default); absent leaves it as it is. */
function TermsAmount(field: string): PropertyDecorator {
  return ValidateBy({
    name: 'isTermsAmount',
    validator: {
      validate: (value) => value === null || value === undefined || (typeof value === 'string' && TERMS_AMOUNT_PATTERN.test(value)),
      defaultMessage: () => CustomerTermsMessages.amount(field),
    },
  });
}

// ---- request bodies ---------------------------------------------------------------------------

export class FixedPriceDto {
  @IsUuid({ message: 'productId must be a product id' })
  productId: string;

  @PriceString()
  price: string;
}

/** POST /api/admin/price-lists and PUT /api/admin/price-lists/:id (a PUT replaces the whole list). */
export class PriceListDto {
  @MaxLength(PRICE_LIST_LIMITS.nameMax, { message: CustomerTermsMessages.name })
  @MinLength(1, { message: CustomerTermsMessages.name })
  @IsString({ message: CustomerTermsMessages.name })
  @Trim()
  name: string;

  @PercentageField()
  percentage: string;

  /** absent: none */
  @IsOptional()
  @ArrayUnique((f: FixedPriceDto) => (typeof f?.productId === 'string' ? f.productId.toLowerCase() : f), { message: CustomerTermsMessages.duplicateProduct })
  @ValidateNested({ each: true })
  @Type(() => FixedPriceDto)
  @ArrayMaxSize(PRICE_LIST_LIMITS.fixedPricesMax, { message: CustomerTermsMessages.fixedPrices })
  @IsArray({ message: CustomerTermsMessages.fixedPrices })
  fixedPrices?: FixedPriceDto[];
}

/**
 * PUT /api/customers/:id/terms: each field given is set (null: the bakery's default, no list, no
 * reason), each one left out keeps its value. Putting an account on hold needs a reason; lifting
 * the hold clears it.
 */
export class CustomerTermsDto {
  @IsOptional()
  @IsUuid({ message: CustomerTermsMessages.priceListUnknown })
  priceListId?: string | null;

  @TermsAmount('minimumOrder')
  minimumOrder?: string | null;

  @TermsAmount('deliveryFee')
  deliveryFee?: string | null;

  @TermsAmount('freeDeliveryThreshold')
  freeDeliveryThreshold?: string | null;

  /** absent keeps it; null is not a state */
  @ValidateIf((_o, value) => value !== undefined)
  @IsBoolean({ message: CustomerTermsMessages.onHoldFlag })
  onHold?: boolean;

  @IsOptional()
  @MaxLength(HOLD_REASON_MAX, { message: CustomerTermsMessages.holdReason })
  @MinLength(1, { message: CustomerTermsMessages.holdReason })
  @IsString({ message: CustomerTermsMessages.holdReason })
  @Trim()
  holdReason?: string | null;
}

/** The page size of price lists: each carries up to 80 fixed prices, so a page stays far below a message's limit. */
export const PRICE_LISTS_PAGE_MAX = 50;

export const PriceListPagingMessages = {
  limit: `limit must be a whole number from 1 to ${PRICE_LISTS_PAGE_MAX}`,
} as const;

/** GET /api/admin/price-lists: a page size and where the page starts. */
export class ListPriceListsQuery {
  @PageLimitField(PRICE_LISTS_PAGE_MAX, PriceListPagingMessages.limit)
  limit?: number;

  @PageCursorField()
  cursor?: string;
}

/** GET /api/admin/price-lists/:id/customers and GET /api/customers/:id/terms/audit: a page size and where it starts. */
export class TermsPageQuery {
  @PageLimitField()
  limit?: number;

  @PageCursorField()
  cursor?: string;
}

// ---- message payloads (classes: the service's validation pipe checks every message) ----------

export class CreatePriceListRequest extends PriceListDto {}

export class UpdatePriceListRequest extends PriceListDto {
  @IsUuid()
  id: string;
}

export class PriceListIdRequest {
  @IsUuid()
  id: string;
}

class PageFields {
  @PageAfterField()
  after?: PageCursor | null;
}

export class ListPriceListsRequest extends PageFields {
  @PageSizeField(PRICE_LISTS_PAGE_MAX)
  limit?: number;

  /** also count every list (the first page's X-Total-Count) */
  @IsOptional()
  @IsBoolean()
  withTotal?: boolean;
}

export class PriceListCustomersRequest extends PageFields {
  @IsUuid()
  id: string;

  @PageSizeField()
  limit?: number;
}

export class CustomerTermsRequest {
  @IsUuid()
  userId: string;
}

export class SetCustomerTermsRequest extends CustomerTermsDto {
  @IsUuid()
  userId: string;

  /** the admin making the change (the audit's "who") */
  @IsUuid()
  changedBy: string;
}

export class CustomerTermsAuditRequest extends PageFields {
  @IsUuid()
  userId: string;

  @PageSizeField()
  limit?: number;
}

/** The most customers one customers.terms.held-among request may name: a page of reminder candidates. */
export const HELD_AMONG_MAX = REMINDER_CANDIDATES_MAX;

export class HeldCustomersRequest {
  @IsUuid({ each: true })
  @ArrayMaxSize(HELD_AMONG_MAX)
  @IsArray()
  customerIds: string[];
}

/** Those of the request's customers who are on hold (lower case), in no particular order. */
export interface HeldCustomers {
  customerIds: string[];
}

export class ResolveTermsRequest {
  @IsUuid()
  userId: string;

  /** also answer the order contact (customers.accounts.order-contact's answer) */
  @IsOptional()
  @IsBoolean()
  withContact?: boolean;
}
