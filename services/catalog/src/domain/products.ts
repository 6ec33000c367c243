import {
  AppError,
  CatalogMessages,
  Category,
  compareNames,
  CreateProductDto,
  isLiveProduct,
  LIVE_PRODUCT,
  ReviewStatus,
  Role,
  SubmitProductDto,
  SUBMISSION_PLACEHOLDER_NAME,
  UpdateProductDto,
} from '@bakery/contracts';
import { normalizePrice } from './money';

/** A product's own fields (no id, no timestamps), as the domain rules see them. */
export interface ProductFields {
  name: string;
  description: string | null;
  price: string;
  category: Category | null;
  imageUrl: string | null;
  stock: number;
  lowStockThreshold: number;
  reorderLevel: number;
  reorderQuantity: number;
  leadDays: number;
  batchSize: number | null;
  supplier: string | null;
  isActive: boolean;
  reviewStatus: ReviewStatus;
  submittedBy: string | null;
}

export const PRODUCT_DEFAULTS = { lowStockThreshold: 10, reorderLevel: 5, reorderQuantity: 50, leadDays: 0, batchSize: null } as const;

/**
 * Live (listed for customers, orderable) is `isLiveProduct` (libs/contracts/src/live-product.ts);
 * these are its forms for queries, built from the same LIVE_PRODUCT.
 */
export const LIVE_PRODUCT_WHERE: Pick<ProductFields, 'isActive' | 'reviewStatus'> = { ...LIVE_PRODUCT };

/** `isLiveProduct` as an SQL condition on the products row `alias`. */
export function liveProductSql(alias: string): string {
  return `${alias}.is_active = ${LIVE_PRODUCT.isActive} AND ${alias}.review_status = '${LIVE_PRODUCT.reviewStatus}'`;
}

export function visibleTo(role: Role, p: Pick<ProductFields, 'isActive' | 'reviewStatus'>): boolean {
  return role === 'admin' || isLiveProduct(p);
}

/** An admin's new product: approved at once, active unless said otherwise. */
export function newProduct(dto: CreateProductDto): ProductFields {
  return {
    name: dto.name,
    description: dto.description ?? null,
    price: normalizePrice(dto.price),
    category: dto.category,
    imageUrl: dto.imageUrl ?? null,
    stock: dto.stock,
    lowStockThreshold: dto.lowStockThreshold ?? PRODUCT_DEFAULTS.lowStockThreshold,
    reorderLevel: dto.reorderLevel ?? PRODUCT_DEFAULTS.reorderLevel,
    reorderQuantity: dto.reorderQuantity ?? PRODUCT_DEFAULTS.reorderQuantity,
    leadDays: dto.leadDays ?? PRODUCT_DEFAULTS.leadDays,
    batchSize: dto.batchSize ?? PRODUCT_DEFAULTS.batchSize,
    supplier: dto.supplier ?? null,
    isActive: dto.isActive ?? true,
    reviewStatus: 'approved',
    submittedBy: null,
  };
}

/**
 * A customer's submission: only photo, price and quantity are known, so it waits, inactive and
 * without a category, under a placeholder name until an admin completes and approves it.
 */
export function newSubmission(customerId: string, dto: SubmitProductDto): ProductFields {
  return {
    name: SUBMISSION_PLACEHOLDER_NAME,
    description: null,
    price: normalizePrice(dto.price),
    category: null,
    imageUrl: dto.imageUrl,
    stock: dto.stock,
    ...PRODUCT_DEFAULTS,
    supplier: null,
    isActive: false,
    reviewStatus: 'pending_review',
    submittedBy: customerId,
  };
}

/**
 * An admin's edit. Absent fields stay; description, imageUrl and supplier may be cleared with null.
 * Approving makes the product active in the same step (unless the edit says isActive: false),
 * because a completed submission is meant to go live; approving needs a category. Rejecting
 * takes the product off the shelf.
 */
export function applyUpdate(current: ProductFields, changes: UpdateProductDto): ProductFields {
  const next: ProductFields = { ...current };
  if (changes.name !== undefined) next.name = changes.name;
  if (changes.description !== undefined) next.description = changes.description || null;
  if (changes.price !== undefined) next.price = normalizePrice(changes.price);
  if (changes.category !== undefined) next.category = changes.category;
  if (changes.imageUrl !== undefined) next.imageUrl = changes.imageUrl;
  if (changes.stock !== undefined) next.stock = changes.stock;
  if (changes.lowStockThreshold !== undefined) next.lowStockThreshold = changes.lowStockThreshold;
  if (changes.reorderLevel !== undefined) next.reorderLevel = changes.reorderLevel;
  if (changes.reorderQuantity !== undefined) next.reorderQuantity = changes.reorderQuantity;
  if (changes.leadDays !== undefined) next.leadDays = changes.leadDays;
  if (changes.batchSize !== undefined) next.batchSize = changes.batchSize;
  if (changes.supplier !== undefined) next.supplier = changes.supplier || null;
  if (changes.isActive !== undefined) next.isActive = changes.isActive;

  if (changes.reviewStatus === 'approved' && current.reviewStatus !== 'approved') {
    if (!next.category) throw AppError.validation({ category: [CatalogMessages.categoryToApprove] });
    next.reviewStatus = 'approved';
    next.isActive = changes.isActive ?? true;
  } else if (changes.reviewStatus === 'rejected' && current.reviewStatus !== 'rejected') {
    next.reviewStatus = 'rejected';
    next.isActive = false;
  }
  return next;
}

/** Listing order: category (submissions without one last), then name, then id for ties. */
export function compareForListing(
  a: Pick<ProductFields, 'category' | 'name'> & { id: string },
  b: Pick<ProductFields, 'category' | 'name'> & { id: string },
): number {
  if (a.category !== b.category) {
    if (a.category === null) return 1;
    if (b.category === null) return -1;
    return a.category < b.category ? -1 : 1;
  }
  const byName = compareNames(a.name, b.name);
  if (byName !== 0) return byName;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
