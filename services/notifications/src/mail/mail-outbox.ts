import { Injectable } from '@nestjs/common';
import {
  ListMailRequest,
  type MailKind,
  type MailPage,
  type MailRecord,
  type MailStatus,
  PAGE_CURSOR_TIME_FORMAT,
  PAGE_LIMIT_DEFAULT,
} from '@bakery/contracts';
import type { EventTransaction } from '@bakery/event-bus';
import { DataSource } from 'typeorm';
import { MailWorker } from './mail-worker';

/** A mail to write: which event it comes from and what the worker needs to compose it. */
export interface OutboxMail {
  eventId: string;
  kind: MailKind;
  /** unknown yet for a customer's mail: it comes with their order */
  recipient?: string | null;
  orderId?: string | null;
  customerId?: string | null;
  data?: Record<string, unknown>;
  /** its body holds a secret (a password link): blanked once sent or failed */
  sensitive?: boolean;
}

interface MailRow {
  id: string;
  kind: MailKind;
  recipient: string | null;
  subject: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  event_id: string;
  order_id: string | null;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
  cursor_at: string;
}

/** The mail outbox: rows written in the event's transaction, and the admins' view of them. */
@Injectable()
export class MailOutbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly worker: MailWorker,
  ) {}

  /**
   * Adds a mail in the caller's (the event handler's) transaction; one that this event already
   * has of this kind (one recipient each) is not added again. The worker is woken once it commits.
   */
  async add(tx: EventTransaction, mail: OutboxMail): Promise<void> {
    await tx.manager.query(
      `INSERT INTO mail_outbox (event_id, kind, recipient, order_id, customer_id, data, sensitive)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (event_id, kind) DO NOTHING`,
      [mail.eventId, mail.kind, mail.recipient ?? null, mail.orderId ?? null, mail.customerId ?? null, JSON.stringify(mail.data ?? {}), mail.sensitive ?? false],
    );
    tx.afterCommit(() => this.worker.kick());
  }

  /** A page of mails, newest first (keyset on created_at, id), all or one status. */
  async list(req: ListMailRequest): Promise<MailPage> {
    const limit = req.limit ?? PAGE_LIMIT_DEFAULT;
    const where: string[] = [];
    const params: unknown[] = [];
    if (req.status) {
      params.push(req.status);
      where.push(`status = $${params.length}`);
    }
    if (req.after) {
      params.push(req.after.createdAt, req.after.id);
      where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    const sqlWhere = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    params.push(limit + 1);
    const rows: MailRow[] = await this.dataSource.query(
      `SELECT id, kind, recipient, subject, status, attempts, last_error, event_id, order_id, created_at, sent_at, next_attempt_at,
              to_char(created_at AT TIME ZONE 'UTC', '${PAGE_CURSOR_TIME_FORMAT}') AS cursor_at
         FROM mail_outbox ${sqlWhere}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const next = rows.length > limit && last ? { createdAt: last.cursor_at, id: last.id } : null;
    const result: MailPage = { mails: page.map(toRecord), next };
    if (req.withTotal) {
      const [{ n }]: { n: number }[] = await this.dataSource.query(
        `SELECT count(*)::int AS n FROM mail_outbox ${req.status ? 'WHERE status = $1' : ''}`,
        req.status ? [req.status] : [],
      );
      result.total = n;
    }
    return result;
  }
}

function toRecord(row: MailRow): MailRecord {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    eventId: row.event_id,
    orderId: row.order_id,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at ? row.sent_at.toISOString() : null,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  };
}
