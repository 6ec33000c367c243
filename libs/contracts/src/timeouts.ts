import { CatalogPatterns } from './catalog';
import { OrderingPatterns } from './ordering';

/**
 * Calls that wait longer than RPC_TIMEOUT_MS, as a multiple of it. A caller must wait longer than
 * everything its callee waits for, or it answers 503 for work that then succeeds:
 * - a reserve queues behind other orders for the same product's row lock (a sell-out rush);
 * - placing an order waits for customers (1x) and then a reserve (2x) before writing the order.
 */
export const RPC_TIMEOUT_FACTORS: Readonly<Record<string, number>> = {
  [CatalogPatterns.reserve]: 2,
  [OrderingPatterns.placeOrder]: 4,
};

/** How long to wait for an answer to `pattern`, given the configured RPC_TIMEOUT_MS. */
export function rpcTimeoutFor(pattern: string, baseTimeoutMs: number): number {
  return baseTimeoutMs * (RPC_TIMEOUT_FACTORS[pattern] ?? 1);
}
