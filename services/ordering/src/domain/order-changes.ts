import {
  type AmendableField,
  type AmendedLineChange,
  CART_LINE_MAX,
  DeliveryMessages,
  isFinalOrderStatus,
  OrderChangeMessages,
  OrderingMessages,
  type OrderStatus,
  type ReorderResult,
  type Role,
} from '@bakery/contracts';

/**
 * The rules of changing an order and of ordering one again (issue 17), as plain functions:
 * services/ordering/src/orders/order-changes.service.ts applies them.
 */

export interface QuantityLine {
  productId: string;
  quantity: number;
}

/** One quantity per product (ids lower-cased, repeated products added up), in first-seen order. */
export function quantitiesByProduct(lines: readonly QuantityLine[]): Map<string, number> {
  const byProduct = new Map<string, number>();
  for (const line of lines) {
    const id = line.productId.toLowerCase();
    byProduct.set(id, (byProduct.get(id) ?? 0) + line.quantity);
  }
  return byProduct;
}

/** Lines of at least one unit (what a stock reservation holds): an item of 0 units holds nothing. */
export function heldLines(lines: readonly QuantityLine[]): QuantityLine[] {
  return [...quantitiesByProduct(lines)].filter(([, quantity]) => quantity > 0).map(([productId, quantity]) => ({ productId, quantity }));
}

/** Problems of new lines beyond the field checks, by field: each product may be listed once. */
export function amendedLinesProblems(lines: readonly QuantityLine[]): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const id = line.productId.toLowerCase();
    if (seen.has(id)) problems[`lines.${i}.productId`] = [OrderChangeMessages.duplicateProduct];
    seen.add(id);
  });
  return problems;
}

/**
 * Why `role` may not change an order now (409), or null: a customer changes their pending order
 * until its date's cut-off (`cutoffAt`, null without a date: no cut-off), and after it is told
 * the bakery is preparing it; an admin changes any order that is not delivered or cancelled, at
 * any time.
 */
export function changeRefusal(status: OrderStatus, role: Role, cutoffAt: Date | null, now: Date): string | null {
  if (role === 'admin') return isFinalOrderStatus(status) ? OrderingMessages.finalStatus.replace('{status}', status) : null;
  if (status !== 'pending') return OrderChangeMessages.notChangeable.replace('{status}', status);
  if (cutoffAt && now.getTime() >= cutoffAt.getTime()) return DeliveryMessages.orderBeingPrepared;
  return null;
}

/** Each product whose quantity differs (0 before: added; 0 after: removed): the new lines' products first, then the removed. */
export function lineChanges(current: readonly QuantityLine[], next: readonly QuantityLine[]): AmendedLineChange[] {
  const before = quantitiesByProduct(current);
  const after = quantitiesByProduct(next);
  const changes: AmendedLineChange[] = [];
  for (const [productId, quantity] of after) {
    const was = before.get(productId) ?? 0;
    if (was !== quantity) changes.push({ productId, before: was, after: quantity });
  }
  for (const [productId, was] of before) if (!after.has(productId) && was !== 0) changes.push({ productId, before: was, after: 0 });
  return changes;
}

/** Products whose quantity rises: the bakery needs their notice (lead time) for the extra units. */
export function risingProducts(changes: readonly AmendedLineChange[]): string[] {
  return changes.filter((c) => c.after > c.before).map((c) => c.productId);
}

/** Which fields a change touches, in AMENDABLE_FIELDS' order. */
export function changedFields(change: {
  lines: readonly AmendedLineChange[];
  deliveryDate: [string | null, string | null];
  deliveryTimeSlot: [string | null, string | null];
  specialInstructions: [string | null, string | null];
}): AmendableField[] {
  const fields: AmendableField[] = [];
  if (change.lines.length > 0) fields.push('lines');
  if (change.deliveryDate[0] !== change.deliveryDate[1]) fields.push('deliveryDate');
  if (change.deliveryTimeSlot[0] !== change.deliveryTimeSlot[1]) fields.push('deliveryTimeSlot');
  if (change.specialInstructions[0] !== change.specialInstructions[1]) fields.push('specialInstructions');
  return fields;
}

/** An item of the order as the change reads it. */
export interface ExistingItem {
  id: string;
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: string;
  shortfall: number;
}

/** An item of the changed order: `id` null for a product the order did not have. */
export interface AmendedItem {
  id: string | null;
  productId: string;
  productName: string;
  quantity: number;
  unitPrice: string;
  shortfall: number;
  position: number;
}

/**
 * The order's items after the change, in the new lines' order. A product the order has keeps its
 * item, its name and the unit price it was ordered at (the price the customer agreed to), with the
 * new quantity; its shortfall (units a standing order could not have) stays while the quantity
 * does, and goes once the customer sets one. A new product comes at `current` (its name and price
 * now, as catalog's adjustment read them under its row locks). Several items of one product (never
 * written by ordering) become the first one.
 */
export function amendedItems(
  items: readonly ExistingItem[],
  next: readonly QuantityLine[],
  current: ReadonlyMap<string, { name: string; unitPrice: string }>,
): AmendedItem[] {
  const existing = new Map<string, ExistingItem>();
  for (const item of items) if (!existing.has(item.productId.toLowerCase())) existing.set(item.productId.toLowerCase(), item);
  return [...quantitiesByProduct(next)].map(([productId, quantity], position) => {
    const item = existing.get(productId);
    if (item) {
      const shortfall = item.quantity === quantity ? item.shortfall : 0;
      return { id: item.id, productId: item.productId, productName: item.productName, quantity, unitPrice: item.unitPrice, shortfall, position };
    }
    const now = current.get(productId);
    if (!now) throw new Error(`no current price for new product ${productId}`);
    return { id: null, productId, productName: now.name, quantity, unitPrice: now.unitPrice, shortfall: 0, position };
  });
}

// ---- order again ----------------------------------------------------------------------------------

/** A product as "Order again" reads it from catalog. */
export interface ReorderProduct {
  name: string;
  price: string;
  stock: number;
  /** a customer can buy it (approved and active) */
  live: boolean;
}

/** A line to put in the cart: `quantity` more units of the product, at its price now. */
export interface CartAddition {
  productId: string;
  quantity: number;
  unitPrice: string;
  /** the most the cart line may hold after it (CART_LINE_MAX, and never above the stock) */
  lineMax: number;
}

/**
 * "Order again": each product of the order (its items in order; units asked for, a standing
 * order's shortfall included) goes into the cart at the same quantity, capped as POST /api/cart
 * caps a line: the cart line (what `inCart` holds plus what is added) at most CART_LINE_MAX and
 * never above the stock. What was left out, or added with fewer units, is named with why
 * (REORDER_SKIP_REASONS) and how many units are missing.
 */
export function planReorder(
  items: readonly { productId: string; productName: string; quantity: number; shortfall?: number }[],
  products: ReadonlyMap<string, ReorderProduct>,
  inCart: ReadonlyMap<string, number>,
): { additions: CartAddition[]; result: ReorderResult } {
  const asked = new Map<string, { name: string; quantity: number }>();
  for (const item of items) {
    const id = item.productId.toLowerCase();
    const units = item.quantity + (item.shortfall ?? 0);
    const seen = asked.get(id);
    asked.set(id, { name: seen?.name ?? item.productName, quantity: (seen?.quantity ?? 0) + units });
  }
  const additions: CartAddition[] = [];
  const result: ReorderResult = { added: [], skipped: [] };
  for (const [productId, { name: orderedName, quantity }] of asked) {
    if (quantity <= 0) continue;
    const product = products.get(productId);
    if (!product || !product.live) {
      result.skipped.push({ productId, name: product?.name ?? orderedName, reason: 'unavailable', missing: quantity });
      continue;
    }
    const lineMax = Math.max(0, Math.min(CART_LINE_MAX, product.stock));
    // which limit binds: the stock, unless there is more of it than a line may hold
    const stockBinds = product.stock <= CART_LINE_MAX;
    const room = Math.max(0, lineMax - (inCart.get(productId) ?? 0));
    const add = Math.min(quantity, room);
    if (add > 0) {
      additions.push({ productId, quantity: add, unitPrice: product.price, lineMax });
      result.added.push({ productId, name: product.name, quantity: add });
    }
    if (add < quantity) {
      const reason = !stockBinds ? 'line_limit' : add === 0 ? 'out_of_stock' : 'stock_limit';
      result.skipped.push({ productId, name: product.name, reason, missing: quantity - add });
    }
  }
  return { additions, result };
}
