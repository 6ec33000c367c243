import { CatalogPatterns } from './catalog';
import { CustomersPatterns } from './customers';
import { OrderingPatterns } from './ordering';

/**
 * Calls that wait longer than RPC_TIMEOUT_MS, as a multiple of it. A caller must wait longer than
 * everything its callee waits for, or it answers 503 for work that then succeeds:
 * - a reserve queues behind other orders for the same product's row lock (a sell-out rush);
 * - placing an order waits for customers (1x) and then a reserve (2x) before writing the order;
 * - a registration (self-service or admin-created) is a saga run by customers: it waits for auth
 *   to create the pending identity (1x), writes the profile, then waits for the activation (1x).
 */
export const RPC_TIMEOUT_FACTORS: Readonly<Record<string, number>> = {
  [CatalogPatterns.reserve]: 2,
  [OrderingPatterns.placeOrder]: 4,
  [CustomersPatterns.register]: 3,
  [CustomersPatterns.create]: 3,
};

/** How long to wait for an answer to `pattern`, given the configured RPC_TIMEOUT_MS. */
export function rpcTimeoutFor(pattern: string, baseTimeoutMs: number): number {
  return baseTimeoutMs * (RPC_TIMEOUT_FACTORS[pattern] ?? 1);
}

/**
 * How old a pending identity (a registration in progress) must be before another registration of
 * the same email may take it over. Only a crashed saga leaves one behind; a live one is done or
 * has given up well within its callers' budget (3x), so twice that cannot cut into a registration
 * that is still completing. (A takeover also gives the row a new id, so even a saga that somehow
 * outlived it could neither activate nor discard the new attempt.)
 */
export function pendingTakeoverAgeMs(baseTimeoutMs: number): number {
  return 2 * rpcTimeoutFor(CustomersPatterns.register, baseTimeoutMs);
}
