/**
 * Standing orders (issue 17): deliveries that repeat by weekday, turned into real orders at each
 * date's cut-off. Routes under /api/standing-orders; ordering owns them. The occurrence rules are
 * plain functions in ./standing-order-rules.
 */
import { Type } from 'class-transformer';
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
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { CART_LINE_MAX, DELIVERY_TIME_SLOTS, type DeliveryTimeSlot, OrderingMessages, SPECIAL_INSTRUCTIONS_MAX } from './constants';
import { Caller, CallerRequest } from './ordering';
import { PageAfterField, PageCursor, PageCursorField, PageLimitField, PageSizeField } from './paging';
import { STANDING_ORDER_LIMITS } from './standing-order-rules';
import { IsCalendarDate, IsUuid, Trim, TrimToUndefined } from './validation';

export * from './standing-order-rules';

export const StandingOrderMessages = {
  name: `Name must be 1 to ${STANDING_ORDER_LIMITS.nameMax} characters`,
  quantities: `quantities must be seven whole numbers from 0 to ${CART_LINE_MAX}, Monday to Sunday`,
  lines: `A standing order needs 1 to ${STANDING_ORDER_LIMITS.linesMax} products`,
  duplicateProduct: 'Each product may be listed once',
  nothingOrdered: 'A standing order needs a quantity on at least one day',
  everyWeeks: `everyWeeks must be a whole number from 1 to ${STANDING_ORDER_LIMITS.everyWeeksMax}`,
  endBeforeStart: 'endDate cannot be before startDate',
  tooMany: `A customer can have at most ${STANDING_ORDER_LIMITS.perCustomer} standing orders`,
  notFound: 'Standing order not found',
  productUnavailable: 'This product is not available',
  customerIdAdminOnly: 'Only administrators can make a standing order for a customer',
  customerIdRequired: 'customerId is required: the customer the standing order is for',
  notADelivery: 'This standing order has no delivery on that date',
  skipOrLines: 'Send either skip or lines',
  weeks: `weeks must be a whole number from 1 to ${STANDING_ORDER_LIMITS.upcomingWeeksMax}`,
} as const;

export const StandingOrderPatterns = {
  create: 'ordering.standingOrders.create',
  list: 'ordering.standingOrders.list',
  get: 'ordering.standingOrders.get',
  replace: 'ordering.standingOrders.replace',
  remove: 'ordering.standingOrders.remove',
  pause: 'ordering.standingOrders.pause',
  resume: 'ordering.standingOrders.resume',
  upcoming: 'ordering.standingOrders.upcoming',
  changeDelivery: 'ordering.standingOrders.changeDelivery',
} as const;

export const STANDING_ORDER_STATUSES = ['active', 'paused'] as const;
export type StandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];

export interface StandingOrderLine {
  productId: string;
  /** Monday … Sunday */
  quantities: number[];
}

export interface StandingOrder {
  id: string;
  customerId: string;
  status: StandingOrderStatus;
  /** paused until this date (exclusive: deliveries resume on it); null while paused until resumed, or active */
  pausedUntil: string | null;
  name: string;
  startDate: string;
  endDate: string | null;
  everyWeeks: number;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string | null;
  lines: StandingOrderLine[];
  createdAt: string;
  updatedAt: string;
}

/** One coming delivery of a standing order (GET /api/standing-orders/upcoming). */
export interface UpcomingDelivery {
  standingOrderId: string;
  date: string;
  cutoffAt: string;
  skipped: boolean;
  /** what will be ordered that date (the date's own change if any), products with a quantity only */
  lines: { productId: string; quantity: number }[];
}

// ---- bodies -----------------------------------------------------------------------------------

export class StandingOrderLineDto {
  @IsUuid({ message: OrderingMessages.productId })
  productId!: string;

  @IsInt({ each: true, message: StandingOrderMessages.quantities })
  @Min(0, { each: true, message: StandingOrderMessages.quantities })
  @Max(CART_LINE_MAX, { each: true, message: StandingOrderMessages.quantities })
  @ArrayMinSize(7, { message: StandingOrderMessages.quantities })
  @ArrayMaxSize(7, { message: StandingOrderMessages.quantities })
  @IsArray({ message: StandingOrderMessages.quantities })
  quantities!: number[];
}

/** POST and PUT /api/standing-orders: `customerId` only from an admin (ordering for a customer). */
export class StandingOrderDto {
  @MaxLength(STANDING_ORDER_LIMITS.nameMax, { message: StandingOrderMessages.name })
  @MinLength(1, { message: StandingOrderMessages.name })
  @IsString({ message: StandingOrderMessages.name })
  @Trim()
  name!: string;

  @IsCalendarDate()
  startDate!: string;

  @IsOptional()
  @IsCalendarDate()
  endDate?: string | null;

  @Max(STANDING_ORDER_LIMITS.everyWeeksMax, { message: StandingOrderMessages.everyWeeks })
  @Min(1, { message: StandingOrderMessages.everyWeeks })
  @IsInt({ message: StandingOrderMessages.everyWeeks })
  everyWeeks!: number;

  @IsOptional()
  @IsIn(DELIVERY_TIME_SLOTS, { message: OrderingMessages.deliveryTimeSlot })
  deliveryTimeSlot?: DeliveryTimeSlot | null;

  @IsOptional()
  @MaxLength(SPECIAL_INSTRUCTIONS_MAX, { message: OrderingMessages.specialInstructions })
  @IsString({ message: OrderingMessages.specialInstructions })
  @TrimToUndefined()
  specialInstructions?: string | null;

  @ValidateNested({ each: true })
  @Type(() => StandingOrderLineDto)
  @ArrayMinSize(1, { message: StandingOrderMessages.lines })
  @ArrayMaxSize(STANDING_ORDER_LIMITS.linesMax, { message: StandingOrderMessages.lines })
  @IsArray({ message: StandingOrderMessages.lines })
  lines!: StandingOrderLineDto[];

  @IsOptional()
  @IsUuid()
  customerId?: string;
}

export class PauseStandingOrderDto {
  /** deliveries resume on this date; absent or null: until resumed */
  @IsOptional()
  @IsCalendarDate()
  until?: string | null;
}

export class DeliveryLineDto {
  @IsUuid({ message: OrderingMessages.productId })
  productId!: string;

  @Max(CART_LINE_MAX, { message: OrderingMessages.quantityMax })
  @Min(0, { message: 'Quantity cannot be negative' })
  @IsInt({ message: OrderingMessages.quantityWhole })
  quantity!: number;
}

/** PUT /api/standing-orders/:id/deliveries/:date: `{ skip }` or `{ lines }` for that date only. */
export class ChangeDeliveryDto {
  @IsOptional()
  @IsBoolean({ message: 'skip must be true or false' })
  skip?: boolean;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => DeliveryLineDto)
  @ArrayMinSize(1, { message: StandingOrderMessages.lines })
  @ArrayMaxSize(STANDING_ORDER_LIMITS.linesMax, { message: StandingOrderMessages.lines })
  @IsArray({ message: StandingOrderMessages.lines })
  lines?: DeliveryLineDto[];
}

// ---- messages to ordering ---------------------------------------------------------------------

export class StandingOrderRequest extends CallerRequest {
  @IsUuid()
  id!: string;
}

/** ordering.standingOrders.create */
export class SaveStandingOrderRequest extends StandingOrderDto {
  @ValidateNested()
  @Type(() => Caller)
  @IsObject()
  caller!: Caller;
}

/** ordering.standingOrders.replace */
export class ReplaceStandingOrderRequest extends SaveStandingOrderRequest {
  @IsUuid()
  id!: string;
}

/** ordering.standingOrders.list (and .upcoming): a page of standing orders, oldest first, after `after`. */
export class ListStandingOrdersRequest extends CallerRequest {
  @IsOptional()
  @IsUuid()
  customerId?: string;

  @PageAfterField()
  after?: PageCursor | null;

  @PageSizeField()
  limit?: number;
}

/** A page of standing orders; a customer's (at most perCustomer) always fit in one. */
export interface StandingOrdersPage {
  standingOrders: StandingOrder[];
  /** where the next page starts; null on the last page */
  next: PageCursor | null;
}

/** The coming deliveries of one page of standing orders (the page's `next` is the standing orders'). */
export interface UpcomingDeliveriesPage {
  deliveries: UpcomingDelivery[];
  next: PageCursor | null;
}

export class PauseStandingOrderRequest extends PauseStandingOrderDto {
  @ValidateNested()
  @Type(() => Caller)
  @IsObject()
  caller!: Caller;

  @IsUuid()
  id!: string;
}

export class UpcomingDeliveriesRequest extends ListStandingOrdersRequest {
  @IsInt()
  @Min(1)
  @Max(STANDING_ORDER_LIMITS.upcomingWeeksMax)
  weeks!: number;
}

export class ChangeDeliveryRequest extends ChangeDeliveryDto {
  @ValidateNested()
  @Type(() => Caller)
  @IsObject()
  caller!: Caller;

  @IsUuid()
  id!: string;

  @IsCalendarDate()
  date!: string;
}

// ---- queries ----------------------------------------------------------------------------------

/** GET /api/standing-orders?customerId=&limit=&cursor= (customerId: admins only); paged as every list (./paging). */
export class StandingOrdersQuery {
  @IsOptional()
  @IsUuid()
  customerId?: string;

  @PageLimitField()
  limit?: number;

  @PageCursorField()
  cursor?: string;
}

/** GET /api/standing-orders/upcoming?weeks=4[&customerId=][&limit=&cursor=]: a page is that of the standing orders. */
export class UpcomingDeliveriesQuery extends StandingOrdersQuery {
  @IsOptional()
  @Max(STANDING_ORDER_LIMITS.upcomingWeeksMax, { message: StandingOrderMessages.weeks })
  @Min(1, { message: StandingOrderMessages.weeks })
  @IsInt({ message: StandingOrderMessages.weeks })
  @Type(() => Number)
  weeks?: number;
}
