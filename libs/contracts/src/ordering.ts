import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Product } from './catalog';
import {
  CART_LINE_MAX,
  CART_LINE_MIN,
  DELIVERY_TIME_SLOTS,
  ORDER_STATUSES,
  OrderingMessages,
  SPECIAL_INSTRUCTIONS_MAX,
  type DeliveryTimeSlot,
  type OrderStatus,
} from './constants';
import { TrimToUndefined } from './validation';

// ---- constants (in ./constants, free of decorators for the web app) ---------------------------

export {
  CART_LINE_MAX,
  CART_LINE_MIN,
  DEFAULT_PRICING,
  DELIVERY_TIME_SLOTS,
  FINAL_ORDER_STATUSES,
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
} as const;

/** Published on every status change after placement (placement itself is order.placed). */
export const OrderingEvents = {
  orderStatusChanged: 'order.status-changed',
} as const;

export interface OrderStatusChangedEvent {
  orderId: string;
  customerId: string;
  status: OrderStatus;
  previousStatus: OrderStatus;
}

// ---- requests between gateway and ordering ---------------------------------------------------

/** Who is asking: ordering scopes every read and write by it. */
export interface Caller {
  userId: string;
  role: 'admin' | 'customer';
}

export interface CustomerRequest {
  customerId: string;
}

export interface AddToCartRequest extends CustomerRequest {
  productId: string;
  quantity: number;
}

export interface UpdateCartLineRequest extends CustomerRequest {
  lineId: string;
  quantity: number;
}

export interface CartLineRequest extends CustomerRequest {
  lineId: string;
}

export interface PlaceOrderRequest extends CustomerRequest {
  deliveryDate: string | null;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string | null;
  /** the total the customer saw (decimal string); when the order's total differs: 409, nothing written */
  expectedTotal?: string | null;
  idempotencyKey?: string;
}

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

export interface OrderRequest {
  caller: Caller;
  orderId: string;
}

/** Where a page of orders (newest first) ends: the next page starts after this order. */
export interface OrderCursor {
  createdAt: string;
  id: string;
}

/**
 * ordering.orders.list answers a page, so no reply outgrows a NATS message (1 MB by default);
 * the gateway reads page after page and answers the whole list.
 */
export interface ListOrdersRequest {
  caller: Caller;
  after?: OrderCursor | null;
  limit?: number;
}

export interface OrdersPage {
  orders: Order[];
  next: OrderCursor | null;
}

/** Orders per page: a large order is a few kB, so a page stays far below the message limit. */
export const ORDERS_PAGE_SIZE = 200;

export interface ChangeStatusRequest {
  orderId: string;
  status: OrderStatus;
}

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

export interface OrderItem {
  id: string;
  productId: string;
  quantity: number;
  unitPrice: string;
  totalPrice: string;
  /** name as it was when the order was placed */
  product: { id: string; name: string };
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
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: OrderingMessages.productId })
  @IsString({ message: OrderingMessages.productId })
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
}

/** A calendar date as YYYY-MM-DD in a time zone. */
export function dateInTimeZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
