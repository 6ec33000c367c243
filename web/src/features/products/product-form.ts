/** The admin's product forms (Add Product, Edit, Restock, Review): rules and what is sent. */
import { BATCH_SIZE_MAX, CATEGORIES, CatalogMessages, countProblem, MAX_STOCK, type Category } from '@contracts/constants';
import { DeliveryMessages, SCHEDULE_LIMITS } from '@contracts/delivery-rules';
import type { Product } from '@contracts/catalog';
import type { CreateProductInput, UpdateProductInput } from './api/products';
import { validatePrice } from './submission';

export const CATEGORY_LABELS: Record<Category, string> = { breads: 'Breads', pastries: 'Pastries', bagels: 'Bagels' };
/** Spec section 2: the Add Product form's category choices. */
export const CATEGORY_CHOICES = CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

export const categoryLabel = (category: Category | null | undefined): string => (category ? CATEGORY_LABELS[category] : 'Uncategorized');

export interface ProductFormValues {
  name?: string;
  description?: string;
  price?: string;
  category?: Category;
  stock?: number | null;
  lowStockThreshold?: number | null;
  /** days of notice beyond the delivery date's cut-off (celebration cakes); 0 for none */
  leadDays?: number | null;
  /** units one mix makes, for the bake list's batches (issue 18); empty: not made in batches */
  batchSize?: number | null;
  /** the registered photo's object path; empty or null for none */
  imageUrl?: string | null;
}

export const ProductFormMessages = {
  categoryRequired: 'Please choose a category',
  stockRequired: 'Stock is required',
  addQuantityRequired: 'Enter how many to add',
} as const;

export function validateName(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (!text) return CatalogMessages.nameRequired;
  return text.length > 200 ? CatalogMessages.nameLength : undefined;
}

export function validateDescription(value: string | undefined): string | undefined {
  return (value?.trim().length ?? 0) > 2000 ? CatalogMessages.descriptionLength : undefined;
}

export { validatePrice };

export function validateCategory(value: Category | undefined): string | undefined {
  return value && (CATEGORIES as readonly string[]).includes(value) ? undefined : ProductFormMessages.categoryRequired;
}

const STOCK_MESSAGES = {
  required: ProductFormMessages.stockRequired,
  whole: CatalogMessages.stockWhole,
  min: CatalogMessages.stockMin,
  max: CatalogMessages.stockMax,
};

export function validateStock(value: number | null | undefined): string | undefined {
  return countProblem(value ?? undefined, 0, MAX_STOCK, STOCK_MESSAGES) ?? undefined;
}

export function validateThreshold(value: number | null | undefined): string | undefined {
  return (
    countProblem(value ?? undefined, 0, MAX_STOCK, {
      required: 'Low stock threshold is required',
      whole: 'Low stock threshold must be a whole number',
      min: 'Low stock threshold cannot be negative',
      max: `Low stock threshold must be at most ${MAX_STOCK}`,
    }) ?? undefined
  );
}

const LEAD_DAYS_MESSAGES = {
  required: DeliveryMessages.productLeadDays,
  whole: DeliveryMessages.productLeadDays,
  min: DeliveryMessages.productLeadDays,
  max: DeliveryMessages.productLeadDays,
};

/** A product's lead time: whole days from 0 to 30 (the server's own limit and message). */
export function validateLeadDays(value: number | null | undefined): string | undefined {
  return countProblem(value ?? undefined, 0, SCHEDULE_LIMITS.productLeadDaysMax, LEAD_DAYS_MESSAGES) ?? undefined;
}

const BATCH_SIZE_MESSAGE = `Batch size must be a whole number from 1 to ${BATCH_SIZE_MAX}`;

/** A product's batch size: empty (not made in batches), or whole units from 1 to 10,000 (the server's limit). */
export function validateBatchSize(value: number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return Number.isInteger(value) && value >= 1 && value <= BATCH_SIZE_MAX ? undefined : BATCH_SIZE_MESSAGE;
}

/** Restock: how many arrive, at least 1, and the new stock stays within the limit. */
export function validateRestock(add: number | null | undefined, current: number): string | undefined {
  const problem = countProblem(add ?? undefined, 1, MAX_STOCK - current, {
    required: ProductFormMessages.addQuantityRequired,
    whole: 'Quantity must be a whole number',
    min: 'Add at least 1',
    max: CatalogMessages.stockMax,
  });
  return problem ?? undefined;
}

const blankToUndefined = (value: string | undefined | null) => {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : text;
};

/** POST /api/products from the Add Product form: active at once, blanks left out. */
export function toCreateInput(values: ProductFormValues): CreateProductInput {
  const description = blankToUndefined(values.description);
  const imageUrl = blankToUndefined(values.imageUrl);
  return {
    name: values.name!.trim(),
    ...(description ? { description } : {}),
    price: values.price!.trim(),
    category: values.category!,
    stock: values.stock ?? 0,
    isActive: true,
    ...(imageUrl ? { imageUrl } : {}),
    ...(typeof values.leadDays === 'number' ? { leadDays: values.leadDays } : {}),
    ...(typeof values.batchSize === 'number' ? { batchSize: values.batchSize } : {}),
  };
}

/** PATCH /api/products/:id from the Edit form: only what changed; a cleared description or photo is null. */
export function toUpdateInput(product: Product, values: ProductFormValues): UpdateProductInput {
  const changes: UpdateProductInput = {};
  const name = values.name?.trim();
  if (name !== undefined && name !== product.name) changes.name = name;
  const description = blankToUndefined(values.description) ?? null;
  if (description !== (product.description ?? null)) changes.description = description;
  const price = values.price?.trim();
  if (price !== undefined && price !== product.price && Number(price) !== Number(product.price)) changes.price = price;
  if (values.category && values.category !== product.category) changes.category = values.category;
  if (typeof values.stock === 'number' && values.stock !== product.stock) changes.stock = values.stock;
  if (typeof values.lowStockThreshold === 'number' && values.lowStockThreshold !== product.lowStockThreshold) {
    changes.lowStockThreshold = values.lowStockThreshold;
  }
  if (typeof values.leadDays === 'number' && values.leadDays !== product.leadDays) changes.leadDays = values.leadDays;
  // emptied: null, no longer made in batches
  if (values.batchSize !== undefined) {
    const batchSize = typeof values.batchSize === 'number' ? values.batchSize : null;
    if (batchSize !== (product.batchSize ?? null)) changes.batchSize = batchSize;
  }
  const imageUrl = blankToUndefined(values.imageUrl) ?? null;
  if (imageUrl !== (product.imageUrl ?? null)) changes.imageUrl = imageUrl;
  return changes;
}

/** The Edit form's starting values. */
export function formValuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    price: product.price,
    category: product.category ?? undefined,
    stock: product.stock,
    lowStockThreshold: product.lowStockThreshold,
    leadDays: product.leadDays ?? 0,
    batchSize: product.batchSize ?? null,
    imageUrl: product.imageUrl,
  };
}
