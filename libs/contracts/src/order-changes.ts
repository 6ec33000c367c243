/**
 * Repeat ordering, part two (issue 17): "Order again" (POST /api/orders/:id/reorder) puts a past
 * order's products back in the cart, and a pending order is changed (PATCH /api/orders/:id) until
 * its cut-off: lines, date, slot, instructions. Stock moves by the difference only, through
 * catalog's `catalog.stock.adjust`; the change is announced as `order.amended`.
 */
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { StockLineRequest } from './catalog';
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
import { Caller, OrderedLineEvent } from './ordering';
import { IsCalendarDate, IsUuid } from './validation';

// ---- patterns ------------------------------------------------------------------------------------

/** Ordering's request patterns for changing orders (the rest of ordering's are OrderingPatterns). */
export const OrderChangePatterns = {
  /** OrderRequest → ReorderResult: the order's live products into the caller's cart */
  reorder: 'ordering.orders.reorder',
  /** AmendOrderRequest → Order */
  amend: 'ordering.orders.amend',
} as const;

/** The most lines an amended order may have (what catalog reserves in one call). */
export const AMENDED_LINES_MAX = 200;

export const OrderChangeMessages = {
  lines: `An order needs 1 to ${AMENDED_LINES_MAX} lines`,
  duplicateProduct: 'Each product may be listed once',
  cartChanged: 'Your cart changed meanwhile; please try again',
  customersOnly: 'Only customers have a cart to order again into',
  /** a customer changing their order once it has moved past pending */
  notChangeable: 'This order is {status} and can no longer be changed',
  stockNotHeld: 'The stock of this order is not held by the bakery any more: it cannot be changed',
  /** an issued invoice never changes, so neither does the order it bills */
  invoiced: 'This order has been invoiced and can no longer be changed',
} as const;

// ---- POST /api/orders/:id/reorder ---------------------------------------------------------------

/**
 * Why (part of) a product of the order was not put in the cart:
 * - `unavailable`: the product is gone, inactive or not approved; nothing added;
 * - `out_of_stock`: none left (or the cart already holds all there is); nothing added;
 * - `stock_limit`: fewer than ordered were added, capped at the stock (counting what the cart held);
 * - `line_limit`: fewer than ordered (possibly none) were added, capped at the cart line maximum (500).
 */
export const REORDER_SKIP_REASONS = ['unavailable', 'out_of_stock', 'stock_limit', 'line_limit'] as const;
export type ReorderSkipReason = (typeof REORDER_SKIP_REASONS)[number];

export interface ReorderedLine {
  productId: string;
  /** the product's name now */
  name: string;
  /** units this call added to the cart (the cart line may hold more: it merges with what was there) */
  quantity: number;
}

/**
 * A product of the order that was left out, or added with fewer units than ordered (then it is in
 * `added` too, with the units that were added).
 */
export interface SkippedLine {
  productId: string;
  /** the product's name now, or as it was on the order when the product is gone */
  name: string;
  reason: ReorderSkipReason;
  /** units of the order that were not added */
  missing: number;
}

/** The answer of POST /api/orders/:id/reorder (200): the cart then holds the added lines. */
export interface ReorderResult {
  added: ReorderedLine[];
  skipped: SkippedLine[];
}

// ---- PATCH /api/orders/:id ----------------------------------------------------------------------

/** Trims text; blank becomes null (a PATCH clears the field with it), absent stays absent. */
function TrimToNull(): PropertyDecorator {
  return Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  });
}

export class AmendedLineDto {
  @IsUuid({ message: OrderingMessages.productId })
  productId: string;

  @Max(CART_LINE_MAX, { message: OrderingMessages.quantityMax })
  @Min(CART_LINE_MIN, { message: OrderingMessages.quantityMin })
  @IsInt({ message: OrderingMessages.quantityWhole })
  quantity: number;
}

/**
 * PATCH /api/orders/:id: each field optional (absent: unchanged). `lines` replaces the order's
 * lines (at least one, each product once). `deliveryDate`, `deliveryTimeSlot` and
 * `specialInstructions` set to null (or blank) clear them.
 */
export class AmendOrderDto {
  // null is not "unchanged": an order cannot be without lines
  @ValidateIf((_o, value) => value !== undefined)
  @ValidateNested({ each: true })
  @Type(() => AmendedLineDto)
  @ArrayMinSize(1, { message: OrderChangeMessages.lines })
  @ArrayMaxSize(AMENDED_LINES_MAX, { message: OrderChangeMessages.lines })
  @IsArray({ message: OrderChangeMessages.lines })
  lines?: AmendedLineDto[];

  @IsOptional()
  @IsCalendarDate({ message: OrderingMessages.deliveryDateFormat })
  @IsString({ message: OrderingMessages.deliveryDateFormat })
  @TrimToNull()
  deliveryDate?: string | null;

  @IsOptional()
  @IsIn(DELIVERY_TIME_SLOTS, { message: OrderingMessages.deliveryTimeSlot })
  @TrimToNull()
  deliveryTimeSlot?: DeliveryTimeSlot | null;

  @IsOptional()
  @MaxLength(SPECIAL_INSTRUCTIONS_MAX, { message: OrderingMessages.specialInstructions })
  @IsString({ message: OrderingMessages.specialInstructions })
  @TrimToNull()
  specialInstructions?: string | null;
}

/** ordering.orders.amend: the body's fields (absent: unchanged; null: cleared), the order and who asks. */
export class AmendOrderRequest extends AmendOrderDto {
  @ValidateNested()
  @Type(() => Caller)
  @IsObject()
  caller: Caller;

  @IsUuid()
  orderId: string;
}

// ---- catalog.stock.adjust -----------------------------------------------------------------------

/**
 * catalog.stock.adjust → AdjustStockResponse: the order's reservation becomes `lines`, taking or
 * giving back only the difference, in one transaction (409 'Not enough stock' with
 * `details.shortages` when an increase cannot be met; 409 with `details.unavailable` for a
 * product added or increased that is not live; nothing changed then). The adjustment stays
 * provisional until `order.amended` with the same `amendmentId` confirms it: one never confirmed
 * (ordering failed or died before writing the order) is undone after the reservation TTL, back to
 * `previousLines`, what the order held before. Idempotent by amendmentId.
 */
export class AdjustStockRequest {
  @IsUuid()
  orderId: string;

  @IsUuid()
  amendmentId: string;

  /** the order's lines before this change, as ordering holds them (lines of 0 units left out) */
  @IsArray()
  @ArrayMaxSize(AMENDED_LINES_MAX)
  @ValidateNested({ each: true })
  @Type(() => StockLineRequest)
  previousLines: StockLineRequest[];

  /** the order's lines after it */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(AMENDED_LINES_MAX)
  @ValidateNested({ each: true })
  @Type(() => StockLineRequest)
  lines: StockLineRequest[];
}

/** What the reservation holds now: each line with the product's name and current price. */
export interface AdjustStockResponse {
  orderId: string;
  lines: { productId: string; name: string; unitPrice: string; quantity: number }[];
}

// ---- order.amended --------------------------------------------------------------------------------

export const AMENDABLE_FIELDS = ['lines', 'deliveryDate', 'deliveryTimeSlot', 'specialInstructions'] as const;
export type AmendableField = (typeof AMENDABLE_FIELDS)[number];

/** One product whose quantity changed: 0 before (added) or 0 after (removed). */
export class AmendedLineChange {
  @IsUuid()
  productId!: string;

  @IsInt()
  @Min(0)
  before!: number;

  @IsInt()
  @Min(0)
  after!: number;
}

const AMOUNT = /^\d{1,8}\.\d{2}$/;

/**
 * Published by ordering when an order was changed (PATCH /api/orders/:id), in the transaction that
 * wrote it: catalog confirms the stock adjustment `amendmentId`; notifications pushes the change to
 * the admins' screens and the customer's (as order.updated). What changed: `changed` names the
 * fields, `lineChanges` each product whose quantity moved, the date, slot and totals before and after.
 */
export class OrderAmendedEvent {
  @IsUuid()
  orderId!: string;

  @IsUuid()
  customerId!: string;

  @IsUuid()
  amendmentId!: string;

  @IsIn(ORDER_STATUSES)
  status!: OrderStatus;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(AMENDABLE_FIELDS.length)
  @IsIn(AMENDABLE_FIELDS, { each: true })
  changed!: AmendableField[];

  /** every line of the order now (lines of 0 units left out) */
  @IsArray()
  @ArrayMaxSize(AMENDED_LINES_MAX)
  @ValidateNested({ each: true })
  @Type(() => OrderedLineEvent)
  lines!: OrderedLineEvent[];

  @IsArray()
  @ArrayMaxSize(2 * AMENDED_LINES_MAX)
  @ValidateNested({ each: true })
  @Type(() => AmendedLineChange)
  lineChanges!: AmendedLineChange[];

  @Matches(AMOUNT)
  @IsString()
  previousTotal!: string;

  @Matches(AMOUNT)
  @IsString()
  total!: string;

  @IsOptional()
  @IsCalendarDate()
  previousDeliveryDate?: string | null;

  @IsOptional()
  @IsCalendarDate()
  deliveryDate?: string | null;

  @IsOptional()
  @IsIn(DELIVERY_TIME_SLOTS)
  previousDeliveryTimeSlot?: DeliveryTimeSlot | null;

  @IsOptional()
  @IsIn(DELIVERY_TIME_SLOTS)
  deliveryTimeSlot?: DeliveryTimeSlot | null;
}
