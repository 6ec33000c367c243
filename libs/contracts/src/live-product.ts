/**
 * "A product is live": listed for customers, can be put in a cart, ordered and reserved. The rule
 * lives here once; catalog's SQL and query forms are built from LIVE_PRODUCT
 * (`services/catalog/src/domain/products.ts`). No runtime imports: the web app imports this module
 * for its values (see web/src/lib/contracts-imports.test.ts).
 */
import type { ReviewStatus } from './constants';

/**
 * What a live product's fields hold: active, and approved (not a customer submission waiting for
 * review, not a rejected one). Deleted products are gone from the table, so they are never live.
 */
export const LIVE_PRODUCT = { isActive: true, reviewStatus: 'approved' } as const satisfies { isActive: boolean; reviewStatus: ReviewStatus };

/**
 * Whether a product is live. A customer's copy of a product (CustomerProduct) carries no
 * reviewStatus: catalog sends customers live products only, so its isActive is what is left.
 */
export function isLiveProduct(product: { isActive: boolean; reviewStatus?: ReviewStatus }): boolean {
  return product.isActive === LIVE_PRODUCT.isActive && (product.reviewStatus ?? LIVE_PRODUCT.reviewStatus) === LIVE_PRODUCT.reviewStatus;
}
