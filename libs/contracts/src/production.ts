/**
 * Production and dispatch documents (issue 18): the bake list, the week ahead, packing slips and
 * the delivery run sheet of a delivery date. Ordering builds them as JSON from its orders and
 * standing orders, asking catalog (names, categories, batch sizes) and customers (addresses,
 * phones, drop positions) over NATS; the gateway renders the PDF and CSV files from that JSON.
 * Routes under /api/admin/production (admins only).
 */
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import { REPLY_PAGE_BYTES, type Category, type DeliveryTimeSlot } from './constants';
import { IsCalendarDate, IsUuid } from './validation';

export const ProductionPatterns = {
  /** ProductionDateRequest → BakeList */
  bakeList: 'ordering.production.bake-list',
  /** BakeListCustomersRequest → BakeListCustomersPage (a product's drill-down) */
  bakeListCustomers: 'ordering.production.bake-list-customers',
  /** ProductionDateRequest → ProductionPrint: what the bake list holds now is "printed" */
  print: 'ordering.production.print',
  /** ProductionWeekRequest → ProductionWeek */
  week: 'ordering.production.week',
  /** ProductionPageRequest → PackingSlipsPage (pages by size: a day's slips can exceed one NATS message) */
  packingSlips: 'ordering.production.packing-slips',
  /** ProductionPageRequest → RunSheetPage (the stops, flat, in drop order) */
  runSheet: 'ordering.production.run-sheet',
} as const;

export const PRODUCTION_LIMITS = {
  /** the week view's longest span */
  weekDaysMax: 14,
  /** changes since the last print answered at most (the rest counted in `changesTotal`) */
  changesMax: 500,
  /** a drill-down's rows answered at most (the rest counted in `total`) */
  drillDownMax: 1000,
  /** how much JSON one page of slips or stops may carry */
  pageBytes: REPLY_PAGE_BYTES,
} as const;

export const PRODUCTION_FORMATS = ['json', 'pdf', 'csv'] as const;
export type ProductionFormat = (typeof PRODUCTION_FORMATS)[number];

export const ProductionMessages = {
  date: 'date must be a date (YYYY-MM-DD)',
  from: 'from must be a date (YYYY-MM-DD)',
  days: `days must be a whole number from 1 to ${PRODUCTION_LIMITS.weekDaysMax}`,
  productId: 'productId must be a product id',
  formatPdfCsv: 'format must be one of json, pdf, csv',
  formatPdf: 'format must be one of json, pdf',
  paper: 'paper must be one of a4, letter',
  offset: 'offset must be a whole number from 0',
} as const;

// ---- answers -----------------------------------------------------------------------------------

/** Batches to mix for a product with a batch size. */
export interface Batches {
  batchSize: number;
  /** ceil(units / batchSize) */
  count: number;
  /** count * batchSize - units */
  spare: number;
}

export interface BakeListProduct {
  productId: string;
  name: string;
  /** null for a product that has left the catalogue (listed last) */
  category: Category | null;
  /** units on placed orders (not cancelled) for the date */
  quantity: number;
  /** standing-order units due that date not yet turned into orders */
  projectedQuantity: number;
  /** distinct customers, placed or projected */
  customers: number;
  /** null when the product has no batch size */
  batches: Batches | null;
}

/** A (product, customer) line that differs from what the last print held. */
export interface BakeListChange {
  productId: string;
  name: string;
  customerId: string;
  businessName: string;
  /** units at the print; 0: added since */
  before: number;
  /** units now; 0: removed since (cancelled, amended away) */
  after: number;
}

export interface BakeList {
  date: string;
  /** when orders for the date close (ISO); null when the bakery does not deliver that day */
  cutoffAt: string | null;
  /** the cut-off has passed: the list only changes by an admin's hand now */
  locked: boolean;
  /** the last print (POST /api/admin/production/prints), ISO; null: never printed */
  printedAt: string | null;
  /** by category, then name */
  products: BakeListProduct[];
  /** [] when never printed; at most PRODUCTION_LIMITS.changesMax, by product then business name */
  changes: BakeListChange[];
  /** how many changes there are in all (more than `changes` holds when over the limit) */
  changesTotal: number;
}

/** One customer's units of a product on the date: an order, or a standing order's delivery not yet placed. */
export interface BakeListCustomer {
  customerId: string;
  businessName: string;
  quantity: number;
  projected: boolean;
  /** null for a projected delivery */
  orderId: string | null;
}

export interface BakeListCustomersPage {
  /** by business name; at most PRODUCTION_LIMITS.drillDownMax */
  customers: BakeListCustomer[];
  total: number;
}

export interface ProductionPrint {
  date: string;
  printedAt: string;
}

export interface ProductionWeek {
  dates: string[];
  products: { productId: string; name: string; category: Category | null; quantities: number[] }[];
}

export interface PackingSlip {
  orderId: string;
  /** the order id's last 8 characters, upper-case */
  orderNumber: string;
  customerId: string;
  businessName: string;
  address: string | null;
  phone: string | null;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string | null;
  dropPosition: number | null;
  items: { productId: string; name: string; quantity: number }[];
}

export interface PackingSlips {
  date: string;
  /** by slot (the day's order, none last), then drop position (none last), then business name */
  slips: PackingSlip[];
}

export interface RunSheetStop {
  /** 1 … n within the slot */
  position: number;
  customerId: string;
  businessName: string;
  address: string | null;
  phone: string | null;
  /** the orders' special instructions, joined */
  instructions: string | null;
  /** units to drop */
  items: number;
  orderIds: string[];
}

export interface RunSheet {
  date: string;
  slots: { slot: DeliveryTimeSlot | null; stops: RunSheetStop[] }[];
}

/** A page of a document too big for one message: the gateway asks from `next` until it is null. */
export interface ProductionPage {
  date: string;
  /** how many in all */
  total: number;
  /** where the next page starts; null on the last */
  next: number | null;
}

export interface PackingSlipsPage extends ProductionPage {
  slips: PackingSlip[];
}

export interface RunSheetPage extends ProductionPage {
  stops: (RunSheetStop & { slot: DeliveryTimeSlot | null })[];
}

// ---- HTTP queries (the gateway validates them) -----------------------------------------------

/** ?paper=a4|letter, any case (absent: A4). */
function PaperField(): PropertyDecorator {
  return ValidateBy({
    name: 'isPaper',
    validator: {
      validate: (value) => typeof value === 'string' && /^(a4|letter)$/i.test(value),
      defaultMessage: () => ProductionMessages.paper,
    },
  });
}

class DateQuery {
  @IsCalendarDate({ message: ProductionMessages.date })
  @IsDefined({ message: ProductionMessages.date })
  date!: string;
}

/** GET /api/admin/production/bake-list and run-sheet: JSON, PDF or CSV. */
export class ProductionDocumentQuery extends DateQuery {
  @IsOptional()
  @IsIn(PRODUCTION_FORMATS, { message: ProductionMessages.formatPdfCsv })
  format?: ProductionFormat;

  @IsOptional()
  @PaperField()
  paper?: string;
}

/** GET /api/admin/production/packing-slips: JSON or PDF. */
export class PackingSlipsQuery extends DateQuery {
  @IsOptional()
  @IsIn(['json', 'pdf'], { message: ProductionMessages.formatPdf })
  format?: 'json' | 'pdf';

  @IsOptional()
  @PaperField()
  paper?: string;
}

/** GET /api/admin/production/bake-list/customers. */
export class BakeListCustomersQuery extends DateQuery {
  @IsUuid({ message: ProductionMessages.productId })
  @IsDefined({ message: ProductionMessages.productId })
  productId!: string;
}

/** GET /api/admin/production/week. */
export class ProductionWeekQuery {
  @IsCalendarDate({ message: ProductionMessages.from })
  @IsDefined({ message: ProductionMessages.from })
  from!: string;

  @IsOptional()
  @Max(PRODUCTION_LIMITS.weekDaysMax, { message: ProductionMessages.days })
  @Min(1, { message: ProductionMessages.days })
  @IsInt({ message: ProductionMessages.days })
  @Type(() => Number)
  days?: number;
}

/** POST /api/admin/production/prints. */
export class ProductionPrintDto extends DateQuery {}

// ---- message payloads (the service validates them again) -----------------------------------

/** ordering.production.bake-list / print. */
export class ProductionDateRequest extends DateQuery {}

/** ordering.production.bake-list-customers. */
export class BakeListCustomersRequest extends DateQuery {
  @IsUuid()
  productId!: string;
}

/** ordering.production.week. */
export class ProductionWeekRequest {
  @IsCalendarDate()
  from!: string;

  @Max(PRODUCTION_LIMITS.weekDaysMax)
  @Min(1)
  @IsInt()
  days!: number;
}

/** ordering.production.packing-slips / run-sheet: the page from `offset` (default 0). */
export class ProductionPageRequest extends DateQuery {
  @IsOptional()
  @Max(1_000_000, { message: ProductionMessages.offset })
  @Min(0, { message: ProductionMessages.offset })
  @IsInt({ message: ProductionMessages.offset })
  offset?: number;
}
