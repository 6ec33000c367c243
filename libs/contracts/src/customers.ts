import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CUSTOMER_SEARCH_MAX } from './constants';
import { PageAfterField, PageCursor, PageCursorField, PageLimitField, PageSizeField } from './paging';
import { BusinessProfile, CreateCustomerDto, UpdateCustomerDto, User } from './users';
import { IsClientAddress, IsUuid, TrimToUndefined } from './validation';

/** Request/reply patterns of the customers service. */
export const CustomersPatterns = {
  /** self-service registration: a customer with the spec's two business types */
  register: 'customers.accounts.register',
  /** an admin creates a customer account */
  create: 'customers.accounts.create',
  /** one page of the directory, newest first, optionally searched (ListCustomersRequest → CustomersPage) */
  list: 'customers.accounts.list',
  get: 'customers.accounts.get',
  update: 'customers.accounts.update',
  getProfile: 'customers.profiles.get',
  /** what an order keeps of its customer: business name, email, phone (answered without auth) */
  orderContact: 'customers.accounts.order-contact',
  /** where and how to deliver to customers (DeliveryDetailsRequest → DeliveryDetails[]): ordering's run sheet, packing slips and invoices */
  deliveryDetails: 'customers.accounts.delivery-details',
} as const;

/** The customer details an order keeps as they were when it was placed. */
export interface OrderContact {
  businessName: string | null;
  email: string;
  phone: string | null;
}

// ---- message payloads (classes: the service's validation pipe checks every message) ----------

/** customers.accounts.register / create: the admin's customer fields (a registration's are a subset). */
export class NewCustomerRequest extends CreateCustomerDto {
  /** client address of a self-service registration (for its per-address limit); set by the gateway */
  @IsOptional()
  @IsClientAddress()
  ip?: string;
}

export class CustomerIdRequest {
  @IsUuid()
  userId: string;
}

/** The most customers one customers.accounts.delivery-details asks for. */
export const DELIVERY_DETAILS_MAX = 500;

/** customers.accounts.delivery-details: the customers (unknown ids are left out of the answer). */
export class DeliveryDetailsRequest {
  @IsArray()
  @ArrayMaxSize(DELIVERY_DETAILS_MAX)
  @IsUuid({ each: true })
  userIds: string[];
}

/** What the delivery documents need of a customer, as the profile holds it now. */
export interface DeliveryDetails {
  userId: string;
  businessName: string | null;
  address: string | null;
  phone: string | null;
  dropPosition: number | null;
}

/** customers.accounts.update: the PATCH body plus the id from the route. */
export class UpdateCustomerRequest extends UpdateCustomerDto {
  @IsUuid()
  userId: string;
}

/** The admin's view of a customer: the user, and the bakery's own fields (drop position on the run sheet). */
export interface CustomerAccount extends User {
  dropPosition: number | null;
}
export type ProfileResponse = BusinessProfile | null;

// ---- GET /api/customers: one page, searched on the server ------------------------------------

export { CUSTOMER_SEARCH_MAX };

export const CustomerListMessages = {
  search: `q must be 1 to ${CUSTOMER_SEARCH_MAX} characters`,
} as const;

/** Business name, the person's name or email: partial, any case (`%` and `_` match themselves). */
class CustomerSearchField {
  @IsOptional()
  @MaxLength(CUSTOMER_SEARCH_MAX, { message: CustomerListMessages.search })
  @MinLength(1, { message: CustomerListMessages.search })
  @IsString({ message: CustomerListMessages.search })
  @TrimToUndefined()
  q?: string;
}

/** The query of GET /api/customers: the search, a page size and where the page starts (`cursor`). */
export class ListCustomersQuery extends CustomerSearchField {
  @PageLimitField()
  limit?: number;

  @PageCursorField()
  cursor?: string;
}

/** customers.accounts.list: one page (newest first) of the accounts the search matches. */
export class ListCustomersRequest extends CustomerSearchField {
  @PageAfterField()
  after?: PageCursor | null;

  @PageSizeField()
  limit?: number;

  /** also count every account the search matches (the first page's X-Total-Count) */
  @IsOptional()
  @IsBoolean()
  withTotal?: boolean;
}

export interface CustomersPage {
  customers: CustomerAccount[];
  /** where the next page starts; null on the last page */
  next: PageCursor | null;
  /** how many the search matches, when asked (`withTotal`) */
  total?: number;
}
