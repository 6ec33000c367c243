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

/** Customer submissions waiting for an admin, oldest first (the first to arrive is reviewed first). */
export function pendingSubmissions(products: Product[]): Product[] {
  return products.filter((p) => p.reviewStatus === 'pending_review').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Submissions an admin turned down. */
export function rejectedSubmissions(products: Product[]): Product[] {
  return products.filter((p) => p.reviewStatus === 'rejected');
}

/** The catalogue the admin manages: every approved product, in the server's order (category, then name). */
export function catalogueProducts(products: Product[]): Product[] {
  return products.filter((p) => p.reviewStatus === 'approved');
}

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
