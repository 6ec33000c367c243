/**
 * The web app's side of "Order again" and "Change order" (issue 17): who may change an order now,
 * what the toast after Order again says, and what a change sends. The server decides; these only
 * decide what is offered and how it is worded.
 */
import { CART_LINE_MAX } from '@contracts/constants';
import { isFinalOrderStatus } from '@contracts/order-status';
import type { ReorderResult, SkippedLine } from '@contracts/order-changes';
import type { DeliveryTimeSlot, Order } from '@contracts/ordering';

/**
 * Whether "Change order" is offered: a customer's pending order until its cut-off (`now`: the
 * server's clock, ms; an order without a date has none); for an admin any order not delivered or
 * cancelled. After the cut-off the server answers 409.
 */
export function mayChangeOrder(order: Pick<Order, 'status' | 'cutoffAt'>, role: 'customer' | 'admin', now: number): boolean {
  if (role === 'admin') return !isFinalOrderStatus(order.status);
  if (order.status !== 'pending') return false;
  return order.cutoffAt === null || now < Date.parse(order.cutoffAt);
}

/** Why a product was left out (or cut short), in a customer's words. */
export function skippedText(line: Pick<SkippedLine, 'name' | 'reason' | 'missing'>): string {
  switch (line.reason) {
    case 'unavailable':
      return `${line.name}: no longer available`;
    case 'out_of_stock':
      return `${line.name}: out of stock`;
    case 'stock_limit':
      return `${line.name}: ${line.missing} fewer, not enough in stock`;
    case 'line_limit':
      return `${line.name}: ${line.missing} fewer, a cart line holds at most ${CART_LINE_MAX}`;
  }
}

/** The toast after "Order again": what went into the cart, and what was left out and why. */
export function reorderToast(result: ReorderResult): { title: string; description: string; variant: 'default' | 'destructive' } {
  const added = result.added.map((l) => `${l.name} × ${l.quantity}`).join(', ');
  const left = result.skipped.map(skippedText).join('; ');
  if (result.added.length === 0) {
    return { title: 'Nothing was added to your cart', description: left || 'This order has no products to add.', variant: 'destructive' };
  }
  if (result.skipped.length === 0) return { title: 'Added to your cart', description: added, variant: 'default' };
  return { title: 'Added to your cart, with changes', description: `Added: ${added}. Left out: ${left}.`, variant: 'default' };
}

export interface ChangeDraft {
  lines: { productId: string; quantity: number }[];
  deliveryDate: string | null;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string;
}

/**
 * The body of PATCH /api/orders/:id for what the dialog changed (nothing left out that changed,
 * nothing sent that did not): the lines when a product or quantity differs, the date, slot and
 * instructions (blank: none) when they differ. Empty: nothing to change.
 */
export function amendmentBody(
  order: Pick<Order, 'orderItems' | 'deliveryDate' | 'deliveryTimeSlot' | 'specialInstructions'>,
  draft: ChangeDraft,
): { lines?: ChangeDraft['lines']; deliveryDate?: string | null; deliveryTimeSlot?: DeliveryTimeSlot | null; specialInstructions?: string | null } {
  const body: ReturnType<typeof amendmentBody> = {};
  const before = new Map(order.orderItems.map((i) => [i.productId, i.quantity]));
  const sameLines = draft.lines.length === before.size && draft.lines.every((l) => before.get(l.productId) === l.quantity);
  if (!sameLines) body.lines = draft.lines;
  if (draft.deliveryDate !== order.deliveryDate) body.deliveryDate = draft.deliveryDate;
  if (draft.deliveryTimeSlot !== order.deliveryTimeSlot) body.deliveryTimeSlot = draft.deliveryTimeSlot;
  const instructions = draft.specialInstructions.trim() || null;
  if (instructions !== (order.specialInstructions ?? null)) body.specialInstructions = instructions;
  return body;
}
