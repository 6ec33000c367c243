import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  AppError,
  dueOccurrencesOn,
  type Occurrence,
  occurrenceOn,
  OrderingEvents,
  previewDates,
  SCHEDULE_LIMITS,
  type SkipLinkDelivery,
  SkipLinkMessages,
  type StandingDeliveryPreviewEvent,
  StandingOrderMessages,
  deliveryChangeable,
  ErrorCode,
} from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { PeriodicTask, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogClient } from '../catalog/catalog.client';
import { DeliveryScheduleService } from '../delivery/delivery-schedule.service';
import { CustomerTermsClient } from '../pricing/customer-terms.client';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';
import { STANDING_ORDER_COLUMNS, type StandingOrderRow, termsOf } from './standing-order.row';
import { StandingOrdersService } from './standing-orders.service';

/** Standing orders read per query while looking for deliveries to preview. */
const PAGE = 500;

/** A skip token's stored form: its SHA-256 in hex (the token itself is only in the mail). */
export function skipTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface PreviewRow {
  standingOrderId: string;
  deliveryDate: string;
  usedAt: Date | null;
  expiresAt: Date;
}

/**
 * Standing-order previews (issue 20): every STANDING_ORDER_INTERVAL_SECONDS each instance looks
 * for deliveries whose cut-off is at most STANDING_PREVIEW_DAYS away (`previewDates`) and not yet
 * previewed, and for each writes a `standing_order_previews` row (the skip token's hash, expiring
 * at the cut-off) and `standing-delivery.preview` in one transaction. The row's key (standing
 * order, date) makes a preview once per delivery whatever the number of instances; a crash before
 * the commit leaves nothing, and the next sweep previews it. A customer on hold gets none while
 * held (the materializer would skip the delivery at its cut-off).
 *
 * The skip link: `use` skips that date as the customer's own skip does (standing_order_exceptions)
 * and marks the preview used, under the preview's row lock, so two clicks skip once and the second
 * is told the link was used; after the cut-off (as the schedule says now) it has expired.
 */
@Injectable()
export class StandingPreviews implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;
  private readonly previewDays: number;

  constructor(
    private readonly db: DataSource,
    private readonly delivery: DeliveryScheduleService,
    private readonly standingOrders: StandingOrdersService,
    private readonly catalog: CatalogClient,
    private readonly terms: CustomerTermsClient,
    private readonly bus: EventBus,
    @Inject(ORDERING_CONFIG) config: Pick<OrderingConfig, 'standingOrderIntervalSeconds' | 'standingPreviewDays'>,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.previewDays = config.standingPreviewDays;
    this.task = new PeriodicTask(config.standingOrderIntervalSeconds * 1000, () => this.run(), (err) =>
      logger.warn({ err }, 'standing order previews failed; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    if (this.previewDays > 0) this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Announces every delivery due for its preview that has none yet; answers how many it announced. */
  async run(): Promise<number> {
    const ctx = await this.delivery.context();
    const today = this.delivery.today();
    const dates = previewDates(today, SCHEDULE_LIMITS.leadDaysMax + this.previewDays + 1, this.previewDays, ctx);
    if (dates.length === 0) return 0;
    const first = dates[0].date;
    const last = dates[dates.length - 1].date;
    // whether each customer is on hold, asked once per sweep; a customer whose terms are not known
    // now (customers unreachable) gets no preview yet: a later sweep judges them again
    const customerTerms = this.terms.perSweep();
    const onHold = (customerId: string) => customerTerms(customerId).then((t) => t.onHold, () => true);
    let announced = 0;
    for (let after = '00000000-0000-0000-0000-000000000000'; !this.task.isStopped; ) {
      const rows: StandingOrderRow[] = await this.db.query(
        `SELECT ${STANDING_ORDER_COLUMNS} FROM standing_orders
          WHERE id > $1 AND start_date <= $2::date AND (end_date IS NULL OR end_date >= $3::date)
          ORDER BY id LIMIT ${PAGE}`,
        [after, last, first],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      const ids = rows.map((r) => r.id);
      const exceptions = await this.standingOrders.exceptionsOf(this.db.manager, ids, first, last);
      const previewed: { id: string; date: string }[] = await this.db.query(
        `SELECT standing_order_id AS id, to_char(delivery_date, 'YYYY-MM-DD') AS date FROM standing_order_previews
          WHERE standing_order_id = ANY($1::uuid[]) AND delivery_date BETWEEN $2::date AND $3::date`,
        [ids, first, last],
      );
      const done = new Set(previewed.map((p) => `${p.id}/${p.date}`));
      const due = rows.flatMap((row) =>
        dueOccurrencesOn(termsOf(row), exceptions.get(row.id) ?? [], dates)
          .filter((o) => !done.has(`${row.id}/${o.date}`))
          .map((occurrence) => ({ row, occurrence })),
      );
      // a customer on hold gets no preview (the delivery would be skipped at its cut-off); nothing
      // is written for it, so a hold lifted before the cut-off still gets the preview, late
      const held = await Promise.all(due.map(({ row }) => onHold(row.customerId)));
      const announceable = due.filter((_, i) => !held[i]);
      if (announceable.length > 0) announced += await this.announce(announceable);
      if (rows.length < PAGE) break;
    }
    return announced;
  }

  /** Writes the previews and their events in one transaction; a preview another instance wrote first is left to it. */
  private async announce(due: { row: StandingOrderRow; occurrence: Occurrence }[]): Promise<number> {
    return this.bus.inTransaction(async (tx) => {
      const tokens = due.map(() => randomBytes(32).toString('base64url'));
      const written: { id: string; date: string }[] = await tx.manager.query(
        `INSERT INTO standing_order_previews (standing_order_id, delivery_date, customer_id, token_hash, expires_at)
         SELECT p.id, p.date, p.customer, decode(p.hash, 'hex'), p.expires
           FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::text[], $5::timestamptz[]) AS p(id, date, customer, hash, expires)
         ON CONFLICT (standing_order_id, delivery_date) DO NOTHING
         RETURNING standing_order_id AS id, to_char(delivery_date, 'YYYY-MM-DD') AS date`,
        [
          due.map((d) => d.row.id),
          due.map((d) => d.occurrence.date),
          due.map((d) => d.row.customerId),
          tokens.map(skipTokenHash),
          due.map((d) => d.occurrence.cutoffAt.toISOString()),
        ],
      );
      const wrote = new Set(written.map((w) => `${w.id}/${w.date}`));
      for (const [i, { row, occurrence }] of due.entries()) {
        if (!wrote.has(`${row.id}/${occurrence.date}`)) continue;
        const event: StandingDeliveryPreviewEvent = {
          standingOrderId: row.id,
          customerId: row.customerId,
          standingOrderName: row.name,
          deliveryDate: occurrence.date,
          cutoffAt: occurrence.cutoffAt.toISOString(),
          deliveryTimeSlot: row.deliveryTimeSlot,
          lines: occurrence.lines,
          skipToken: tokens[i],
        };
        await tx.publish(OrderingEvents.standingDeliveryPreview, event);
      }
      return written.length;
    });
  }

  /** What a skip link would skip, refused as `use` would refuse it. */
  async check(token: string): Promise<SkipLinkDelivery> {
    return this.db.transaction(async (m) => {
      const { preview, row } = await this.usable(m, token, false);
      return this.describe(row, preview, false);
    });
  }

  /** Skips the link's delivery, once, until its cut-off. */
  async use(token: string): Promise<SkipLinkDelivery> {
    return this.db.transaction(async (m) => {
      const { preview, row } = await this.usable(m, token, true);
      await m.query(
        `INSERT INTO standing_order_exceptions (standing_order_id, delivery_date, skip, lines) VALUES ($1, $2, true, NULL)
         ON CONFLICT (standing_order_id, delivery_date) DO UPDATE SET skip = true`,
        [preview.standingOrderId, preview.deliveryDate],
      );
      await m.query(`UPDATE standing_order_previews SET used_at = now() WHERE standing_order_id = $1 AND delivery_date = $2`, [
        preview.standingOrderId,
        preview.deliveryDate,
      ]);
      this.logger.info({ standingOrderId: preview.standingOrderId, deliveryDate: preview.deliveryDate }, 'standing order delivery skipped by its email link');
      return this.describe(row, preview, true);
    });
  }

  /**
   * The link's preview and standing order, locked, if the link can still skip: known (400 if not, without field errors: the form was right),
   * not used (409), and the delivery still planned and before its cut-off as the schedule says now
   * (409). A delivery the customer already skipped in the app is answered as skipped.
   */
  private async usable(m: EntityManager, token: string, forUpdate: boolean) {
    const lock = forUpdate ? 'FOR UPDATE' : '';
    const [preview]: PreviewRow[] = await m.query(
      `SELECT standing_order_id AS "standingOrderId", to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate", used_at AS "usedAt", expires_at AS "expiresAt"
         FROM standing_order_previews WHERE token_hash = decode($1, 'hex') ${lock}`,
      [skipTokenHash(token)],
    );
    // a 400 about the state of things (never issued), not the request's form: no field errors
    if (!preview) throw new AppError(ErrorCode.ValidationFailed, SkipLinkMessages.invalid);
    if (preview.usedAt) throw AppError.conflict(SkipLinkMessages.used);
    // the standing order's row lock: the link, the customer's own change and a sweep take turns
    const [row]: StandingOrderRow[] = await m.query(`SELECT ${STANDING_ORDER_COLUMNS} FROM standing_orders WHERE id = $1 ${lock}`, [preview.standingOrderId]);
    const ctx = await this.delivery.context();
    if (!row || ctx.now.getTime() >= preview.expiresAt.getTime()) throw AppError.conflict(SkipLinkMessages.expired);
    const exceptions = (await this.standingOrders.exceptionsOf(m, [row.id], preview.deliveryDate, preview.deliveryDate)).get(row.id) ?? [];
    const occurrence = occurrenceOn(termsOf(row), exceptions, preview.deliveryDate, ctx);
    if (!occurrence) throw AppError.conflict(StandingOrderMessages.notADelivery);
    if (!deliveryChangeable(occurrence, ctx.now)) throw AppError.conflict(SkipLinkMessages.expired);
    return { preview: { ...preview, occurrence }, row };
  }

  private async describe(row: StandingOrderRow, preview: PreviewRow & { occurrence: Occurrence }, justSkipped: boolean): Promise<SkipLinkDelivery> {
    const products = await this.catalog.products(preview.occurrence.lines.map((l) => l.productId)).catch(() => new Map());
    const skipped = justSkipped || preview.occurrence.skipped;
    return {
      standingOrderName: row.name,
      deliveryDate: preview.deliveryDate,
      cutoffAt: preview.occurrence.cutoffAt.toISOString(),
      deliveryTimeSlot: row.deliveryTimeSlot,
      lines: preview.occurrence.lines.map((l) => ({ productId: l.productId, name: products.get(l.productId)?.name ?? 'A product no longer in the catalogue', quantity: l.quantity })),
      skipped,
      message: skipped ? SkipLinkMessages.skipped : null,
    };
  }
}
