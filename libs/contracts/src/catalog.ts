import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  ALERT_TYPES,
  BATCH_SIZE_MAX,
  CATEGORIES,
  CatalogMessages,
  countProblem,
  MAX_LINE_QUANTITY,
  MAX_STOCK,
  OBJECT_PATH_PATTERN,
  priceProblem,
  ROLES,
  type AlertType,
  type Category,
  type CountMessages,
  type ReviewStatus,
  type Role,
} from './constants';
import { DeliveryMessages, SCHEDULE_LIMITS } from './delivery-rules';
import { IsUuid, Trim, TrimToUndefined } from './validation';

// ---- constants (in ./constants, free of decorators for the web app) ---------------------------

export {
  ALERT_TYPES,
  BATCH_SIZE_MAX,
  CATEGORIES,
  CatalogMessages,
  MAX_LINE_QUANTITY,
  MAX_PRICE,
  MAX_STOCK,
  OBJECT_PATH_PATTERN,
  PRICE_PATTERN,
  REPLY_PAGE_BYTES,
  REVIEW_STATUSES,
  SUBMISSION_PLACEHOLDER_NAME,
  countProblem,
  priceProblem,
} from './constants';
export type { AlertType, Category, ReviewStatus } from './constants';

// ---- message patterns and events ---------------------------------------------------------------

/** Request/reply patterns of the catalog service (subject `<ns>.rpc.<pattern>`). */
export const CatalogPatterns = {
  listProducts: 'catalog.products.list',
  getProduct: 'catalog.products.get',
  /** several products at once (ordering's cart): those that exist, any state, in the order asked */
  getProducts: 'catalog.products.getMany',
  createProduct: 'catalog.products.create',
  updateProduct: 'catalog.products.update',
  submitProduct: 'catalog.products.submit',
  deleteProduct: 'catalog.products.delete',
  toggleActive: 'catalog.products.toggleActive',
  lowStock: 'catalog.inventory.lowStock',
  reserve: 'catalog.stock.reserve',
  /** a standing order's delivery: take what there is of each line (ReserveAvailableResponse) */
  reserveAvailable: 'catalog.stock.reserveAvailable',
  reserveAvailableMany: 'catalog.stock.reserveAvailableMany',
  release: 'catalog.stock.release',
  /** AdjustStockRequest (./order-changes): an order's reservation changed to new lines, by the difference */
  adjust: 'catalog.stock.adjust',
  /** a new photo upload for an owner: 429 past the owner's pending quota or hourly rate */
  issueUpload: 'catalog.uploads.issue',
  /** may this owner register this upload now? 404 (unknown or someone else's), 403 (expired) */
  checkUpload: 'catalog.uploads.check',
  /** the same checks, then marks the upload registered (idempotent for its owner) */
  registerUpload: 'catalog.uploads.register',
  /** ordering's production documents: name, category and batch size of products (ProductIdsRequest → ProductionInfo[]) */
  productionInfo: 'catalog.products.production-info',
} as const;

/** Events the catalog service publishes (ordering's are in ./ordering). */
export const CatalogEvents = {
  productDeleted: 'product.deleted',
  stockLow: 'stock.low',
} as const;

/**
 * Broadcasts from catalog to every gateway: `catalog.changed` after any committed change to
 * products (stock included), so caches of the catalogue drop at once.
 */
export const CatalogBroadcasts = {
  changed: 'catalog.changed',
} as const;

// Event payloads are classes the consumers validate with (see OrderPlacedEvent in ./ordering).
export class ProductDeletedEvent {
  @IsUuid()
  productId!: string;
}

/** A product fell to or below its threshold (or, with an alert already open, to 0). */
export class StockLowEvent {
  @IsUuid()
  productId!: string;

  @IsString()
  @MaxLength(1000)
  name!: string;

  @IsInt()
  stock!: number;

  @IsInt()
  lowStockThreshold!: number;

  @IsIn(ALERT_TYPES)
  alertType!: AlertType;

  @IsUuid()
  alertId!: string;

  @IsString()
  @MaxLength(2000)
  message!: string;
}

// ---- what travels back ---------------------------------------------------------------------

export interface Product {
  id: string;
  name: string;
  description: string | null;
  /** decimal string with two places, e.g. "4.50" */
  price: string;
  /** null only for a customer submission an admin has not completed */
  category: Category | null;
  imageUrl: string | null;
  stock: number;
  lowStockThreshold: number;
  reorderLevel: number;
  reorderQuantity: number;
  /** days of notice beyond the delivery date's cut-off (celebration cakes): see ./delivery-rules */
  leadDays: number;
  /** units one mix makes (a dough of 48 rolls), for the bake list's batches; null: not made in batches */
  batchSize: number | null;
  supplier: string | null;
  isActive: boolean;
  reviewStatus: ReviewStatus;
  /** customer id of a submission; null for admin-created products */
  submittedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What a customer is told about a product (spec section 7: GET /api/products lists isActive,
 * stock, lowStockThreshold, name, description, category, price, imageUrl), with its id. The
 * bakery's own fields (supplier, reorder level and quantity, review state, who submitted it,
 * timestamps) are for admins only.
 */
export const CUSTOMER_PRODUCT_FIELDS = [
  'id',
  'name',
  'description',
  'price',
  'category',
  'imageUrl',
  'stock',
  'lowStockThreshold',
  'isActive',
  'leadDays',
] as const satisfies readonly (keyof Product)[];
export type CustomerProduct = Pick<Product, (typeof CUSTOMER_PRODUCT_FIELDS)[number]>;

/** The customer's view of a product: only CUSTOMER_PRODUCT_FIELDS, whatever else `product` carries. */
export function toCustomerProduct(product: Product): CustomerProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    category: product.category,
    imageUrl: product.imageUrl,
    stock: product.stock,
    lowStockThreshold: product.lowStockThreshold,
    isActive: product.isActive,
    leadDays: product.leadDays,
  };
}

/** catalog.products.production-info → what the production documents need of a product (any state). */
export interface ProductionInfo {
  productId: string;
  name: string;
  category: Category | null;
  batchSize: number | null;
}

/** catalog.uploads.issue → the id the upload URL is signed for, and when it stops being registrable. */
export interface IssuedUpload {
  id: string;
  /** ISO time: registration is refused from then on, and the sweepers may delete the upload */
  expiresAt: string;
}

/** catalog.uploads.check / register → where the upload stands. */
export interface UploadStatus {
  id: string;
  registered: boolean;
  expiresAt: string;
}

/** Messages of the upload bookkeeping (quota, rate, ownership, expiry, registered images). */
export const UploadMessages = {
  notFound: 'No upload was found at this URL',
  expired: 'This upload URL has expired: request a new one and upload the photo again',
  pendingQuota: (max: number) =>
    `You have ${max} photo uploads that are not registered yet: register them, or wait for their upload URLs to expire`,
  rate: (max: number) => `Too many photo uploads: at most ${max} an hour. Please try again later`,
  imageNotRegistered: 'Product photo must be an image uploaded and registered through PUT /api/products/images',
  ownImageOnly: 'Product photo must be an image you uploaded and registered through PUT /api/products/images',
} as const;

/** Messages of the limits on customer submissions. */
export const SubmissionMessages = {
  pendingCap: (max: number) => `You have ${max} submissions waiting for review: please wait for them to be reviewed before submitting more`,
  rate: (max: number) => `Too many submissions: at most ${max} an hour. Please try again later`,
} as const;

export interface DeleteProductResponse {
  productId: string;
}

export interface ReservedLine {
  productId: string;
  name: string;
  /** the product's price when reserved, decimal string */
  unitPrice: string;
  quantity: number;
}

export interface ReserveStockResponse {
  orderId: string;
  lines: ReservedLine[];
}

/** details of the 409 'Not enough stock' */
export interface StockShortage {
  productId: string;
  name: string;
  requested: number;
  available: number;
}

/** A line of catalog.stock.reserveAvailable that got less than it asked for. */
export interface StockShortfall {
  productId: string;
  /** null when the product is gone */
  name: string | null;
  unitPrice: string | null;
  requested: number;
  reserved: number;
  reason: 'out_of_stock' | 'unavailable' | 'deleted';
}

/** catalog.stock.reserveAvailable: what was taken, and what was not. */
export interface ReserveAvailableResponse extends ReserveStockResponse {
  shortfalls: StockShortfall[];
}

export interface ReleaseStockResponse {
  orderId: string;
  /** false when there was nothing to return (already released, or never reserved) */
  released: boolean;
}

// ---- validation helpers ------------------------------------------------------------------

/**
 * A price given as a string ("4.50") or a JSON number (4.5): numbers become their shortest string
 * form first, so 4.555 or 1e21 fail the check instead of being rounded.
 */
function PriceField(): PropertyDecorator {
  const toString = Transform(({ value }) => {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return value.trim();
    return value;
  });
  const check = ValidateBy({
    name: 'isPrice',
    validator: {
      validate: (value) => priceProblem(value) === null,
      defaultMessage: (args) => priceProblem(args?.value) ?? CatalogMessages.priceFormat,
    },
  });
  return (target, key) => {
    toString(target, key);
    check(target, key);
  };
}

/** A product name: one message per problem. */
function NameField(): PropertyDecorator {
  const problem = (value: unknown) => {
    if (value === undefined || value === null || value === '') return CatalogMessages.nameRequired;
    if (typeof value !== 'string') return CatalogMessages.nameText;
    return value.length > 200 ? CatalogMessages.nameLength : null;
  };
  return ValidateBy({
    name: 'isProductName',
    validator: {
      validate: (value) => problem(value) === null,
      defaultMessage: (args) => problem(args?.value) ?? CatalogMessages.nameRequired,
    },
  });
}

/** Absent is fine, null is not: for fields an edit may leave out but never clear. */
function OptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}

function Count(messages: CountMessages, min = 0, max = MAX_STOCK): PropertyDecorator {
  return ValidateBy({
    name: 'isCount',
    validator: {
      validate: (value) => countProblem(value, min, max, messages) === null,
      defaultMessage: (args) => countProblem(args?.value, min, max, messages) ?? messages.whole,
    },
  });
}

/** An object path we issued; `required` is the message when it is missing. */
function ObjectPathField(required: string): PropertyDecorator {
  const problem = (value: unknown) => {
    if (value === undefined || value === null || value === '') return required;
    return typeof value === 'string' && OBJECT_PATH_PATTERN.test(value) ? null : CatalogMessages.imageUrl;
  };
  return ValidateBy({
    name: 'isObjectPath',
    validator: {
      validate: (value) => problem(value) === null,
      defaultMessage: (args) => problem(args?.value) ?? CatalogMessages.imageUrl,
    },
  });
}

const STOCK: CountMessages = {
  required: 'Stock is required',
  whole: CatalogMessages.stockWhole,
  min: CatalogMessages.stockMin,
  max: CatalogMessages.stockMax,
};
const QUANTITY: CountMessages = {
  required: CatalogMessages.quantityMin,
  whole: CatalogMessages.quantityWhole,
  min: CatalogMessages.quantityMin,
  max: CatalogMessages.quantityMax,
};
const LEAD_DAYS: CountMessages = {
  required: DeliveryMessages.productLeadDays,
  whole: DeliveryMessages.productLeadDays,
  min: DeliveryMessages.productLeadDays,
  max: DeliveryMessages.productLeadDays,
};
const BATCH_SIZE: CountMessages = {
  required: CatalogMessages.batchSize,
  whole: CatalogMessages.batchSize,
  min: CatalogMessages.batchSize,
  max: CatalogMessages.batchSize,
};
const threshold = (field: string): CountMessages => ({
  required: `${field} is required`,
  whole: `${field} must be a whole number`,
  min: `${field} cannot be negative`,
  max: `${field} must be at most ${MAX_STOCK}`,
});

// ---- request bodies (the gateway validates them; the service validates its message again) ---

/** POST /api/products (admin). */
export class CreateProductDto {
  @TrimToUndefined()
  @NameField()
  name: string;

  @IsOptional()
  @TrimToUndefined()
  @IsString()
  @MaxLength(2000, { message: CatalogMessages.descriptionLength })
  description?: string | null;

  @PriceField()
  price: string;

  @IsIn(CATEGORIES, { message: CatalogMessages.category })
  category: Category;

  @Count(STOCK)
  stock: number;

  @IsOptional()
  @IsBoolean({ message: CatalogMessages.isActive })
  isActive?: boolean;

  @IsOptional()
  @TrimToUndefined()
  @ObjectPathField(CatalogMessages.imageUrl)
  imageUrl?: string | null;

  @IsOptional()
  @Count(threshold('Low stock threshold'))
  lowStockThreshold?: number;

  @IsOptional()
  @Count(threshold('Reorder level'))
  reorderLevel?: number;

  @IsOptional()
  @Count(threshold('Reorder quantity'))
  reorderQuantity?: number;

  @IsOptional()
  @Count(LEAD_DAYS, 0, SCHEDULE_LIMITS.productLeadDaysMax)
  leadDays?: number;

  /** null or absent: not made in batches */
  @IsOptional()
  @Count(BATCH_SIZE, 1, BATCH_SIZE_MAX)
  batchSize?: number | null;

  @IsOptional()
  @TrimToUndefined()
  @IsString()
  @MaxLength(200, { message: CatalogMessages.supplierLength })
  supplier?: string | null;
}

/**
 * PATCH /api/products/:id (admin): any field, all optional. description, imageUrl and supplier
 * can be cleared with null; the other fields refuse null. `reviewStatus` completes a customer
 * submission: approving needs a category (given here or already set) and makes the product
 * active unless this same edit says `isActive: false`.
 */
export class UpdateProductDto {
  @OptionalNotNull()
  @Trim()
  @NameField()
  name?: string;

  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(2000, { message: CatalogMessages.descriptionLength })
  description?: string | null;

  @OptionalNotNull()
  @PriceField()
  price?: string;

  @OptionalNotNull()
  @IsIn(CATEGORIES, { message: CatalogMessages.category })
  category?: Category;

  @OptionalNotNull()
  @Count(STOCK)
  stock?: number;

  @OptionalNotNull()
  @IsBoolean({ message: CatalogMessages.isActive })
  isActive?: boolean;

  @IsOptional()
  @ObjectPathField(CatalogMessages.imageUrl)
  imageUrl?: string | null;

  @OptionalNotNull()
  @Count(threshold('Low stock threshold'))
  lowStockThreshold?: number;

  @OptionalNotNull()
  @Count(threshold('Reorder level'))
  reorderLevel?: number;

  @OptionalNotNull()
  @Count(threshold('Reorder quantity'))
  reorderQuantity?: number;

  @OptionalNotNull()
  @Count(LEAD_DAYS, 0, SCHEDULE_LIMITS.productLeadDaysMax)
  leadDays?: number;

  /** null clears it */
  @IsOptional()
  @Count(BATCH_SIZE, 1, BATCH_SIZE_MAX)
  batchSize?: number | null;

  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200, { message: CatalogMessages.supplierLength })
  supplier?: string | null;

  @OptionalNotNull()
  @IsIn(['approved', 'rejected'], { message: CatalogMessages.reviewStatus })
  reviewStatus?: 'approved' | 'rejected';
}

/** POST /api/products/customer (customer): photo, price and quantity, spec section 5. */
export class SubmitProductDto {
  @PriceField()
  price: string;

  @Count(QUANTITY, 1, MAX_LINE_QUANTITY)
  stock: number;

  @TrimToUndefined()
  @ObjectPathField(CatalogMessages.photoRequired)
  imageUrl: string;
}

// ---- message payloads (classes: the service's validation pipe checks them) ----------------

/**
 * catalog.products.list → a ProductsPage: Product for admins (everything), CustomerProduct of live
 * products for customers, in the listing's order. A page carries at most REPLY_PAGE_BYTES of JSON
 * (descriptions of any script and length: a count of products would not bound it); the caller
 * asks from `next` until it is null.
 */
export class ListProductsRequest {
  @IsIn(ROLES)
  role: Role;

  /** where the page starts in the listing (0: the first) */
  @IsOptional()
  @Min(0)
  @IsInt()
  offset?: number;
}

export interface ProductsPage<P extends Product | CustomerProduct = Product | CustomerProduct> {
  products: P[];
  /** the offset of the next page; null after the last */
  next: number | null;
}

/** catalog.products.get / delete / toggleActive. (The gateway answers 404 for a route id that is not a uuid.) */
export class ProductIdRequest {
  @IsUuid()
  id: string;

  /** get only: a customer gets 404 for a product that is not live, and a CustomerProduct otherwise */
  @IsOptional()
  @IsIn(ROLES)
  role?: Role;
}

/** catalog.products.getMany → Product[]: the ones that exist, in the order asked (unknown ids left out). */
export class ProductIdsRequest {
  @IsArray()
  @ArrayMaxSize(500)
  @IsUuid({ each: true })
  ids: string[];
}

/** catalog.products.create → Product. */
export class CreateProductRequest extends CreateProductDto {}

/** catalog.products.update → Product: the PATCH body plus the id from the route. */
export class UpdateProductRequest extends UpdateProductDto {
  @IsUuid()
  id: string;
}

/**
 * catalog.products.submit → Product: the customer's body plus who submitted it. The photo must be
 * an upload this customer registered; 409 with this customer's pending cap reached, 429 past their
 * hourly rate (catalog's SUBMISSION_PENDING_MAX, SUBMISSION_RATE_PER_HOUR).
 */
export class SubmitProductRequest extends SubmitProductDto {
  @IsUuid()
  customerId: string;
}

/** catalog.uploads.issue → IssuedUpload; 429 when the owner has too many pending or issued too many lately. */
export class IssueUploadRequest {
  @IsUuid()
  ownerId: string;

  /** how long the upload URL the gateway signs stays valid */
  @IsInt()
  @Min(1)
  @Max(604_800)
  ttlSeconds: number;
}

/** catalog.uploads.check / register → UploadStatus. */
export class UploadRequest {
  @IsUuid()
  id: string;

  @IsUuid()
  ownerId: string;
}

/** catalog.inventory.lowStock → Product[]: at or below threshold, lowest stock first. */
export class LowStockRequest {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

export class StockLineRequest {
  @IsUuid()
  productId: string;

  @Count(QUANTITY, 1, MAX_LINE_QUANTITY)
  quantity: number;
}

/**
 * catalog.stock.reserve → ReserveStockResponse, or 409 'Not enough stock' with
 * `details.shortages: StockShortage[]`. Idempotent by orderId.
 */
export class ReserveStockRequest {
  @IsUuid()
  orderId: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => StockLineRequest)
  lines: StockLineRequest[];
}

/** The most deliveries one catalog.stock.reserveAvailableMany takes (its answer stays far below NATS's 1 MB). */
export const RESERVE_MANY_MAX = 100;

/**
 * catalog.stock.reserveAvailableMany → ReserveAvailableResponse[] (in the order asked): many
 * standing-order deliveries reserved in one transaction. Idempotent by each orderId.
 */
export class ReserveAvailableManyRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(RESERVE_MANY_MAX)
  @ValidateNested({ each: true })
  @Type(() => ReserveStockRequest)
  reservations: ReserveStockRequest[];
}

/** catalog.stock.release → ReleaseStockResponse. Idempotent by orderId. */
export class ReleaseStockRequest {
  @IsUuid()
  orderId: string;
}
