import type { BakeList, BakeListProduct, PackingSlip, RunSheet } from '@bakery/contracts';
import { drawTable, ensureSpace, heading, paragraph, type TableColumn } from '@bakery/documents';

/** "Wednesday 2 December 2026" (a calendar date: no time zone). */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** "2 Dec 2026, 14:00" as the bakery's clock shows an instant. */
export function wallClock(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(new Date(at));
}

const CATEGORY_NAMES: Record<string, string> = { breads: 'Breads', pastries: 'Pastries', bagels: 'Bagels' };
export const categoryName = (category: string | null) => (category ? (CATEGORY_NAMES[category] ?? category) : 'No longer in the catalogue');

/** "3 x 48 (12 spare)", or "" for a product without a batch size. */
export function batchesText(product: Pick<BakeListProduct, 'batches'>): string {
  const b = product.batches;
  return b ? `${b.count} x ${b.batchSize} (${b.spare} spare)` : '';
}

// ---- bake list --------------------------------------------------------------------------------

const BAKE_LIST_COLUMNS: TableColumn[] = [
  { header: 'Product', width: 5 },
  { header: 'Placed', width: 1.4, align: 'right' },
  { header: 'Projected', width: 1.6, align: 'right' },
  { header: 'Total', width: 1.4, align: 'right' },
  { header: 'Customers', width: 1.7, align: 'right' },
  { header: 'Batches', width: 3 },
];

/** The bake list: the date's state, then per category its products, then what changed since the last print. */
export function drawBakeList(doc: PDFKit.PDFDocument, list: BakeList, timeZone: string): void {
  paragraph(doc, `Delivery date: ${longDate(list.date)}`);
  const cutoff = list.cutoffAt ? `Orders close ${wallClock(list.cutoffAt, timeZone)}${list.locked ? ' (closed: locked)' : ''}` : 'No deliveries on this date';
  paragraph(doc, cutoff);
  if (list.printedAt) paragraph(doc, `Last printed ${wallClock(list.printedAt, timeZone)}`);
  const totals = list.products.reduce((sum, p) => sum + p.quantity + p.projectedQuantity, 0);
  paragraph(doc, `${list.products.length} products, ${totals} units`);
  doc.moveDown();
  if (list.products.length === 0) {
    paragraph(doc, 'Nothing to bake for this date.');
    return;
  }
  for (const [category, products] of groupBy(list.products, (p) => p.category)) {
    heading(doc, categoryName(category));
    drawTable(
      doc,
      BAKE_LIST_COLUMNS,
      products.map((p) => [p.name, p.quantity, p.projectedQuantity, p.quantity + p.projectedQuantity, p.customers, batchesText(p)]),
    );
  }
  if (list.changes.length > 0) {
    heading(doc, `Changes since the last print (${list.changesTotal})`);
    drawTable(
      doc,
      [
        { header: 'Product', width: 4 },
        { header: 'Customer', width: 4 },
        { header: 'Before', width: 1.3, align: 'right' },
        { header: 'Now', width: 1.3, align: 'right' },
      ],
      list.changes.map((c) => [c.name, c.businessName, c.before, c.after]),
    );
    if (list.changesTotal > list.changes.length) paragraph(doc, `and ${list.changesTotal - list.changes.length} more (see the screen)`);
  }
}

export const BAKE_LIST_CSV_HEADER = ['Category', 'Product', 'Placed', 'Projected', 'Total', 'Customers', 'Batch size', 'Batches', 'Spare'];

export function bakeListCsvRows(list: BakeList): unknown[][] {
  return list.products.map((p) => [
    p.category ?? '',
    p.name,
    p.quantity,
    p.projectedQuantity,
    p.quantity + p.projectedQuantity,
    p.customers,
    p.batches?.batchSize ?? '',
    p.batches?.count ?? '',
    p.batches?.spare ?? '',
  ]);
}

// ---- packing slips ----------------------------------------------------------------------------

/** One slip per page: who, where, when, what to pack (no prices). */
export function drawPackingSlips(doc: PDFKit.PDFDocument, date: string, slips: PackingSlip[]): void {
  if (slips.length === 0) {
    paragraph(doc, `No orders to pack for ${longDate(date)}.`);
    return;
  }
  slips.forEach((slip, i) => {
    if (i > 0) doc.addPage();
    heading(doc, `${slip.businessName}  -  order ${slip.orderNumber}`);
    paragraph(doc, `Delivery: ${longDate(date)}, ${slip.deliveryTimeSlot ?? 'no time slot'}${slip.dropPosition !== null ? `, drop ${slip.dropPosition}` : ''}`);
    if (slip.address) paragraph(doc, `Address: ${slip.address}`);
    if (slip.phone) paragraph(doc, `Phone: ${slip.phone}`);
    if (slip.specialInstructions) paragraph(doc, `Instructions: ${slip.specialInstructions}`);
    doc.moveDown(0.5);
    drawTable(
      doc,
      [
        { header: 'Product', width: 6 },
        { header: 'Quantity', width: 1.5, align: 'right' },
        { header: 'Packed', width: 1.2, align: 'center' },
      ],
      slip.items.map((item) => [item.name, item.quantity, '[  ]']),
    );
    paragraph(doc, `${slip.items.reduce((sum, item) => sum + item.quantity, 0)} units in all`);
  });
}

// ---- run sheet --------------------------------------------------------------------------------

const RUN_SHEET_COLUMNS: TableColumn[] = [
  { header: '#', width: 0.6, align: 'right' },
  { header: 'Customer', width: 3 },
  { header: 'Address', width: 4 },
  { header: 'Phone', width: 2.2 },
  { header: 'Items', width: 1, align: 'right' },
  { header: 'Instructions', width: 3.4 },
];

export const slotName = (slot: string | null) => slot ?? 'No time slot';

/** Per slot, the stops in drop order. */
export function drawRunSheet(doc: PDFKit.PDFDocument, sheet: RunSheet): void {
  paragraph(doc, `Delivery date: ${longDate(sheet.date)}`);
  const stops = sheet.slots.reduce((n, s) => n + s.stops.length, 0);
  paragraph(doc, `${stops} stops in ${sheet.slots.length} ${sheet.slots.length === 1 ? 'slot' : 'slots'}`);
  doc.moveDown();
  if (stops === 0) {
    paragraph(doc, 'No deliveries for this date.');
    return;
  }
  for (const { slot, stops: slotStops } of sheet.slots) {
    ensureSpace(doc, 60);
    heading(doc, `${slotName(slot)} (${slotStops.length} ${slotStops.length === 1 ? 'stop' : 'stops'})`);
    drawTable(
      doc,
      RUN_SHEET_COLUMNS,
      slotStops.map((s) => [s.position, s.businessName, s.address ?? '', s.phone ?? '', s.items, s.instructions ?? '']),
      { fontSize: 9 },
    );
  }
}

export const RUN_SHEET_CSV_HEADER = ['Slot', 'Stop', 'Customer', 'Address', 'Phone', 'Items', 'Instructions', 'Orders'];

export function runSheetCsvRows(sheet: RunSheet): unknown[][] {
  return sheet.slots.flatMap(({ slot, stops }) =>
    stops.map((s) => [slot ?? '', s.position, s.businessName, s.address ?? '', s.phone ?? '', s.items, s.instructions ?? '', s.orderIds.join(' ')]),
  );
}

/** Consecutive runs of items with the same key (the input is already sorted by it). */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): [K, T[]][] {
  const groups: [K, T[]][] = [];
  for (const item of items) {
    const k = keyOf(item);
    const last = groups[groups.length - 1];
    if (last && last[0] === k) last[1].push(item);
    else groups.push([k, [item]]);
  }
  return groups;
}
