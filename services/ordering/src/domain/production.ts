import {
  type BakeListChange,
  type BakeListProduct,
  type Batches,
  calendarDay,
  type Category,
  compareNames,
  DELIVERY_TIME_SLOTS,
  type DeliveryException,
  type DeliveryTimeSlot,
  occurrenceOn,
  type PackingSlip,
  type ProductionInfo,
  type RunSheet,
  type RunSheetStop,
  type ScheduleContext,
  type StandingOrderTerms,
} from '@bakery/contracts';

/** Units of one product for one customer (summed over their orders, or their standing orders' deliveries). */
export interface CustomerUnits {
  productId: string;
  customerId: string;
  quantity: number;
}

/** A (product, customer) line as a print keeps it, names included (the product or customer may be gone later). */
export interface PrintedLine extends CustomerUnits {
  name: string;
  businessName: string;
}

/** A standing order as the projection needs it. */
export interface StandingOrderForDate {
  id: string;
  customerId: string;
  terms: StandingOrderTerms;
  exceptions: readonly DeliveryException[];
}

/** A standing order's delivery that is not an order yet. */
export interface ProjectedDelivery {
  standingOrderId: string;
  customerId: string;
  lines: { productId: string; quantity: number }[];
}

const key = (productId: string, customerId: string) => `${productId}/${customerId}`;

/** A day's cut-off and whether it has passed: null (and never locked) on a day without deliveries. */
export function cutoffState(date: string, ctx: ScheduleContext): { cutoffAt: Date | null; locked: boolean } {
  const day = calendarDay(date, ctx);
  const cutoffAt = day.cutoffAt ? new Date(day.cutoffAt) : null;
  return { cutoffAt, locked: cutoffAt !== null && ctx.now.getTime() >= cutoffAt.getTime() };
}

/** Batches to mix for `units` of a product: null without a batch size. */
export function batchesOf(units: number, batchSize: number | null): Batches | null {
  if (batchSize === null || batchSize <= 0) return null;
  const count = Math.ceil(units / batchSize);
  return { batchSize, count, spare: count * batchSize - units };
}

/**
 * The standing orders' deliveries on `date` that are not orders yet: by their occurrence rules
 * (libs/contracts/src/standing-order-rules.ts: start and end, cadence, pauses, closures, the
 * date's own change), not skipped, and without an order for that standing order and date (any
 * status: a delivery placed and cancelled is not expected again). Once the cut-off has passed
 * the materialiser places them, and they count as orders instead.
 */
export function projectedDeliveries(
  standingOrders: readonly StandingOrderForDate[],
  placedStandingOrderIds: ReadonlySet<string>,
  date: string,
  ctx: ScheduleContext,
): ProjectedDelivery[] {
  return standingOrders.flatMap((so) => {
    if (placedStandingOrderIds.has(so.id)) return [];
    const occurrence = occurrenceOn(so.terms, so.exceptions, date, ctx);
    if (!occurrence || occurrence.skipped) return [];
    return [{ standingOrderId: so.id, customerId: so.customerId, lines: occurrence.lines }];
  });
}

/** Projected deliveries as units per (product, customer). */
export function projectedUnits(deliveries: readonly ProjectedDelivery[]): CustomerUnits[] {
  return sumUnits(deliveries.flatMap((d) => d.lines.map((l) => ({ productId: l.productId, customerId: d.customerId, quantity: l.quantity }))));
}

/** Sums units per (product, customer), dropping lines of nothing. */
export function sumUnits(lines: readonly CustomerUnits[]): CustomerUnits[] {
  const sums = new Map<string, CustomerUnits>();
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const k = key(line.productId, line.customerId);
    const sum = sums.get(k);
    if (sum) sum.quantity += line.quantity;
    else sums.set(k, { ...line });
  }
  return [...sums.values()];
}

/** What the documents call a product: catalog's name and category, else the name the order kept. */
export type ProductNames = (productId: string) => { name: string; category: Category | null; batchSize: number | null };

/** A ProductNames from catalog's answer, with the orders' own names for products catalog no longer has. */
export function productNames(info: readonly ProductionInfo[], orderNames: ReadonlyMap<string, string>, goneName: string): ProductNames {
  const byId = new Map(info.map((p) => [p.productId, p]));
  return (productId) => {
    const product = byId.get(productId);
    if (product) return { name: product.name, category: product.category, batchSize: product.batchSize };
    return { name: orderNames.get(productId) ?? goneName, category: null, batchSize: null };
  };
}

/** Category (none last), then name, then id: the order of every production document's products. */
export function compareProducts(a: { category: Category | null; name: string; productId: string }, b: { category: Category | null; name: string; productId: string }): number {
  if (a.category !== b.category) {
    if (a.category === null) return 1;
    if (b.category === null) return -1;
    return a.category < b.category ? -1 : 1;
  }
  const byName = compareNames(a.name, b.name);
  if (byName !== 0) return byName;
  return a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0;
}

/**
 * The bake list's rows: per product, units on placed orders, projected units, distinct customers
 * of either, and batches (of placed plus projected units) where the product has a batch size.
 */
export function bakeListProducts(placed: readonly CustomerUnits[], projected: readonly CustomerUnits[], names: ProductNames): BakeListProduct[] {
  const rows = new Map<string, { quantity: number; projectedQuantity: number; customers: Set<string> }>();
  const add = (line: CustomerUnits, field: 'quantity' | 'projectedQuantity') => {
    if (line.quantity <= 0) return;
    let row = rows.get(line.productId);
    if (!row) rows.set(line.productId, (row = { quantity: 0, projectedQuantity: 0, customers: new Set() }));
    row[field] += line.quantity;
    row.customers.add(line.customerId);
  };
  placed.forEach((line) => add(line, 'quantity'));
  projected.forEach((line) => add(line, 'projectedQuantity'));
  return [...rows.entries()]
    .map(([productId, row]) => {
      const { name, category, batchSize } = names(productId);
      return {
        productId,
        name,
        category,
        quantity: row.quantity,
        projectedQuantity: row.projectedQuantity,
        customers: row.customers.size,
        batches: batchesOf(row.quantity + row.projectedQuantity, batchSize),
      };
    })
    .sort(compareProducts);
}

/** Placed and projected units together, per (product, customer): what a print keeps. */
export function currentUnits(placed: readonly CustomerUnits[], projected: readonly CustomerUnits[]): CustomerUnits[] {
  return sumUnits([...placed, ...projected]);
}

/** A (product, customer) line whose units differ from the print's, before it is named. */
export interface UnitChange {
  productId: string;
  customerId: string;
  before: number;
  after: number;
  /** the print's line, for names of lines gone since (their product or customer may be gone too) */
  printed?: PrintedLine;
}

/**
 * What changed since the print: every (product, customer) whose units differ from the print's
 * (added since: before 0; gone since: after 0), unnamed and in no order. One pass over each side:
 * a print holds a line per product and customer (ten thousand for two thousand orders).
 */
export function unitChangesSincePrint(printed: readonly PrintedLine[], now: readonly CustomerUnits[]): UnitChange[] {
  const before = new Map(printed.map((line) => [key(line.productId, line.customerId), line]));
  const changes: UnitChange[] = [];
  for (const line of now) {
    const k = key(line.productId, line.customerId);
    const was = before.get(k);
    before.delete(k);
    if (was?.quantity === line.quantity) continue;
    changes.push({ productId: line.productId, customerId: line.customerId, before: was?.quantity ?? 0, after: line.quantity });
  }
  // what is left of the print is gone since
  for (const was of before.values()) {
    if (was.quantity !== 0) changes.push({ productId: was.productId, customerId: was.customerId, before: was.quantity, after: 0, printed: was });
  }
  return changes;
}

/**
 * The changes named and in order, by product name, then business name: lines still there are named
 * by `nameOf`, lines gone since by the print.
 */
export function namedChanges(changes: readonly UnitChange[], nameOf: (line: CustomerUnits) => { name: string; businessName: string }): BakeListChange[] {
  return changes
    .map(({ productId, customerId, before, after, printed }) => ({
      productId,
      ...(printed ? { name: printed.name, businessName: printed.businessName } : nameOf({ productId, customerId, quantity: after })),
      customerId,
      before,
      after,
    }))
    .sort(
      (a, b) =>
        compareNames(a.name, b.name) ||
        compareNames(a.businessName, b.businessName) ||
        (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0) ||
        (a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : 0),
    );
}

/** The week view's grid: per product, the units (placed + projected) of each date, products in document order. */
export function weekGrid(
  dates: readonly string[],
  units: readonly { date: string; productId: string; quantity: number }[],
  names: ProductNames,
): { productId: string; name: string; category: Category | null; quantities: number[] }[] {
  const column = new Map(dates.map((d, i) => [d, i]));
  const rows = new Map<string, number[]>();
  for (const u of units) {
    const i = column.get(u.date);
    if (i === undefined || u.quantity <= 0) continue;
    let row = rows.get(u.productId);
    if (!row) rows.set(u.productId, (row = dates.map(() => 0)));
    row[i] += u.quantity;
  }
  return [...rows.entries()]
    .map(([productId, quantities]) => {
      const { name, category } = names(productId);
      return { productId, name, category, quantities };
    })
    .sort(compareProducts);
}

/** "7d9f0c3e-…-0123456789ab" → "456789AB": the order number on slips and invoices. */
export function orderNumberOf(orderId: string): string {
  return orderId.slice(-8).toUpperCase();
}

/** A slot's place in the day (the schedule's slots are always in this order); no slot comes last. */
function slotRank(slot: DeliveryTimeSlot | null): number {
  if (slot === null) return DELIVERY_TIME_SLOTS.length + 1;
  const i = DELIVERY_TIME_SLOTS.indexOf(slot);
  return i < 0 ? DELIVERY_TIME_SLOTS.length : i;
}

/** Slot (in the day's order, none last), then drop position (none last), then business name, then order id. */
export function comparePackingSlips(
  a: Pick<PackingSlip, 'deliveryTimeSlot' | 'dropPosition' | 'businessName' | 'customerId' | 'orderId'>,
  b: Pick<PackingSlip, 'deliveryTimeSlot' | 'dropPosition' | 'businessName' | 'customerId' | 'orderId'>,
): number {
  const bySlot = slotRank(a.deliveryTimeSlot) - slotRank(b.deliveryTimeSlot);
  if (bySlot !== 0) return bySlot;
  if (a.dropPosition !== b.dropPosition) {
    if (a.dropPosition === null) return 1;
    if (b.dropPosition === null) return -1;
    return a.dropPosition - b.dropPosition;
  }
  const byName = compareNames(a.businessName, b.businessName);
  if (byName !== 0) return byName;
  if (a.customerId !== b.customerId) return a.customerId < b.customerId ? -1 : 1;
  return a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0;
}

/**
 * The run sheet from the day's packing slips (already in drop order): per slot, one stop per
 * customer, numbered from 1, with the units to drop, the orders and their instructions.
 */
export function runSheetOf(date: string, slips: readonly PackingSlip[]): RunSheet {
  const slots: RunSheet['slots'] = [];
  let current: RunSheet['slots'][number] | undefined;
  let stops = new Map<string, RunSheetStop>();
  for (const slip of [...slips].sort(comparePackingSlips)) {
    if (!current || current.slot !== slip.deliveryTimeSlot) {
      current = { slot: slip.deliveryTimeSlot, stops: [] };
      slots.push(current);
      stops = new Map();
    }
    let stop = stops.get(slip.customerId);
    if (!stop) {
      stop = {
        position: current.stops.length + 1,
        customerId: slip.customerId,
        businessName: slip.businessName,
        address: slip.address,
        phone: slip.phone,
        instructions: null,
        items: 0,
        orderIds: [],
      };
      stops.set(slip.customerId, stop);
      current.stops.push(stop);
    }
    stop.items += slip.items.reduce((sum, item) => sum + item.quantity, 0);
    stop.orderIds.push(slip.orderId);
    const note = slip.specialInstructions?.trim();
    if (note && !(stop.instructions ?? '').split('; ').includes(note)) stop.instructions = stop.instructions ? `${stop.instructions}; ${note}` : note;
  }
  return { date, slots };
}
