import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import type { Product } from './catalog';
import {
  CART_LINE_MAX,
  CART_LINE_MIN,
  DELIVERY_TIME_SLOTS,
  ORDER_STATUSES,
  OrderingMessages,
  ROLES,
  SPECIAL_INSTRUCTIONS_MAX,
  type DeliveryTimeSlot,
  type OrderStatus,
  type Role,
} from './constants';
import { CustomerTermsMessages, type EffectiveTerms, TERMS_AMOUNT_PATTERN } from './customer-terms';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PageAfterField, PageCursor, PageCursorField, PageLimitField, PageSizeField, PagingMessages } from './paging';
import { IsCalendarDate, IsUuid, TrimToUndefined } from './validation';

// ---- constants (in ./constants, free of decorators for the web app) ---------------------------

export {
  CART_LINE_MAX,
  CART_LINE_MIN,
  DEFAULT_PRICING,
  DELIVERY_TIME_SLOTS,
  ORDER_STATUSES,
  OrderingMessages,
  SPECIAL_INSTRUCTIONS_MAX,
} from './constants';
export type { DeliveryTimeSlot, OrderStatus } from './constants';

// ---- patterns and events ----------------------------------------------------------------------

export const OrderingPatterns = {
  getCart: 'ordering.cart.get',
  addToCart: 'ordering.cart.add',
  updateCartLine: 'ordering.cart.update',
  removeCartLine: 'ordering.cart.remove',
  cartCount: 'ordering.cart.count',
  getPricing: 'ordering.pricing.get',
  setPricing: 'ordering.pricing.set',
  placeOrder: 'ordering.orders.place',
  listOrders: 'ordering.orders.list',
  getOrder: 'ordering.orders.get',
  changeStatus: 'ordering.orders.changeStatus',
  cancelOrder: 'ordering.orders.cancel',
  metrics: 'ordering.dashboard.metrics',
  /** the bakery's calendar (BakeryCalendar, ./calendar): its time zone, today, the delivery date bounds */
  calendar: 'ordering.calendar.get',
} as const;

/** Events the ordering service publishes: every one declared here, and only here. */
export const OrderingEvents = {
  /** the order is written; catalog confirms its stock reservation, notifications counts it */
  orderPlaced: 'order.placed',
  /** the order was cancelled; catalog returns its stock (once) */
  orderCancelled: 'order.cancelled',
  /** every status change after placement (placement itself is order.placed) */
  orderStatusChanged: 'order.status-changed',
  /** a pending order was changed (lines, date, slot, instructions): OrderAmendedEvent (./order-changes); catalog confirms its stock adjustment, notifications pushes it */
  orderAmended: 'order.amended',
  /** a standing order's delivery was skipped, not placed (its customer is on hold): StandingDeliverySkippedEvent; notifications alerts the admins */
  standingDeliverySkipped: 'standing-delivery.skipped',
  /** a standing order's delivery is coming (STANDING_PREVIEW_DAYS before its cut-off): StandingDeliveryPreviewEvent (./standing-previews), with a skip link's token; notifications mails it */
  standingDeliveryPreview: 'standing-delivery.preview',
} as const;

// Event payloads are classes: the consumers' event bus validates each one with them (`bus.on(type,
// handler, PayloadClass)`), as services validate requests. Fields a newer publisher adds are
// stripped, not refused, so a consumer keeps working while publishers move ahead of it.

export class OrderedLineEvent {
  @IsUuid()
  productId!: string;

  @IsInt()
  @Min(1)
  quantity!: number;
}

/** A line of a standing order's delivery that got less than it asked for. */
export class ShortfallLineEvent {
  @IsUuid()
  productId!: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  name!: string | null;

  @IsInt()
  @Min(1)
  shortfall!: number;
}

/** Published by ordering once the order is written; confirms its stock reservation. */
export class OrderPlacedEvent {
  @IsUuid()
  orderId!: string;

  @IsUuid()
  customerId!: string;

  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => OrderedLineEvent)
  lines!: OrderedLineEvent[];

  /** a standing order's delivery: the standing order */
  @IsOptional()
  @IsUuid()
  standingOrderId?: string;

  /** a standing order's delivery: what it could not have (the admin is alerted), and whose it is */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ShortfallLineEvent)
  shortfalls?: ShortfallLineEvent[];

  @IsOptional()
  @IsString()
  @MaxLength(200)
  customerName?: string;
}

/** Why a standing order's delivery was skipped at its cut-off (no order is made for that date, ever). */
export const STANDING_DELIVERY_SKIP_REASONS = ['on_hold'] as const;
export type StandingDeliverySkipReason = (typeof STANDING_DELIVERY_SKIP_REASONS)[number];

/** A standing order's delivery skipped at its cut-off; published once per delivery. */
export class StandingDeliverySkippedEvent {
  @IsUuid()
  standingOrderId!: string;

  @IsUuid()
  customerId!: string;

  @IsCalendarDate()
  deliveryDate!: string;

  @IsIn(STANDING_DELIVERY_SKIP_REASONS)
  reason!: StandingDeliverySkipReason;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  customerName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  standingOrderName?: string;
}

/** Published by ordering when an order is cancelled; catalog returns its stock (once). */
export class OrderCancelledEvent {
  @IsUuid()
  orderId!: string;
}

export class OrderStatusChangedEvent {
  @IsUuid()
  orderId!: string;

  @IsUuid()
  customerId!: string;

  @IsIn(ORDER_STATUSES)
  status!: OrderStatus;

  @IsIn(ORDER_STATUSES)
  previousStatus!: OrderStatus;
}

// ---- requests between gateway and ordering (the payload classes are at the end of the file) ---

/** Messages of placing an order beyond the spec's own (OrderingMessages). */
export const PlaceOrderMessages = {
  cartBeingOrdered: 'This cart is already being ordered',
  cartChanged: 'Your cart changed while the order was being placed: please review it and place the order again',
  totalChanged: 'Prices changed since you saw your cart: please review the new total and place the order again',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order',
  expectedTotal: 'expectedTotal must be an amount with at most 2 decimal places, as a string (e.g. "66.75")',
  deliveryDateTooFar: 'Delivery date cannot be more than {days} days ahead',
  deliveryTimeSlotEnded: 'This delivery time slot has already ended today',
} as const;

/** A cart line whose price is not the one the customer's cart showed when it was added or last changed. */
export interface ChangedCartPrice {
  productId: string;
  productName: string;
  /** the unit price the line was added or last changed at */
  oldPrice: string;
  /** the product's price now, the one the order would use */
  newPrice: string;
}

/** `details` of the 409 totalChanged: nothing was reserved or written. */
export interface TotalChangedDetails {
  expectedTotal: string;
  /** what the order would cost now */
  total: string;
  /** empty when the total moved for another reason (delivery fee or tax rate) */
  changedLines: ChangedCartPrice[];
}

export interface OrdersPage {
  orders: Order[];
  next: OrderCursor | null;
  /** every order the filters match, when asked (`withTotal`) and counted within its budget */
  total?: number | null;
}

/** Orders per page: a large order is a few kB, so a page stays far below the message limit. */
export const ORDERS_PAGE_SIZE = PAGE_LIMIT_MAX;

/** The Idempotency-Key header of POST /api/orders, as the gateway takes it and ordering keeps it. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

// ---- responses -----------------------------------------------------------------------------

export type CartProduct = Pick<Product, 'id' | 'name' | 'description' | 'price' | 'imageUrl' | 'stock' | 'isActive'>;

export interface CartLine {
  id: string;
  productId: string;
  quantity: number;
  createdAt: string;
  updatedAt: string;
  /** null when the product has gone from the catalogue */
  product: CartProduct | null;
  /**
   * The unit price this line was added (or its quantity last changed) at, when the product's price
   * is now different; null (or absent) when it is unchanged.
   */
  previousPrice?: string | null;
}

export interface Pricing {
  deliveryFee: string;
  taxRate: string;
}

/** The bakery's pricing settings (PUT /api/config/pricing): no minimum order and no free delivery unless set (null). */
export interface PricingSettings extends Pricing {
  minimumOrder: string | null;
  freeDeliveryThreshold: string | null;
}

/** GET /api/config/pricing: the bakery's settings; for a signed-in customer also the terms that apply to them (./customer-terms). */
export interface PricingAnswer extends PricingSettings {
  own?: EffectiveTerms;
}

export interface OrderItem {
  id: string;
  productId: string;
  quantity: number;
  unitPrice: string;
  totalPrice: string;
  /** name as it was when the order was placed */
  product: { id: string; name: string };
  /** units a standing order asked for that were not available, never charged (0: complete) */
  shortfall: number;
}

export interface Order {
  id: string;
  customerId: string;
  status: OrderStatus;
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  deliveryDate: string | null;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string | null;
  /**
   * Until when the customer may cancel (or change) it: its delivery date's cut-off (ISO instant,
   * ./delivery-rules `changeableUntil`); null without a delivery date.
   */
  cutoffAt: string | null;
  /** the standing order this delivery came from; null for a checkout */
  standingOrderId: string | null;
  createdAt: string;
  updatedAt: string;
  /** as it was when the order was placed */
  customer: { businessName: string | null; email: string; phone: string | null };
  orderItems: OrderItem[];
}

export interface DashboardMetrics {
  totalOrders: number;
  revenue: string;
  activeCustomers: number;
  pendingOrders: number;
  /** this calendar month against the last, for the dashboard's trend lines */
  trends: {
    ordersThisMonth: number;
    ordersLastMonth: number;
    revenueThisMonth: string;
    revenueLastMonth: string;
    activeCustomersThisMonth: number;
    activeCustomersLastMonth: number;
  };
}

// ---- request bodies ---------------------------------------------------------------------------

export class AddToCartDto {
  @IsUuid({ message: OrderingMessages.productId })
  productId: string;

  @Max(CART_LINE_MAX, { message: OrderingMessages.quantityMax })
  @Min(CART_LINE_MIN, { message: OrderingMessages.quantityMin })
  @IsInt({ message: OrderingMessages.quantityWhole })
  quantity: number;
}

export class UpdateCartLineDto {
  @Max(CART_LINE_MAX, { message: OrderingMessages.quantityMax })
  @Min(CART_LINE_MIN, { message: OrderingMessages.quantityMin })
  @IsInt({ message: OrderingMessages.quantityWhole })
  quantity: number;
}

export class PlaceOrderDto {
  @IsOptional()
  @TrimToUndefined()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: OrderingMessages.deliveryDateFormat })
  @IsString({ message: OrderingMessages.deliveryDateFormat })
  deliveryDate?: string | null;

  @IsOptional()
  @TrimToUndefined()
  @IsIn(DELIVERY_TIME_SLOTS, { message: OrderingMessages.deliveryTimeSlot })
  deliveryTimeSlot?: DeliveryTimeSlot | null;

  @IsOptional()
  @TrimToUndefined()
  @MaxLength(SPECIAL_INSTRUCTIONS_MAX, { message: OrderingMessages.specialInstructions })
  @IsString({ message: OrderingMessages.specialInstructions })
  specialInstructions?: string | null;

  /** The total the customer saw; optional for API clients (the web app always sends it). */
  @IsOptional()
  @Matches(/^\d{1,8}(\.\d{1,2})?$/, { message: PlaceOrderMessages.expectedTotal })
  @IsString({ message: PlaceOrderMessages.expectedTotal })
  expectedTotal?: string | null;
}

export class ChangeStatusDto {
  @IsIn(ORDER_STATUSES, { message: OrderingMessages.status })
  status: OrderStatus;
}

export class PricingDto {
  @Matches(/^\d{1,4}(\.\d{1,2})?$/, { message: OrderingMessages.deliveryFee })
  @IsString({ message: OrderingMessages.deliveryFee })
  deliveryFee: string;

  @Matches(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, { message: OrderingMessages.taxRate })
  @IsString({ message: OrderingMessages.taxRate })
  taxRate: string;

  /** the bakery-wide minimum order (issue 19): null none; absent keeps it */
  @IsOptional()
  @Matches(TERMS_AMOUNT_PATTERN, { message: CustomerTermsMessages.amount('minimumOrder') })
  @IsString({ message: CustomerTermsMessages.amount('minimumOrder') })
  minimumOrder?: string | null;

  /** the bakery-wide free-delivery threshold (issue 19): null none; absent keeps it */
  @IsOptional()
  @Matches(TERMS_AMOUNT_PATTERN, { message: CustomerTermsMessages.amount('freeDeliveryThreshold') })
  @IsString({ message: CustomerTermsMessages.amount('freeDeliveryThreshold') })
  freeDeliveryThreshold?: string | null;
}

/** ordering.pricing.get: with a customer, also the terms that apply to them (PricingAnswer.own). */
export class GetPricingRequest {
  @IsOptional()
  @IsUuid()
  customerId?: string;
}

// ---- message payloads (classes: the service's validation pipe checks every message) ----------

/** Who is asking: ordering scopes every read and write by it. */
export class Caller {
  @IsUuid()
  userId: string;

  @IsIn(ROLES)
  role: Role;
}

/** A message on behalf of someone: `caller` is checked as a whole (unknown fields in it refused too). */
export class CallerRequest {
  @ValidateNested()
  @Type(() => Caller)
  @IsObject()
  caller: Caller;
}

export class CustomerRequest {
  @IsUuid()
  customerId: string;
}

export class AddToCartRequest extends AddToCartDto {
  @IsUuid()
  customerId: string;
}

export class UpdateCartLineRequest extends UpdateCartLineDto {
  @IsUuid()
  customerId: string;

  /** (the gateway answers 404 for a route id that is not a uuid) */
  @IsUuid()
  lineId: string;
}

export class CartLineRequest extends CustomerRequest {
  @IsUuid()
  lineId: string;
}

/** The body's fields (absent and null alike: no date, no slot, no instructions) and who places it. */
export class PlaceOrderRequest extends PlaceOrderDto {
  @IsUuid()
  customerId: string;

  @IsOptional()
  @Matches(IDEMPOTENCY_KEY_PATTERN, { message: OrderingMessages.idempotencyKey })
  @IsString({ message: OrderingMessages.idempotencyKey })
  idempotencyKey?: string;
}

export class OrderRequest extends CallerRequest {
  @IsUuid()
  orderId: string;
}

// ---- GET /api/orders: one page, filtered on the server ------------------------------------------

// the paging rules of every list (./paging): limit, cursor, Link
export const ORDER_LIST_DEFAULT_LIMIT = PAGE_LIMIT_DEFAULT;
export const ORDER_LIST_MAX_LIMIT = ORDERS_PAGE_SIZE;
/** the longest free-text search a list takes */
export const ORDER_SEARCH_MAX = 100;

export const OrderListMessages = {
  limit: PagingMessages.limit,
  cursor: PagingMessages.cursor,
  status: `status must be one or more of ${ORDER_STATUSES.join(', ')}, separated by commas`,
  search: `q must be 1 to ${ORDER_SEARCH_MAX} characters`,
  deliveryRange: 'deliveryTo must not be before deliveryFrom',
  placedRange: 'placedTo must not be before placedFrom',
  adminOnly: 'Only administrators can search all orders or choose a customer',
} as const;

/** `status=pending,confirmed` (or the parameter repeated) as a list; anything else as it came. */
function commaList(value: unknown): unknown {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim());
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.flatMap((v: string) => v.split(',').map((s) => s.trim()));
  return value;
}

/** The filters an HTTP query and ordering's request share (dates YYYY-MM-DD). */
class OrderListFilterFields {
  @IsOptional()
  @IsCalendarDate()
  deliveryDate?: string;

  @IsOptional()
  @IsCalendarDate()
  deliveryFrom?: string;

  @IsOptional()
  @IsCalendarDate()
  deliveryTo?: string;

  /** placed on or after this date in the bakery's time zone */
  @IsOptional()
  @IsCalendarDate()
  placedFrom?: string;

  /** placed on or before this date in the bakery's time zone */
  @IsOptional()
  @IsCalendarDate()
  placedTo?: string;

  /** admins: order id (or its last characters), business name or email, partial, any case */
  @IsOptional()
  @MaxLength(ORDER_SEARCH_MAX, { message: OrderListMessages.search })
  @MinLength(1, { message: OrderListMessages.search })
  @IsString({ message: OrderListMessages.search })
  @TrimToUndefined()
  q?: string;

  /** admins: one customer's orders */
  @IsOptional()
  @IsUuid()
  customerId?: string;
}

/** What narrows a list of orders (the NATS request's part; the HTTP query below adds paging). */
export class OrderFilters extends OrderListFilterFields {
  @IsOptional()
  @IsIn(ORDER_STATUSES, { each: true, message: OrderListMessages.status })
  @ArrayMinSize(1, { message: OrderListMessages.status })
  @ArrayMaxSize(ORDER_STATUSES.length, { message: OrderListMessages.status })
  @IsArray({ message: OrderListMessages.status })
  statuses?: OrderStatus[];
}

/** The query of GET /api/orders: the filters, a page size and where the page starts (`cursor`). */
export class ListOrdersQuery extends OrderListFilterFields {
  @PageLimitField(ORDER_LIST_MAX_LIMIT, OrderListMessages.limit)
  limit?: number;

  @PageCursorField()
  cursor?: string;

  /** `status=pending,confirmed`, or the parameter repeated */
  @IsOptional()
  @IsIn(ORDER_STATUSES, { each: true, message: OrderListMessages.status })
  @ArrayMinSize(1, { message: OrderListMessages.status })
  @ArrayMaxSize(ORDER_STATUSES.length, { message: OrderListMessages.status })
  @IsArray({ message: OrderListMessages.status })
  @Transform(({ value }) => commaList(value))
  status?: OrderStatus[];
}

/** Where a page of orders (newest first) ends: the next page starts after this order (./paging's cursor). */
export const OrderCursor = PageCursor;
export type OrderCursor = PageCursor;

/**
 * ordering.orders.list answers a page, so no reply outgrows a NATS message (1 MB by default);
 * the gateway reads page after page and answers the whole list.
 */
export class ListOrdersRequest extends CallerRequest {
  @PageAfterField()
  after?: OrderCursor | null;

  @PageSizeField(ORDERS_PAGE_SIZE)
  limit?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => OrderFilters)
  @IsObject()
  filters?: OrderFilters;

  /** also count every order the filters match, if that fits the count's time budget */
  @IsOptional()
  @IsBoolean()
  withTotal?: boolean;
}

export class ChangeStatusRequest extends ChangeStatusDto {
  @IsUuid()
  orderId: string;
}
