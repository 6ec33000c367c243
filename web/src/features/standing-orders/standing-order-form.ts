/**
 * The web app's side of a standing order (issue 17): the form's draft (delivery days, a quantity per
 * product per weekday), where it starts from (a blank form, the cart, a past order, a saved standing
 * order), the body it sends, and how a standing order is described on a card. The server decides
 * what is valid; its field messages are shown where they belong.
 */
import { CART_LINE_MAX, type DeliveryTimeSlot } from '@contracts/constants';
import { STANDING_ORDER_LIMITS } from '@contracts/standing-order-rules';
import type { StandingOrder } from '@contracts/standing-orders';
import type { StandingOrderInput } from './api/standing-orders';

/** How many standing orders a customer may have (the server answers 409 beyond it). */
export const STANDING_ORDERS_MAX = STANDING_ORDER_LIMITS.perCustomer;

export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WEEKDAY_LONG = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** The cadences a standing order can have (everyWeeks 1 to 4). */
export const CADENCE_OPTIONS = [1, 2, 3, 4].map((n) => ({ value: n, label: cadenceText(n) }));

/** "Every week", "Every 2 weeks". */
export function cadenceText(everyWeeks: number): string {
  return everyWeeks === 1 ? 'Every week' : `Every ${everyWeeks} weeks`;
}

export interface DraftLine {
  productId: string;
  name: string;
  /** Monday … Sunday; a day that is not a delivery day is sent as 0 */
  quantities: number[];
  /** what a newly chosen delivery day gets for this product: the last quantity typed, or what it started from */
  usual: number;
}

export interface StandingOrderDraft {
  name: string;
  startDate: string;
  endDate: string | null;
  everyWeeks: number;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string;
  /** the delivery days, Monday … Sunday */
  days: boolean[];
  lines: DraftLine[];
}

const clampQuantity = (n: number) => Math.min(CART_LINE_MAX, Math.max(0, Math.trunc(Number.isFinite(n) ? n : 0)));

/** A blank form: delivering from `startDate`, every week, no day chosen yet. */
export function blankDraft(startDate: string, name = ''): StandingOrderDraft {
  return { name, startDate, endDate: null, everyWeeks: 1, deliveryTimeSlot: null, specialInstructions: '', days: Array(7).fill(false), lines: [] };
}

/**
 * A form started from the cart or a past order: its products at their quantities, put on the
 * delivery days the customer then picks (none yet); products listed twice are added up.
 */
export function draftFromItems(
  items: readonly { productId: string; name: string; quantity: number }[],
  base: Pick<StandingOrderDraft, 'startDate' | 'name'> & Partial<Pick<StandingOrderDraft, 'deliveryTimeSlot' | 'specialInstructions'>>,
): StandingOrderDraft {
  const lines = new Map<string, DraftLine>();
  for (const item of items) {
    const known = lines.get(item.productId);
    const usual = clampQuantity((known?.usual ?? 0) + item.quantity);
    lines.set(item.productId, { productId: item.productId, name: item.name, quantities: Array(7).fill(0), usual });
  }
  return { ...blankDraft(base.startDate, base.name), deliveryTimeSlot: base.deliveryTimeSlot ?? null, specialInstructions: base.specialInstructions ?? '', lines: [...lines.values()] };
}

/** The quantity a line has most often on its delivery days (the larger on a tie); 1 without any. */
export function usualQuantity(quantities: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const q of quantities) if (q > 0) counts.set(q, (counts.get(q) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [q, n] of counts) if (n > bestCount || (n === bestCount && q > best)) [best, bestCount] = [q, n];
  return best || 1;
}

/** The form for a saved standing order: its delivery days are those with a quantity. */
export function draftFromStandingOrder(so: StandingOrder, nameOf: (productId: string) => string): StandingOrderDraft {
  const days = Array.from({ length: 7 }, (_, day) => so.lines.some((l) => (l.quantities[day] ?? 0) > 0));
  return {
    name: so.name,
    startDate: so.startDate,
    endDate: so.endDate,
    everyWeeks: so.everyWeeks,
    deliveryTimeSlot: so.deliveryTimeSlot,
    specialInstructions: so.specialInstructions ?? '',
    days,
    lines: so.lines.map((l) => ({
      productId: l.productId,
      name: nameOf(l.productId),
      quantities: Array.from({ length: 7 }, (_, day) => l.quantities[day] ?? 0),
      usual: usualQuantity(l.quantities),
    })),
  };
}

/** A day chosen: every product gets its usual quantity there (a quantity already there stays); a day dropped: none. */
export function toggleDay(draft: StandingOrderDraft, day: number, on: boolean): StandingOrderDraft {
  const days = draft.days.map((d, i) => (i === day ? on : d));
  const lines = draft.lines.map((l) => ({ ...l, quantities: l.quantities.map((q, i) => (i !== day ? q : on ? q || l.usual : 0)) }));
  return { ...draft, days, lines };
}

/** One product's quantity on one day; a quantity typed becomes the product's usual one. */
export function setQuantity(draft: StandingOrderDraft, productId: string, day: number, quantity: number): StandingOrderDraft {
  const q = clampQuantity(quantity);
  return {
    ...draft,
    lines: draft.lines.map((l) =>
      l.productId === productId ? { ...l, quantities: l.quantities.map((old, i) => (i === day ? q : old)), usual: q > 0 ? q : l.usual } : l,
    ),
  };
}

/** A product added: its usual quantity (1) on every delivery day chosen so far. */
export function addProduct(draft: StandingOrderDraft, product: { id: string; name: string }): StandingOrderDraft {
  if (draft.lines.some((l) => l.productId === product.id)) return draft;
  const line: DraftLine = { productId: product.id, name: product.name, quantities: draft.days.map((on) => (on ? 1 : 0)), usual: 1 };
  return { ...draft, lines: [...draft.lines, line] };
}

export function removeProduct(draft: StandingOrderDraft, productId: string): StandingOrderDraft {
  return { ...draft, lines: draft.lines.filter((l) => l.productId !== productId) };
}

/**
 * What POST or PUT /api/standing-orders gets, and which product each line sent is (the server's
 * field messages name lines by their index: `lines.2.quantities`). Days that are not delivery
 * days are sent as 0; a product with nothing on any day is left out, unless no product has
 * anything (then the server says a quantity is needed).
 */
export function standingOrderBody(draft: StandingOrderDraft, customerId?: string): { body: StandingOrderInput; sentLines: DraftLine[] } {
  const masked = draft.lines.map((l) => ({ ...l, quantities: l.quantities.map((q, day) => (draft.days[day] ? q : 0)) }));
  const ordering = masked.filter((l) => l.quantities.some((q) => q > 0));
  const sentLines = ordering.length > 0 ? ordering : masked;
  return {
    body: {
      name: draft.name.trim(),
      startDate: draft.startDate,
      endDate: draft.endDate,
      everyWeeks: draft.everyWeeks,
      deliveryTimeSlot: draft.deliveryTimeSlot,
      specialInstructions: draft.specialInstructions.trim() || null,
      lines: sentLines.map((l) => ({ productId: l.productId, quantities: l.quantities })),
      ...(customerId ? { customerId } : {}),
    },
    sentLines,
  };
}

/** The server's 400 field messages, sorted: the form's own fields, and per product (by the index sent). */
export interface FormErrors {
  fields: Record<string, string>;
  /** messages about the products as a whole ("A standing order needs a quantity on at least one day") */
  lines: string[];
  byProduct: Record<string, string>;
}

export function formErrorsFrom(errors: Record<string, string[]> | undefined, sentLines: readonly Pick<DraftLine, 'productId'>[]): FormErrors {
  const out: FormErrors = { fields: {}, lines: [], byProduct: {} };
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    const line = /^lines\.(\d+)(?:\.|$)/.exec(field);
    const productId = line ? sentLines[Number(line[1])]?.productId : undefined;
    if (productId) out.byProduct[productId] ??= message;
    else if (field === 'lines' || field.startsWith('lines.')) out.lines.push(message);
    else out.fields[field] = message;
  }
  return out;
}

/**
 * A product's quantities as the cards write them: runs of days with the same quantity,
 * "20 Mon–Fri, 30 Sat"; days without a delivery left out.
 */
export function quantitiesText(quantities: readonly number[]): string {
  const parts: string[] = [];
  for (let day = 0; day < 7; ) {
    const q = quantities[day] ?? 0;
    let end = day;
    while (end + 1 < 7 && (quantities[end + 1] ?? 0) === q) end++;
    if (q > 0) parts.push(`${q} ${end === day ? WEEKDAY_SHORT[day] : `${WEEKDAY_SHORT[day]}–${WEEKDAY_SHORT[end]}`}`);
    day = end + 1;
  }
  return parts.join(', ');
}

/** The days a standing order delivers on, "Mon, Tue, Wed, Thu, Fri". */
export function deliveryDaysText(lines: readonly { quantities: readonly number[] }[]): string {
  const days = WEEKDAY_SHORT.filter((_, day) => lines.some((l) => (l.quantities[day] ?? 0) > 0));
  return days.length > 0 ? days.join(', ') : 'No delivery days';
}

/** What a standing order's status tag says, and its colour (`today`: the bakery's date). */
export function statusText(so: Pick<StandingOrder, 'status' | 'pausedUntil' | 'endDate'>, today: string | null, shortDate: (d: string) => string): { label: string; color: string } {
  if (so.endDate !== null && today !== null && so.endDate < today) return { label: 'Ended', color: 'default' };
  // pausedUntil is the day deliveries start again
  if (so.status === 'paused') return { label: so.pausedUntil ? `Paused, resumes ${shortDate(so.pausedUntil)}` : 'Paused until resumed', color: 'orange' };
  return { label: 'Active', color: 'green' };
}
