import type { AlertType, ReviewStatus } from '@bakery/contracts';

/**
 * A product's stock as the alerts see it: the product as it is after a change in the current
 * transaction (its row is locked by then), as a stock update's RETURNING answers it.
 */
export interface StockState {
  id: string;
  name: string;
  stock: number;
  lowStockThreshold: number;
  reviewStatus: ReviewStatus;
}

/** What an alert decision looks at: the product after the change, and its open alert if any. */
export interface AlertInput extends Omit<StockState, 'id'> {
  openAlert: { alertType: AlertType } | null;
}

export type AlertDecision =
  | { action: 'none' }
  /** no open alert and the product is low: open one (and announce it) */
  | { action: 'open'; alertType: AlertType; message: string }
  /** a low_stock alert is open and the product just ran out: the same alert becomes out_of_stock (and is announced) */
  | { action: 'escalate'; alertType: 'out_of_stock'; message: string }
  /** the product is no longer low (restocked, threshold lowered, or not an approved product any more) */
  | { action: 'resolve' };

/**
 * One open alert per product while it stays at or below its threshold. Only approved products
 * count: a submission waiting for review is not part of the catalogue yet.
 */
export function decideAlert(input: AlertInput): AlertDecision {
  const low = input.reviewStatus === 'approved' && input.stock <= input.lowStockThreshold;
  if (!low) return input.openAlert ? { action: 'resolve' } : { action: 'none' };
  const alertType: AlertType = input.stock === 0 ? 'out_of_stock' : 'low_stock';
  if (!input.openAlert) return { action: 'open', alertType, message: alertMessage(input) };
  if (alertType === 'out_of_stock' && input.openAlert.alertType === 'low_stock') {
    return { action: 'escalate', alertType, message: alertMessage(input) };
  }
  return { action: 'none' };
}

export function alertMessage(p: Pick<StockState, 'name' | 'stock' | 'lowStockThreshold'>): string {
  if (p.stock === 0) return `${p.name} is out of stock (threshold ${p.lowStockThreshold})`;
  return `${p.name} is low on stock: ${p.stock} left (threshold ${p.lowStockThreshold})`;
}
