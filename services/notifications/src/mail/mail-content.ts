import {
  formatCents,
  type Invoice,
  type MailKind,
  type Order,
  type OrderAmendedEvent,
  orderNumberOf,
  type OrderStatus,
  parseAmount,
  PASSWORD_RESET_PATH,
  type PasswordLinkIssuedEvent,
  SKIP_DELIVERY_PATH,
  type StandingDeliveryPreviewEvent,
} from '@bakery/contracts';
import { renderMail } from './templates';

/** What every mail needs besides its own data. */
export interface MailContext {
  bakeryName: string;
  /** the web app's base URL, without a trailing slash (PUBLIC_URL) */
  publicUrl: string;
  /** the bakery's time zone (cut-offs and expiries are shown in it) */
  timeZone: string;
}

export interface ComposedMail {
  kind: MailKind;
  subject: string;
  html: string;
  text: string;
  /** a file sent with it (a status mail's invoice or credit note) */
  attachment?: MailAttachment | null;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
}

/** An order as its mails show it: money with 2 decimals, dates written out, people's text as it is (the templates escape it). */
export interface OrderView {
  number: string;
  customerName: string | null;
  customerEmail: string;
  customerPhone: string | null;
  standingOrder: boolean;
  items: { name: string; quantity: number; unitPrice: string; lineTotal: string; shortfall: number }[];
  shortfalls: { name: string; units: number }[];
  subtotal: string;
  deliveryFee: string;
  tax: string;
  total: string;
  deliveryDate: string | null;
  slot: string | null;
  instructions: string | null;
  changeableUntil: string | null;
}

/** "66.75" → "$66.75" (always 2 decimals, no grouping). */
export function money(amount: string): string {
  try {
    return `$${formatCents(parseAmount(amount))}`;
  } catch {
    return amount;
  }
}

/** "2026-12-02" → "Wednesday, December 2, 2026" (a calendar date: no time zone). */
export function longDate(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(at);
}

/** An instant as the bakery's clock shows it: "Tue, Dec 1, 2026, 2:00 PM UTC". */
export function bakeryTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

/** A subject is one header line: people's text in it (a business name) cannot add another. */
export function subjectLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 250);
}

export function orderView(order: Order, timeZone: string): OrderView {
  return {
    number: orderNumberOf(order.id),
    customerName: order.customer.businessName,
    customerEmail: order.customer.email,
    customerPhone: order.customer.phone,
    standingOrder: order.standingOrderId !== null,
    items: order.orderItems.map((item) => ({
      name: item.product.name,
      quantity: item.quantity,
      unitPrice: money(item.unitPrice),
      lineTotal: money(item.totalPrice),
      shortfall: item.shortfall ?? 0,
    })),
    shortfalls: order.orderItems.filter((item) => (item.shortfall ?? 0) > 0).map((item) => ({ name: item.product.name, units: item.shortfall })),
    subtotal: money(order.subtotal),
    deliveryFee: money(order.deliveryFee),
    tax: money(order.tax),
    total: money(order.total),
    deliveryDate: order.deliveryDate ? longDate(order.deliveryDate) : null,
    slot: order.deliveryTimeSlot,
    instructions: order.specialInstructions,
    changeableUntil: order.cutoffAt ? bakeryTime(order.cutoffAt, timeZone) : null,
  };
}

/** The subject ends with the bakery's name unless it already names it. */
function compose(kind: MailKind, subject: string, ctx: MailContext, view: object, namesBakery = false): ComposedMail {
  const line = subjectLine(namesBakery ? subject : `${subject} - ${ctx.bakeryName}`);
  return { kind, subject: line, ...renderMail(kind, { ...view, subject: line, bakeryName: ctx.bakeryName }) };
}

/** The customer's orders page. */
function ordersUrl(ctx: MailContext): string {
  return `${ctx.publicUrl}/orders`;
}

export function confirmationMail(order: Order, ctx: MailContext): ComposedMail {
  const view = orderView(order, ctx.timeZone);
  const subject = view.shortfalls.length > 0 ? `Order #${view.number} received, some items short` : `Order #${view.number} received`;
  return compose('order_confirmation', subject, ctx, { order: view, ordersUrl: ordersUrl(ctx) });
}

const STATUS_WORDS: Partial<Record<OrderStatus, { headline: string; subject: string; message: string }>> = {
  confirmed: { headline: 'Your order is confirmed', subject: 'confirmed', message: 'is confirmed: the bakery will prepare it.' },
  in_transit: { headline: 'Your order is on its way', subject: 'is on its way', message: 'is on its way to you.' },
  delivered: { headline: 'Your order was delivered', subject: 'delivered', message: 'was delivered. Thank you!' },
  cancelled: { headline: 'Your order was cancelled', subject: 'cancelled', message: 'was cancelled. Nothing is charged for it.' },
};

/** The document a status mail names: a delivered order's invoice, a cancelled one's credit note (issue 18). */
export function statusDocumentKind(status: OrderStatus): Invoice['kind'] | null {
  return status === 'delivered' ? 'invoice' : status === 'cancelled' ? 'credit-note' : null;
}

/** Of the order's invoices and credit notes, the one a status mail is about (`statusDocumentKind`). */
export function statusDocument(status: OrderStatus, documents: readonly Invoice[]): Invoice | undefined {
  const kind = statusDocumentKind(status);
  return kind ? documents.find((d) => d.kind === kind) : undefined;
}

/**
 * null for a status customers are not mailed about (mail-rules.ts, statusMailWanted). `documents`:
 * the order's invoices and credit notes; the one the status calls for (`statusDocument`) is
 * named with its amount (the composer attaches its PDF), and the bakery's payment instructions on an invoice.
 */
export function statusMail(order: Order, status: OrderStatus, ctx: MailContext, documents: readonly Invoice[] = []): ComposedMail | null {
  const words = STATUS_WORDS[status];
  if (!words) return null;
  const view = orderView(order, ctx.timeZone);
  const document = statusDocument(status, documents);
  return compose('order_status', `Order #${view.number} ${words.subject}`, ctx, {
    order: view,
    headline: words.headline,
    message: words.message,
    ordersUrl: ordersUrl(ctx),
    document: document
      ? {
          label: document.kind === 'invoice' ? 'Invoice' : 'Credit note',
          number: document.number,
          // a credit note's amounts are negative: the mail says what it credits
          amount: money(document.total.replace(/^-/, '')),
          paymentInstructions: document.kind === 'invoice' && document.bakery.paymentInstructions ? document.bakery.paymentInstructions : null,
        }
      : null,
  });
}

/** The products an amendment names that the order no longer has (removed lines): their names are asked of catalog. */
export function productsMissingFrom(order: Order, event: OrderAmendedEvent): string[] {
  const known = new Set(order.orderItems.map((item) => item.productId));
  return [...new Set(event.lineChanges.map((line) => line.productId).filter((id) => !known.has(id)))];
}

/**
 * What an amendment changed, one line each ("Rye Loaf: 2 → 3", "Delivery date: ... → ..."), with
 * the order's names and `otherNames` for products it no longer has.
 */
export function amendmentChanges(event: OrderAmendedEvent, order: Order, otherNames: ReadonlyMap<string, string> = new Map()): string[] {
  const names = new Map([...otherNames, ...order.orderItems.map((item) => [item.productId, item.product.name] as const)]);
  const changes: string[] = [];
  for (const line of event.lineChanges) {
    const name = names.get(line.productId) ?? 'A product';
    if (line.before === 0) changes.push(`${name}: added, ${line.after}`);
    else if (line.after === 0) changes.push(`${name}: removed (was ${line.before})`);
    else changes.push(`${name}: ${line.before} → ${line.after}`);
  }
  if (event.changed.includes('deliveryDate')) {
    const date = (value: string | null | undefined) => (value ? longDate(value) : 'no date');
    changes.push(`Delivery date: ${date(event.previousDeliveryDate)} → ${date(event.deliveryDate)}`);
  }
  if (event.changed.includes('deliveryTimeSlot')) {
    changes.push(`Delivery slot: ${event.previousDeliveryTimeSlot ?? 'none'} → ${event.deliveryTimeSlot ?? 'none'}`);
  }
  if (event.changed.includes('specialInstructions')) changes.push('Delivery instructions updated');
  if (event.previousTotal !== event.total) changes.push(`Total: ${money(event.previousTotal)} → ${money(event.total)}`);
  return changes;
}

export function amendedMail(order: Order, event: OrderAmendedEvent, ctx: MailContext, otherNames?: ReadonlyMap<string, string>): ComposedMail {
  const view = orderView(order, ctx.timeZone);
  return compose('order_amended', `Order #${view.number} changed`, ctx, {
    order: view,
    changes: amendmentChanges(event, order, otherNames),
    ordersUrl: ordersUrl(ctx),
  });
}

export function adminNewOrderMail(order: Order, ctx: MailContext): ComposedMail {
  const view = orderView(order, ctx.timeZone);
  const customerLabel = view.customerName ?? view.customerEmail;
  return compose('admin_new_order', `New order #${view.number} from ${customerLabel}`, ctx, {
    order: view,
    customerLabel,
    adminOrderUrl: `${ctx.publicUrl}/admin/orders?q=${encodeURIComponent(view.number)}`,
  });
}

/** The link of a password reset or welcome mail: `<PUBLIC_URL>/reset-password?token=...`. */
export function passwordLinkUrl(publicUrl: string, token: string, purpose: PasswordLinkIssuedEvent['purpose']): string {
  const query = new URLSearchParams({ token });
  if (purpose === 'welcome') query.set('welcome', '1');
  return `${publicUrl}${PASSWORD_RESET_PATH}?${query.toString()}`;
}

export function passwordLinkMail(event: PasswordLinkIssuedEvent, ctx: MailContext): ComposedMail {
  const view = {
    firstName: event.firstName ?? null,
    url: passwordLinkUrl(ctx.publicUrl, event.token, event.purpose),
    expiresAt: bakeryTime(event.expiresAt, ctx.timeZone),
  };
  return event.purpose === 'welcome'
    ? compose('welcome', `Welcome to ${ctx.bakeryName}: set your password`, ctx, view, true)
    : compose('password_reset', 'Reset your password', ctx, view);
}

/** Where a customer turns optional emails off: the Account page. */
function preferencesUrl(ctx: MailContext): string {
  return `${ctx.publicUrl}/account`;
}

/** The one-click skip link of a preview: `<PUBLIC_URL>/skip-delivery?token=...`. */
export function skipLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${SKIP_DELIVERY_PATH}?${new URLSearchParams({ token }).toString()}`;
}

/** A standing order's coming delivery, with what it will order (product names from catalog; a gone one is named so). */
export function standingPreviewMail(event: StandingDeliveryPreviewEvent, names: ReadonlyMap<string, string>, ctx: MailContext): ComposedMail {
  const date = longDate(event.deliveryDate);
  return compose('standing_order_preview', `Coming delivery on ${date}: ${event.standingOrderName}`, ctx, {
    name: event.standingOrderName,
    deliveryDate: date,
    slot: event.deliveryTimeSlot ?? null,
    cutoffAt: bakeryTime(event.cutoffAt, ctx.timeZone),
    lines: event.lines.map((line) => ({ name: names.get(line.productId) ?? 'A product no longer in the catalogue', quantity: line.quantity })),
    skipUrl: skipLinkUrl(ctx.publicUrl, event.skipToken),
    standingOrdersUrl: `${ctx.publicUrl}/standing-orders`,
    preferencesUrl: preferencesUrl(ctx),
  });
}

/** The next cut-off is near and the customer has nothing for that delivery. */
export function cutoffReminderMail(reminder: { deliveryDate: string; cutoffAt: string }, ctx: MailContext): ComposedMail {
  const date = longDate(reminder.deliveryDate);
  return compose('cutoff_reminder', `Orders for ${date} close at ${bakeryTime(reminder.cutoffAt, ctx.timeZone)}`, ctx, {
    deliveryDate: date,
    cutoffAt: bakeryTime(reminder.cutoffAt, ctx.timeZone),
    shopUrl: `${ctx.publicUrl}/products`,
    preferencesUrl: preferencesUrl(ctx),
  });
}
