import type { Product } from '@contracts/catalog';

// Where each product stands in review, for Manage Products and the admin dashboard's counts.

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
