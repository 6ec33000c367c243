import type { QueryClient } from '@tanstack/react-query';
import { bakeryCalendarQuery } from '@/lib/bakery-time';
import { deliveryDaysQueries, deliveryRange } from '@/lib/delivery-calendar';
import { readForPage } from '@/lib/page-reads';
import type { CartLine } from '@contracts/ordering';
import { cartQuery, pricingQuery } from './cart';

/** The cart's products whose lead times narrow its delivery dates: each once, sorted (one key for the same products). */
export function cartProductIds(lines: readonly CartLine[]): string[] {
  return [...new Set(lines.flatMap((l) => (l.product ? [l.productId] : [])))].sort();
}

/**
 * The cart page's first reads (its route's `reads`), asked for while its code downloads: the cart,
 * its prices and the bakery's calendar together, then, as soon as the cart and the calendar are in,
 * the delivery dates its products can have. The page's hooks find them in the cache.
 */
export async function readCartPage(client: QueryClient): Promise<void> {
  const [lines, calendar] = await Promise.all([
    readForPage(client, cartQuery),
    readForPage(client, bakeryCalendarQuery),
    readForPage(client, pricingQuery),
  ]);
  if (!lines || lines.length === 0 || !calendar) return;
  await Promise.all(deliveryDaysQueries(deliveryRange(calendar), cartProductIds(lines)).map((q) => readForPage(client, q)));
}
