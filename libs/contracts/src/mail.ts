import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { PageAfterField, PageCursor, PageCursorField, PageLimitField, PageSizeField } from './paging';

/**
 * Email (issue 20). The notifications service writes each mail as a row of its own outbox
 * (`mail_outbox`: kind, the event it came from, recipient; one per event and kind, each kind having
 * one recipient) in the transaction that handles the event, and a worker composes and sends it with
 * retries. Admins see the mail
 * that could not be sent: GET /api/admin/mail?status=failed (notifications.mail.list).
 */
export const MailPatterns = {
  /** ListMailRequest → MailPage: newest first, optionally one status */
  list: 'notifications.mail.list',
} as const;

/** Where mail goes without SMTP_URL (relative to the working directory: the repository for `npm start`). */
export const DEFAULT_MAIL_DIR = 'data/mail';
export const DEFAULT_MAIL_FROM = 'Bakery <orders@bakery.local>';

export const MAIL_KINDS = [
  /** an order was placed (a checkout or a standing order's delivery, with its shortfalls) */
  'order_confirmation',
  /** the order became confirmed, in transit, delivered or cancelled */
  'order_status',
  /** the order's lines, date, slot or instructions changed */
  'order_amended',
  /** to ADMIN_ORDER_EMAIL, for every new order */
  'admin_new_order',
  'password_reset',
  /** an admin-created customer's link to set their own password */
  'welcome',
  /** a standing order's coming delivery, with a one-click skip link (./standing-previews) */
  'standing_order_preview',
  /** the next cut-off is near and the customer has no order for it (opt-in) */
  'cutoff_reminder',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** pending: waiting for (another) attempt; sent; failed: refused for good (a 5xx) or out of attempts. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What an admin sees of one mail (never its body: a reset mail's body holds a live link). */
export interface MailRecord {
  id: string;
  kind: MailKind;
  /** null until the mail is composed (before its first attempt): a customer's address comes with their order */
  recipient: string | null;
  subject: string | null;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** the event the mail came from */
  eventId: string;
  orderId: string | null;
  createdAt: string;
  sentAt: string | null;
  /** when a pending mail is tried next */
  nextAttemptAt: string | null;
}

export interface MailPage {
  mails: MailRecord[];
  next: PageCursor | null;
  total?: number;
}

export const MailMessages = {
  status: `status must be one of ${MAIL_STATUSES.join(', ')}`,
} as const;

/** GET /api/admin/mail?status=&limit=&cursor= */
export class ListMailQuery {
  @IsOptional()
  @IsIn(MAIL_STATUSES, { message: MailMessages.status })
  status?: MailStatus;

  @PageLimitField()
  limit?: number;

  @PageCursorField()
  cursor?: string;
}

/** notifications.mail.list */
export class ListMailRequest {
  @IsOptional()
  @IsIn(MAIL_STATUSES)
  status?: MailStatus;

  @PageAfterField()
  after?: PageCursor | null;

  @PageSizeField()
  limit?: number;

  @IsOptional()
  @IsBoolean()
  withTotal?: boolean;
}

/** The order number customers see: the last 8 characters of its id, upper-case. */
export function orderNumberOf(orderId: string): string {
  return orderId.slice(-8).toUpperCase();
}
