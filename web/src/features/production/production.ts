/** What the production screens write: batches, changes since the last print, categories, the default date. */
import { addDays } from '@contracts/calendar';
import type { CalendarDay } from '@contracts/delivery-rules';
import { clockTime, dateIn, shortDate } from '@/lib/bakery-time';
import type { BakeListChange, BakeListProduct, Batches, Paper } from './api/production';

/** "3 batches of 48, 12 spare"; "1 batch of 48" when nothing is over. */
export function batchesText({ batchSize, count, spare }: Batches): string {
  const batches = `${count} ${count === 1 ? 'batch' : 'batches'} of ${batchSize}`;
  return spare > 0 ? `${batches}, ${spare} spare` : batches;
}

/** Placed and projected units together: what is baked. */
export const totalUnits = (p: Pick<BakeListProduct, 'quantity' | 'projectedQuantity'>): number => p.quantity + p.projectedQuantity;

export type ChangeKind = 'added' | 'removed' | 'changed';

export function changeKind(change: Pick<BakeListChange, 'before' | 'after'>): ChangeKind {
  if (change.before === 0) return 'added';
  if (change.after === 0) return 'removed';
  return 'changed';
}

export const CHANGE_LABELS: Record<ChangeKind, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

/** A customer as the documents name them: their business name, or a placeholder when they have none. */
export const customerName = (businessName: string | null | undefined): string => businessName?.trim() || 'Unnamed customer';

/** "12 × Baguette" (added or removed), "Baguette: 12 → 18" (changed). */
export function changeText(change: BakeListChange): string {
  switch (changeKind(change)) {
    case 'added':
      return `${change.after} × ${change.name}`;
    case 'removed':
      return `${change.before} × ${change.name}`;
    default:
      return `${change.name}: ${change.before} → ${change.after}`;
  }
}

/** "breads" → "Breads"; none → "Uncategorized". */
export function categoryLabel(category: string | null | undefined): string {
  const text = category?.trim() ?? '';
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Uncategorized';
}

/** Rows grouped by category, in the server's order (category, then name). */
export function groupByCategory<T extends { category: string | null }>(rows: readonly T[]): { category: string; label: string; rows: T[] }[] {
  const groups: { category: string; label: string; rows: T[] }[] = [];
  for (const row of rows) {
    const category = row.category ?? '';
    const last = groups[groups.length - 1];
    if (last && last.category === category) last.rows.push(row);
    else groups.push({ category, label: categoryLabel(row.category), rows: [row] });
  }
  return groups;
}

/**
 * The next delivery date after `today`: the first of `days` (the bakery's calendar from tomorrow)
 * that delivers at all, whether or not its cut-off has passed (the bake list is for the baker,
 * not for ordering); tomorrow when none is known.
 */
export function nextDeliveryDate(days: readonly Pick<CalendarDay, 'date' | 'reason'>[], today: string): string {
  const next = days.find((d) => d.date > today && d.reason !== 'closed_weekday' && d.reason !== 'closure');
  return next?.date ?? addDays(today, 1);
}

/** A run sheet's or packing slip's slot heading. */
export const slotLabel = (slot: string | null): string => slot ?? 'No time slot';

export const PAPER_LABELS: Record<Paper, string> = { a4: 'A4', letter: 'Letter' };

const PAPER_STORAGE_KEY = 'bakery.production.paper';

/** The paper last chosen on this browser (A4 until one is). */
export function storedPaper(): Paper {
  try {
    return window.localStorage.getItem(PAPER_STORAGE_KEY) === 'letter' ? 'letter' : 'a4';
  } catch {
    return 'a4';
  }
}

export function storePaper(paper: Paper): void {
  try {
    window.localStorage.setItem(PAPER_STORAGE_KEY, paper);
  } catch {
    // private mode or full storage: the choice lasts as long as the page
  }
}

/**
 * Starts a file download from the API (same origin: the session cookie goes along) as a click on a
 * link with `download` would: for a download that must wait for something first (recording a print).
 */
export function startDownload(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** "Tue 24 Nov, 9:30 PM": when something happened, by the bakery's clock. */
export function happenedAt(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${shortDate(dateIn(at, timeZone))}, ${clockTime(at, timeZone)}`;
}
