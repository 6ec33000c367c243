import { isLiveProduct, type ReservedLine, type ReviewStatus, type StockShortage } from '@bakery/contracts';

export interface RequestedLine {
  productId: string;
  quantity: number;
}

/** The product rows a reservation looks at, locked by the caller. */
export interface StockRow {
  id: string;
  name: string;
  price: string;
  stock: number;
  isActive: boolean;
  reviewStatus: ReviewStatus;
}

export type ReservationPlan =
  | { ok: true; lines: ReservedLine[] }
  | { ok: false; reason: 'not_found'; productIds: string[] }
  | { ok: false; reason: 'unavailable'; products: { productId: string; name: string }[] }
  | { ok: false; reason: 'short'; shortages: StockShortage[] };

/**
 * One line per product (quantities of repeated products added up), sorted by product id: the
 * order in which rows are locked, the same in every transaction, so two reservations never
 * wait on each other in a circle.
 */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  const byProduct = new Map<string, number>();
  for (const line of lines) {
    const id = line.productId.toLowerCase();
    byProduct.set(id, (byProduct.get(id) ?? 0) + line.quantity);
  }
  return [...byProduct.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * All or nothing: every product must exist, be live (approved and active) and have the stock.
 * A failure names every product at fault, not only the first.
 */
export function planReservation(lines: readonly RequestedLine[], rows: readonly StockRow[]): ReservationPlan {
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  const missing = lines.filter((l) => !byId.has(l.productId)).map((l) => l.productId);
  if (missing.length > 0) return { ok: false, reason: 'not_found', productIds: missing };

  const found = lines.map((line) => ({ line, row: byId.get(line.productId)! }));
  const unavailable = found.filter(({ row }) => !isLiveProduct(row));
  if (unavailable.length > 0) {
    return { ok: false, reason: 'unavailable', products: unavailable.map(({ row }) => ({ productId: row.id, name: row.name })) };
  }

  const short = found.filter(({ line, row }) => row.stock < line.quantity);
  if (short.length > 0) {
    return {
      ok: false,
      reason: 'short',
      shortages: short.map(({ line, row }) => ({
        productId: row.id,
        name: row.name,
        requested: line.quantity,
        available: row.stock,
      })),
    };
  }

  return {
    ok: true,
    lines: found.map(({ line, row }) => ({
      productId: row.id,
      name: row.name,
      unitPrice: row.price,
      quantity: line.quantity,
    })),
  };
}

/** Whether a repeated reserve asks for what the stored reservation holds (merged lines compared). */
export function sameLines(requested: readonly RequestedLine[], reserved: readonly RequestedLine[]): boolean {
  const a = mergeLines(requested);
  const b = mergeLines(reserved);
  return a.length === b.length && a.every((line, i) => line.productId === b[i].productId && line.quantity === b[i].quantity);
}
