import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { MailKind } from '@bakery/contracts';
import { emailCounters, Metrics, PeriodicTask, type Logger, type ServiceConfig } from '@bakery/platform';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@bakery/service-kit';
import { DataSource } from 'typeorm';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { type ComposedFor, MailComposer, UnsendableMail } from './mail-composer';
import { afterAttempt, type AttemptFailure, type RetryPolicy, type SendError, sendFailure } from './mail-rules';
import { MAIL_CONCURRENCY, type MailTransport, mailTransportFor } from './mail-transport';

/** How often each instance looks for due mail besides being woken by a new one (retries come due this way). */
const POLL_MS = 1000;
/** Sent mails older than the event retention are deleted this many per statement. */
const PRUNE_BATCH = 1000;

interface DueRow {
  id: string;
  kind: MailKind;
  recipient: string | null;
  order_id: string | null;
  customer_id: string | null;
  data: Record<string, unknown>;
  subject: string | null;
  html: string | null;
  text_body: string | null;
  attachment_name: string | null;
  attachment: Buffer | null;
  attempts: number;
  created_at: Date;
}

type SendResult = 'none' | 'sent' | 'failed' | 'retry' | 'server-down';

/**
 * Composes and sends the mail outbox. Each mail is taken in a transaction of its own with `FOR
 * UPDATE SKIP LOCKED` and its row stays locked while it is composed (before its first attempt:
 * mail-composer.ts; kept for the next ones), sent and its outcome written, so any number of
 * instances (and the MAIL_CONCURRENCY senders of each) never send one mail at the same time, and a
 * sender that dies lets go of it at once (Postgres ends its transaction with its connection). A
 * failure is retried with backoff (mail-rules.ts): a 5xx answer or MAIL_MAX_ATTEMPTS failures mark
 * it failed, for the admins to see (GET /api/admin/mail?status=failed). When the server is away,
 * the round stops after the first failure instead of trying every due mail against it.
 *
 * Exactly once holds but for one window: a crash after the server accepted a mail and before its
 * row says so sends it again on the next attempt (SMTP has no idempotency); the Message-ID is the
 * row's id, so it is the same message.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly transport: MailTransport;
  private readonly policy: RetryPolicy;
  private readonly poll: PeriodicTask;
  private readonly prune: PeriodicTask;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** bakery_emails_sent_total / bakery_emails_failed_total */
  private readonly emails: ReturnType<typeof emailCounters>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly composer: MailComposer,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(SERVICE_CONFIG) private readonly service: ServiceConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.emails = emailCounters(metrics);
    this.transport = mailTransportFor(config.smtpUrl, config.mailDir);
    this.policy = { maxAttempts: config.mailMaxAttempts, baseMs: config.mailRetryBaseMs, maxMs: config.mailRetryMaxMs };
    this.poll = new PeriodicTask(POLL_MS, () => this.drain(), (err) => logger.warn({ err }, 'sending mail failed; will retry'));
    this.prune = new PeriodicTask(service.eventPruneIntervalSeconds * 1000, () => this.pruneSent(), (err) =>
      logger.warn({ err }, 'pruning sent mail failed; will retry'),
    );
  }

  /** Where this instance sends mail ("SMTP smtp://host:port" or ".eml files in <dir>"). */
  get destination(): string {
    return this.transport.destination;
  }

  onApplicationBootstrap(): void {
    this.logger.info({ destination: this.transport.destination }, `mail goes to ${this.transport.destination}`);
    this.poll.start();
    this.prune.start();
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await Promise.all([this.poll.stop(), this.prune.stop()]);
    await this.draining?.catch(() => undefined);
    this.transport.close();
  }

  /** A new mail was committed: send it now rather than at the next poll. */
  kick(): void {
    this.drain().catch((err) => this.logger.warn({ err }, 'sending mail failed; will retry'));
  }

  /** Sends every due mail; a call while a round runs asks for one more round after it (and waits for it). */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    const run = async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again && !this.stopped);
      } finally {
        this.draining = null;
      }
    };
    this.draining = run();
    return this.draining;
  }

  private async round(): Promise<void> {
    const server = { down: false };
    const sender = async () => {
      while (!this.stopped && !server.down) {
        const result = await this.sendOne();
        if (result === 'none') return;
        if (result === 'server-down') server.down = true;
      }
    };
    await Promise.all(Array.from({ length: MAIL_CONCURRENCY }, sender));
  }

  /**
   * Takes one due mail, composes it if it is not yet (kept, so every attempt sends the same
   * message), sends it and writes the outcome, in one transaction.
   */
  async sendOne(): Promise<SendResult> {
    return this.dataSource.transaction(async (manager) => {
      const [row]: DueRow[] = await manager.query(
        `SELECT id, kind, recipient, order_id, customer_id, data, subject, html, text_body, attachment_name, attachment, attempts, created_at
           FROM mail_outbox
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED`,
      );
      if (!row) return 'none';
      const { mail, failure } = await this.attempt(row);
      const attempts = row.attempts + 1;
      const outcome = afterAttempt(attempts, failure, this.policy);
      await manager.query(
        `UPDATE mail_outbox
            SET status = $2::varchar,
                attempts = $3,
                next_attempt_at = CASE WHEN $4::int IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $4::int / 1000.0) END,
                last_error = $5,
                sent_at = CASE WHEN $2::varchar = 'sent' THEN now() ELSE sent_at END,
                recipient = coalesce($6, recipient),
                subject = coalesce($7, subject),
                html = CASE WHEN sensitive AND $2::varchar <> 'pending' THEN '' ELSE coalesce($8, html) END,
                text_body = CASE WHEN sensitive AND $2::varchar <> 'pending' THEN '' ELSE coalesce($9, text_body) END,
                data = CASE WHEN sensitive AND $2::varchar <> 'pending' THEN '{}'::jsonb ELSE data END,
                attachment_name = coalesce($10, attachment_name),
                -- kept for the next attempts only
                attachment = CASE WHEN $2::varchar <> 'pending' THEN NULL ELSE coalesce($11, attachment) END
          WHERE id = $1`,
        [
          row.id,
          outcome.status,
          attempts,
          outcome.retryInMs,
          outcome.lastError,
          mail?.recipient ?? null,
          mail?.subject ?? null,
          mail?.html ?? null,
          mail?.text ?? null,
          mail?.attachment?.filename ?? null,
          mail?.attachment?.content ?? null,
        ],
      );
      if (!failure) {
        this.emails.sent.inc();
        return 'sent';
      }
      const about = { mailId: row.id, kind: row.kind, attempts, error: outcome.lastError };
      if (outcome.status === 'failed') {
        this.logger.error(about, 'an email could not be sent and is marked failed');
        this.emails.failed.inc();
        return 'failed';
      }
      this.logger.warn({ ...about, retryInMs: outcome.retryInMs }, 'an email could not be sent yet; will retry');
      return failure.kind === 'server-down' ? 'server-down' : 'retry';
    });
  }

  /** One attempt: the mail composed (or as composed before) and sent; what went wrong, if anything. */
  private async attempt(row: DueRow): Promise<{ mail: ComposedFor | null; failure: AttemptFailure | null }> {
    let mail: ComposedFor | null = null;
    if (row.subject !== null && row.recipient !== null) {
      const attachment = row.attachment_name && row.attachment ? { filename: row.attachment_name, content: row.attachment } : null;
      mail = { kind: row.kind, recipient: row.recipient, subject: row.subject, html: row.html ?? '', text: row.text_body ?? '', attachment };
    } else {
      try {
        mail = await this.composer.compose({ kind: row.kind, recipient: row.recipient, orderId: row.order_id, customerId: row.customer_id, data: row.data });
      } catch (err) {
        const description = `could not compose the mail: ${err instanceof Error ? err.message : String(err)}`;
        return { mail: null, failure: { kind: err instanceof UnsendableMail ? 'permanent' : 'transient', description } };
      }
    }
    try {
      await this.transport.send({
        id: row.id,
        kind: row.kind,
        from: this.config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        createdAt: row.created_at,
        attachment: mail.attachment,
      });
      return { mail, failure: null };
    } catch (err) {
      return { mail, failure: sendFailure((err ?? {}) as SendError) };
    }
  }

  /** Sent mails are kept as long as handled events' ids (EVENT_RETENTION_DAYS); failed ones until someone looks. */
  private async pruneSent(): Promise<void> {
    for (;;) {
      const deleted: unknown[] = await this.dataSource.query(
        `WITH gone AS (
           DELETE FROM mail_outbox WHERE id IN (
             SELECT id FROM mail_outbox
              WHERE status = 'sent' AND sent_at < now() - make_interval(days => $1)
              LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING 1)
         SELECT 1 FROM gone`,
        [this.service.eventRetentionDays, PRUNE_BATCH],
      );
      if (deleted.length < PRUNE_BATCH || this.stopped) return;
    }
  }
}
