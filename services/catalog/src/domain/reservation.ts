import { isLiveProduct, type ReservedLine, type ReviewStatus, type StockShortage, type StockShortfall } from '@bakery/contracts';

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

/**
 * What a standing order's delivery can have (catalog.stock.reserveAvailable): each line takes what
 * the product has, up to what was asked (possibly nothing); a product that is gone or not live
 * gives nothing. Lines that take nothing are left out of `lines`; every shortfall is named.
 */
export function planAvailable(lines: readonly RequestedLine[], rows: readonly StockRow[]): { lines: ReservedLine[]; shortfalls: StockShortfall[] } {
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  const taken: ReservedLine[] = [];
  const shortfalls: StockShortfall[] = [];
  for (const line of lines) {
    const row = byId.get(line.productId);
    const live = row !== undefined && isLiveProduct(row);
    const quantity = live ? Math.min(row.stock, line.quantity) : 0;
    if (quantity > 0) taken.push({ productId: row!.id, name: row!.name, unitPrice: row!.price, quantity });
    if (quantity < line.quantity) {
      shortfalls.push({
        productId: line.productId,
        name: row?.name ?? null,
        unitPrice: row?.price ?? null,
        requested: line.quantity,
        reserved: quantity,
        reason: !row ? 'deleted' : !live ? 'unavailable' : 'out_of_stock',
      });
    }
  }
  return { lines: taken, shortfalls };
}

/** The shortfalls of a reservation already made (a repeat of reserveAvailable): what each line did not get. */
export function shortfallsOf(requested: readonly RequestedLine[], reserved: readonly ReservedLine[]): StockShortfall[] {
  const got = new Map(mergeLines(reserved).map((l) => [l.productId, l.quantity]));
  const named = new Map(reserved.map((l) => [l.productId.toLowerCase(), l]));
  return mergeLines(requested).flatMap((line) => {
    const quantity = got.get(line.productId) ?? 0;
    if (quantity >= line.quantity) return [];
    const known = named.get(line.productId);
    return [{ productId: line.productId, name: known?.name ?? null, unitPrice: known?.unitPrice ?? null, requested: line.quantity, reserved: quantity, reason: 'out_of_stock' as const }];
  });
}

// ---- changing an order's reservation (catalog.stock.adjust) ---------------------------------------

/** A product whose held stock moves: `delta` > 0 takes that many more, < 0 gives them back. */
export interface StockDelta {
  productId: string;
  delta: number;
}

/**
 * What moves when a reservation holding `from` comes to hold `to`: per product, the units to take
 * (> 0) or give back (< 0), sorted by product id (the lock order); products that do not move are
 * left out.
 */
export function stockDeltas(from: readonly RequestedLine[], to: readonly RequestedLine[]): StockDelta[] {
  const before = new Map(mergeLines(from).map((l) => [l.productId, l.quantity]));
  const after = new Map(mergeLines(to).map((l) => [l.productId, l.quantity]));
  return [...new Set([...before.keys(), ...after.keys()])]
    .sort()
    .map((productId) => ({ productId, delta: (after.get(productId) ?? 0) - (before.get(productId) ?? 0) }))
    .filter((d) => d.delta !== 0);
}

export type AdjustmentPlan =
  | { ok: true; lines: ReservedLine[]; deltas: StockDelta[] }
  | { ok: false; reason: 'not_found'; productIds: string[] }
  | { ok: false; reason: 'unavailable'; products: { productId: string; name: string }[] }
  | { ok: false; reason: 'short'; shortages: StockShortage[] };

/**
 * How a reservation that holds `held` becomes `target` (both merged, see mergeLines), by the
 * difference only: a product whose quantity rises must exist, be live and have the extra units in
 * stock (a failure names every product at fault, `requested` being the new quantity and
 * `available` what the order could have: what it holds plus the stock); one that stays or falls
 * needs nothing (an inactive or deleted product may stay on the order, or shrink). The lines keep
 * the name and price the reservation knew for a product that is gone; `deltas` (sorted by product
 * id, the lock order) leave out products that do not move.
 */
export function planAdjustment(held: readonly ReservedLine[], target: readonly RequestedLine[], rows: readonly StockRow[]): AdjustmentPlan {
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  const heldQuantity = new Map(mergeLines(held).map((l) => [l.productId, l.quantity]));
  const targetQuantity = new Map(mergeLines(target).map((l) => [l.productId, l.quantity]));
  const deltas = stockDeltas(held, target);
  const rising = deltas.filter((d) => d.delta > 0);

  const missing = rising.filter((d) => !byId.has(d.productId)).map((d) => d.productId);
  if (missing.length > 0) return { ok: false, reason: 'not_found', productIds: missing };
  const unavailable = rising.map((d) => byId.get(d.productId)!).filter((row) => !isLiveProduct(row));
  if (unavailable.length > 0) return { ok: false, reason: 'unavailable', products: unavailable.map((row) => ({ productId: row.id, name: row.name })) };
  const short = rising.filter((d) => byId.get(d.productId)!.stock < d.delta);
  if (short.length > 0) {
    return {
      ok: false,
      reason: 'short',
      shortages: short.map((d) => {
        const row = byId.get(d.productId)!;
        return { productId: row.id, name: row.name, requested: targetQuantity.get(d.productId)!, available: (heldQuantity.get(d.productId) ?? 0) + row.stock };
      }),
    };
  }

  return { ok: true, lines: namedLines(target, held, rows), deltas };
}

/**
 * `lines` (merged) as a reservation keeps them: each with its product's name and current price, or
 * for a product that is gone, the name and price `known` lines had for it.
 */
export function namedLines(lines: readonly RequestedLine[], known: readonly ReservedLine[], rows: readonly StockRow[]): ReservedLine[] {
  const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
  const knownById = new Map(known.map((l) => [l.productId.toLowerCase(), l]));
  return mergeLines(lines).map((line) => {
    const row = byId.get(line.productId);
    const was = knownById.get(line.productId);
    return {
      productId: row?.id ?? line.productId,
      name: row?.name ?? was?.name ?? '',
      unitPrice: row?.price ?? was?.unitPrice ?? '0.00',
      quantity: line.quantity,
    };
  });
}
