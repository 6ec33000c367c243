import type { Product } from '@contracts/catalog';

/** Spec sections 4 and 9: in the admin lists, 20 or less is low stock (the card badge says below 20). */
export const ADMIN_LOW_STOCK_AT_MOST = 20;

export type AdminBadgeLevel = 'inactive' | 'low' | 'ok';

/** Inactive if inactive; Low Stock if active with stock 20 or less; else fine. */
export function adminBadgeLevel(product: Pick<Product, 'isActive' | 'stock'>): AdminBadgeLevel {
  if (!product.isActive) return 'inactive';
  if (product.stock <= ADMIN_LOW_STOCK_AT_MOST) return 'low';
  return 'ok';
}

const LOOK: Record<AdminBadgeLevel, { color: string; table: string; card: string }> = {
  inactive: { color: 'default', table: 'Inactive', card: 'Inactive' },
  low: { color: 'orange', table: 'Low Stock', card: 'Low Stock' },
  ok: { color: 'green', table: 'Active', card: 'In Stock' },
};

/** The badge's text: 'Active' in the desktop table, 'In Stock' on the mobile cards, otherwise the same. */
export function adminBadgeText(product: Pick<Product, 'isActive' | 'stock'>, where: 'table' | 'card'): string {
  return LOOK[adminBadgeLevel(product)][where];
}

export function adminBadgeColor(product: Pick<Product, 'isActive' | 'stock'>): string {
  return LOOK[adminBadgeLevel(product)].color;
}

// where each product stands in review; the admin dashboard counts them too
export { catalogueProducts, pendingSubmissions, rejectedSubmissions } from '@/lib/product-review';

/** Spec section 8's activate/deactivate toast, from the product as the toggle answered it. */
export function toggledMessage(product: Pick<Product, 'isActive'>): string {
  return product.isActive ? 'Product activated successfully' : 'Product deactivated successfully';
}

/** The browser confirmation before a toggle (spec section 5). */
export function toggleConfirmText(product: Pick<Product, 'isActive' | 'name'>): string {
  return product.isActive
    ? `Deactivate "${product.name}"? Customers will no longer see it in the catalogue.`
    : `Activate "${product.name}"? Customers will see it in the catalogue.`;
}

/** The browser confirmation before a delete (spec section 5). */
export function deleteConfirmText(product: Pick<Product, 'name'>): string {
  return `Delete "${product.name}"? This cannot be undone.`;
}
