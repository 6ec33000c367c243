import { Inject, Injectable } from '@nestjs/common';
import {
  AdjustStockResponse,
  AppError,
  CatalogMessages,
  OrderChangeMessages,
  ReleaseStockResponse,
  ReserveAvailableResponse,
  ReservedLine,
  ReserveStockResponse,
} from '@bakery/contracts';
import { EventBus, type EventTransaction } from '@bakery/event-bus';
import { Metrics, type Counter, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { DataSource } from 'typeorm';
import { CATALOG_CONFIG, CatalogConfig } from '../catalog.config';
import type { StockState } from '../domain/alerts';
import { liveProductSql } from '../domain/products';
import {
  mergeLines,
  namedLines,
  planAdjustment,
  planAvailable,
  planReservation,
  RequestedLine,
  ReservationPlan,
  sameLines,
  shortfallsOf,
  StockDelta,
  stockDeltas,
  StockRow,
} from '../domain/reservation';
import { AlertsService, OPEN_ALERT_OF_P, OpenAlert } from '../inventory/alerts.service';
import type { AmendmentState, ReservationStatus } from './stock-reservation.entity';

/** A reservation as an adjustment reads it (locked). */
interface HeldReservation {
  status: ReservationStatus;
  lines: ReservedLine[];
  amendmentId: string | null;
  amendmentState: AmendmentState | null;
  amendmentPreviousLines: ReservedLine[] | null;
}
const HELD_RESERVATION_COLUMNS = `status, lines, amendment_id AS "amendmentId", amendment_state AS "amendmentState",
  amendment_previous_lines AS "amendmentPreviousLines"`;

const STOCK_ROW_COLUMNS = `id, name, price, stock, is_active AS "isActive", review_status AS "reviewStatus"`;
const CHANGED_STOCK_COLUMNS = `id, name, stock, low_stock_threshold AS "lowStockThreshold", review_status AS "reviewStatus"`;
const CHANGED_STOCK_COLUMNS_OF_P = `p.id, p.name, p.stock, p.low_stock_threshold AS "lowStockThreshold", p.review_status AS "reviewStatus"`;

/**
 * Stock held for orders. Every transaction here locks the reservation row first, then product rows
 * in product id order, so reservations, releases and the sweeper never deadlock one another.
 */
@Injectable()
export class StockService {
  private readonly refusals: Counter<'reason' | 'operation'>;

  constructor(
    private readonly bus: EventBus,
    private readonly dataSource: DataSource,
    private readonly alerts: AlertsService,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
    metrics: Metrics,
  ) {
    this.refusals = metrics.counter(
      'bakery_stock_reservations_refused_total',
      'Reservations (an order placed) and adjustments (an order changed) refused: short of stock, a product not live, or gone',
      ['reason', 'operation'],
    );
  }

  /** The refusal of a plan that failed, counted (a rolled-back attempt counts too: it was refused). */
  private refused(plan: Exclude<ReservationPlan, { ok: true }>, operation: 'reserve' | 'adjust'): AppError {
    this.refusals.inc({ reason: plan.reason, operation });
    return reservationError(plan);
  }

  /**
   * Takes stock for every line of an order, or nothing. While the reservation holds, a repeat with
   * the same order id answers what the first call answered and takes nothing more; once released
   * (order write failed, TTL ran out, order cancelled), a reserve for the same id reserves afresh,
   * so ordering can retry a placement under the same idempotency key.
   */
  async reserve(orderId: string, requested: RequestedLine[]): Promise<ReserveStockResponse> {
    const refusal = await this.refusalWithoutLocks(orderId, requested);
    if (refusal) throw this.refused(refusal, 'reserve');
    return this.take(
      orderId,
      requested,
      (lines, rows) => {
        const plan = planReservation(lines, rows);
        if (!plan.ok) throw this.refused(plan, 'reserve');
        return { orderId, lines: plan.lines };
      },
      (lines, held) => {
        if (!sameLines(lines, held)) throw AppError.conflict(CatalogMessages.reservationDiffers, { orderId });
        return { orderId, lines: held };
      },
    );
  }

  /**
   * A reserve that cannot succeed, told without waiting for the products' row locks: in a sell-out
   * rush every refused checkout would otherwise queue behind each order ahead of it just to find the
   * stock gone. A plain read sees committed stock; stock that a transaction still running may give
   * back counts as not there yet, as if this reserve had come a moment earlier. Null when the plan
   * under the locks must decide: the stock may be there, or the order already holds a reservation
   * (its repeat answers what it holds, whatever is left).
   */
  private async refusalWithoutLocks(orderId: string, requested: RequestedLine[]): Promise<Exclude<ReservationPlan, { ok: true }> | null> {
    const lines = mergeLines(requested);
    const rows: (StockRow & { held: boolean })[] = await this.dataSource.query(
      `SELECT ${STOCK_ROW_COLUMNS},
              EXISTS (SELECT 1 FROM stock_reservations WHERE order_id = $2 AND status <> 'released') AS held
         FROM products WHERE id = ANY($1::uuid[])`,
      [lines.map((l) => l.productId), orderId],
    );
    if (rows.length === 0 || rows[0].held) return null;
    const plan = planReservation(lines, rows);
    return plan.ok ? null : plan;
  }

  /**
   * A standing order's delivery: takes what there is of each line, up to what was asked (possibly
   * nothing), and names every shortfall (`planAvailable`); never a 409 for stock. Idempotent by
   * order id like `reserve`: a repeat while the reservation holds answers what it holds.
   */
  reserveAvailable(orderId: string, requested: RequestedLine[]): Promise<ReserveAvailableResponse> {
    return this.take(
      orderId,
      requested,
      (lines, rows) => ({ orderId, ...planAvailable(lines, rows) }),
      (lines, held) => ({ orderId, lines: held, shortfalls: shortfallsOf(lines, held) }),
    );
  }

  /**
   * Many standing-order deliveries at once (catalog.stock.reserveAvailableMany): `reserveAvailable`
   * for each order, in one transaction, each order planned against what the ones before it left.
   * Answers in the order asked.
   */
  reserveAvailableMany(requests: { orderId: string; lines: RequestedLine[] }[]): Promise<ReserveAvailableResponse[]> {
    return this.takeMany(
      requests,
      (orderId, lines, rows) => ({ orderId, ...planAvailable(lines, rows) }),
      (orderId, lines, held) => ({ orderId, lines: held, shortfalls: shortfallsOf(lines, held) }),
    );
  }

  /** One order's reservation (`takeMany` with one request). */
  private async take<T extends ReserveStockResponse>(
    orderId: string,
    requested: RequestedLine[],
    plan: (lines: RequestedLine[], rows: StockRow[]) => T,
    repeat: (lines: RequestedLine[], held: ReservedLine[]) => T,
  ): Promise<T> {
    const [answer] = await this.takeMany(
      [{ orderId, lines: requested }],
      (_id, lines, rows) => plan(lines, rows),
      (_id, lines, held) => repeat(lines, held),
    );
    return answer;
  }

  /**
   * Reservations in one transaction: claims each order's reservation row, in order id order (a
   * second reserve of the same order waits on it until the first commits or rolls back; one still
   * held is answered by `repeat`), locks the products in id order, lets `plan` decide what each
   * order takes, in the order asked (an order sees the stock the ones before it left; a plan that
   * throws rolls everything back), then one statement takes every product's stock (answering each
   * product's open alert too) and records what each reservation holds. The rows are locked and
   * checked, so no product can miss; the conditions stay as the last guard (a miss throws, and
   * everything rolls back). (A WITH ... SELECT answers its rows, not TypeORM's [rows, count] of a
   * bare UPDATE.)
   */
  private takeMany<T extends ReserveStockResponse>(
    requests: { orderId: string; lines: RequestedLine[] }[],
    plan: (orderId: string, lines: RequestedLine[], rows: StockRow[]) => T,
    repeat: (orderId: string, lines: RequestedLine[], held: ReservedLine[]) => T,
  ): Promise<T[]> {
    const wanted = new Map(requests.map((r) => [r.orderId, mergeLines(r.lines)]));
    const orderIds = [...wanted.keys()].sort();
    return this.bus.inTransaction(async (tx) => {
      const m = tx.manager;
      const claimed: { orderId: string }[] = await m.query(
        `INSERT INTO stock_reservations (order_id, lines, status, expires_at)
         SELECT id, '[]'::jsonb, 'reserved', now() FROM unnest($1::uuid[]) AS id ORDER BY id
         ON CONFLICT (order_id) DO NOTHING RETURNING order_id AS "orderId"`,
        [orderIds],
      );
      const answers = new Map<string, T>();
      const fresh = new Set(claimed.map((c) => c.orderId));
      if (fresh.size < orderIds.length) {
        const existing: { orderId: string; status: ReservationStatus; lines: ReservedLine[] }[] = await m.query(
          `SELECT order_id AS "orderId", status, lines FROM stock_reservations WHERE order_id = ANY($1::uuid[]) ORDER BY order_id FOR UPDATE`,
          [orderIds.filter((id) => !fresh.has(id))],
        );
        for (const held of existing) {
          if (held.status === 'released') fresh.add(held.orderId);
          else answers.set(held.orderId, repeat(held.orderId, wanted.get(held.orderId)!, held.lines));
        }
      }

      const toPlan = orderIds.filter((id) => fresh.has(id));
      if (toPlan.length > 0) {
        const rows: StockRow[] = await m.query(
          `SELECT ${STOCK_ROW_COLUMNS} FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
          [[...new Set(toPlan.flatMap((id) => wanted.get(id)!.map((l) => l.productId)))]],
        );
        // each order, in the order asked, is planned against the stock the ones before it left
        const left = new Map(rows.map((r) => [r.id.toLowerCase(), { ...r }]));
        const taken = new Map<string, number>();
        for (const orderId of [...wanted.keys()].filter((id) => fresh.has(id))) {
          const answer = plan(orderId, wanted.get(orderId)!, [...left.values()]);
          for (const line of answer.lines) {
            const id = line.productId.toLowerCase();
            left.get(id)!.stock -= line.quantity;
            taken.set(id, (taken.get(id) ?? 0) + line.quantity);
          }
          answers.set(orderId, answer);
        }
        const changed: (StockState & { openAlert: OpenAlert | null })[] = await m.query(
          `WITH taken AS (
             UPDATE products p SET stock = p.stock - l.quantity, updated_at = now()
               FROM unnest($1::uuid[], $2::int[]) AS l(product_id, quantity)
              WHERE p.id = l.product_id AND p.stock >= l.quantity AND ${liveProductSql('p')}
              RETURNING ${CHANGED_STOCK_COLUMNS_OF_P}, ${OPEN_ALERT_OF_P} AS "openAlert"
           ), held AS (
             UPDATE stock_reservations r
                SET lines = h.lines, status = 'reserved', updated_at = now(), confirmed_at = NULL, released_at = NULL,
                    expires_at = now() + make_interval(secs => $5::double precision / 1000)
               FROM unnest($3::uuid[], $4::jsonb[]) AS h(order_id, lines)
              WHERE r.order_id = h.order_id
           )
           SELECT * FROM taken`,
          [
            [...taken.keys()],
            [...taken.values()],
            toPlan,
            toPlan.map((id) => JSON.stringify(answers.get(id)!.lines)),
            this.config.reservationTtlMs,
          ],
        );
        if (changed.length !== taken.size) throw new Error(`stock of orders ${toPlan.join(', ')} changed under a row lock`);
        for (const { openAlert, ...product } of changed) await this.alerts.syncKnowing(tx, product, openAlert);
      }
      return requests.map((r) => answers.get(r.orderId)!);
    });
  }

  /**
   * catalog.stock.adjust: an order's reservation becomes `requested`, taking or giving back only the
   * difference (planAdjustment), all or nothing: 409 'Not enough stock' naming the shortages, or the
   * products that cannot be added, and nothing changed. The change stays provisional (`pending`)
   * until order.amended with the same amendment id confirms it (confirmAmendment): if ordering
   * never writes the change, the sweeper puts `previous` (what the order holds) back after the
   * reservation TTL (revertOneExpiredAmendment). A change back to `previous` (ordering undoing one
   * it could not write) has nothing to confirm. A repeat of the same amendment answers what the
   * reservation holds and moves nothing.
   */
  adjust(orderId: string, amendmentId: string, previous: RequestedLine[], requested: RequestedLine[]): Promise<AdjustStockResponse> {
    const target = mergeLines(requested);
    const before = mergeLines(previous);
    return this.bus.inTransaction(async (tx) => {
      const m = tx.manager;
      const [reservation]: HeldReservation[] = await m.query(`SELECT ${HELD_RESERVATION_COLUMNS} FROM stock_reservations WHERE order_id = $1 FOR UPDATE`, [
        orderId,
      ]);
      // cancelled (its stock given back), or never reserved here
      if (!reservation || reservation.status === 'released') throw AppError.conflict(OrderChangeMessages.stockNotHeld, { orderId });
      if (reservation.amendmentId === amendmentId) {
        if (reservation.amendmentState === 'reverted') throw AppError.conflict(OrderChangeMessages.stockNotHeld, { orderId });
        return { orderId, lines: reservation.lines };
      }

      const ids = [...new Set([...reservation.lines, ...target, ...before].map((l) => l.productId.toLowerCase()))];
      const rows: StockRow[] = await m.query(
        `SELECT ${STOCK_ROW_COLUMNS} FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [ids],
      );
      const plan = planAdjustment(reservation.lines, target, rows);
      if (!plan.ok) throw this.refused(plan, 'adjust');
      // under the row locks every increase was checked: one that misses is a bug, and rolls back
      await this.moveStock(tx, orderId, plan.deltas, 'checked');
      const settled = sameLines(target, before);
      await m.query(
        `UPDATE stock_reservations
            SET lines = $2::jsonb, amendment_id = $3, amendment_state = $4::varchar, amendment_previous_lines = $5::jsonb, updated_at = now(),
                amendment_expires_at = CASE WHEN $4::varchar = 'pending' THEN now() + make_interval(secs => $6::double precision / 1000) END
          WHERE order_id = $1`,
        [
          orderId,
          JSON.stringify(plan.lines),
          amendmentId,
          settled ? 'confirmed' : 'pending',
          settled ? null : JSON.stringify(namedLines(before, reservation.lines, rows)),
          this.config.reservationTtlMs,
        ],
      );
      return { orderId, lines: plan.lines };
    });
  }

  /**
   * order.amended: ordering wrote the change, so its adjustment is kept for good. One the sweeper
   * already undid (the event came after the TTL) is taken again: the order stands, so stock + units
   * sold stays what it was (as `confirm` does for a placement). An older change than the
   * reservation's latest is already part of it, and changes nothing.
   */
  async confirmAmendment(tx: EventTransaction, orderId: string, amendmentId: string): Promise<void> {
    const m = tx.manager;
    const [reservation]: HeldReservation[] = await m.query(`SELECT ${HELD_RESERVATION_COLUMNS} FROM stock_reservations WHERE order_id = $1 FOR UPDATE`, [
      orderId,
    ]);
    if (!reservation || reservation.amendmentId !== amendmentId) return;
    if (reservation.amendmentState === 'pending') {
      await m.query(
        `UPDATE stock_reservations SET amendment_state = 'confirmed', amendment_previous_lines = NULL, amendment_expires_at = NULL, updated_at = now()
          WHERE order_id = $1`,
        [orderId],
      );
      return;
    }
    if (reservation.amendmentState !== 'reverted' || reservation.status === 'released' || !reservation.amendmentPreviousLines) return;
    // reverted: amendment_previous_lines holds the lines the sweeper undid
    const undone = reservation.amendmentPreviousLines;
    await this.moveStock(tx, orderId, stockDeltas(reservation.lines, undone), 'best effort');
    await m.query(
      `UPDATE stock_reservations SET lines = $2::jsonb, amendment_state = 'confirmed', amendment_previous_lines = NULL, updated_at = now()
        WHERE order_id = $1`,
      [orderId, JSON.stringify(undone)],
    );
    this.logger.warn({ orderId, amendmentId }, 'order change confirmed after its adjustment was undone: stock taken again');
  }

  /**
   * Undoes one adjustment that was never confirmed within the TTL (ordering failed or died between
   * adjusting and writing the change), if any; answers whether it found one. The reservation goes
   * back to what the order holds, and keeps the undone lines in case the confirmation is only late.
   */
  async revertOneExpiredAmendment(): Promise<boolean> {
    return this.bus.inTransaction(async (tx) => {
      const m = tx.manager;
      const [expired]: (HeldReservation & { orderId: string })[] = await m.query(
        `SELECT order_id AS "orderId", ${HELD_RESERVATION_COLUMNS} FROM stock_reservations
          WHERE amendment_state = 'pending' AND amendment_expires_at <= now()
          ORDER BY amendment_expires_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!expired) return false;
      const back = expired.amendmentPreviousLines ?? [];
      if (expired.status !== 'released') await this.moveStock(tx, expired.orderId, stockDeltas(expired.lines, back), 'best effort');
      await m.query(
        `UPDATE stock_reservations
            SET lines = $2::jsonb, amendment_previous_lines = $3::jsonb, amendment_state = 'reverted', amendment_expires_at = NULL, updated_at = now()
          WHERE order_id = $1`,
        [expired.orderId, JSON.stringify(back), JSON.stringify(expired.lines)],
      );
      this.logger.warn({ orderId: expired.orderId, amendmentId: expired.amendmentId }, 'undid an order change that was never confirmed, after its TTL');
      return true;
    });
  }

  /**
   * Takes (delta > 0) or gives back (delta < 0) stock, product by product in id order (the lock
   * order). 'checked': every take was checked under the row locks, so one that misses throws (and
   * everything rolls back); 'best effort': a take that finds too little is logged as oversold,
   * since the order stands either way. A product deleted since has no stock to return to.
   */
  private async moveStock(tx: EventTransaction, orderId: string, deltas: StockDelta[], mode: 'checked' | 'best effort'): Promise<void> {
    for (const { productId, delta } of [...deltas].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))) {
      const [changed]: [StockState[], number] =
        delta > 0
          ? await tx.manager.query(
              `UPDATE products SET stock = stock - $2, updated_at = now() WHERE id = $1 AND stock >= $2 RETURNING ${CHANGED_STOCK_COLUMNS}`,
              [productId, delta],
            )
          : await tx.manager.query(`UPDATE products SET stock = stock + $2, updated_at = now() WHERE id = $1 RETURNING ${CHANGED_STOCK_COLUMNS}`, [
              productId,
              -delta,
            ]);
      if (changed.length > 0) await this.alerts.sync(tx, changed[0]);
      else if (delta > 0 && mode === 'checked') throw new Error(`stock of order ${orderId} changed under a row lock`);
      else if (delta > 0) this.logger.error({ orderId, productId, quantity: delta }, 'an order change found too little stock to take again: oversold');
    }
  }

  async release(orderId: string): Promise<ReleaseStockResponse> {
    const released = await this.bus.inTransaction((tx) => this.releaseIn(tx, orderId));
    return { orderId, released };
  }

  /**
   * Gives an order's stock back once, whatever its state (reserved or confirmed), in the caller's
   * transaction. Answers whether stock was returned (false: never reserved, or already released).
   */
  async releaseIn(tx: EventTransaction, orderId: string): Promise<boolean> {
    const m = tx.manager;
    const [reservation]: { status: ReservationStatus; lines: ReservedLine[] }[] = await m.query(
      `SELECT status, lines FROM stock_reservations WHERE order_id = $1 FOR UPDATE`,
      [orderId],
    );
    if (!reservation || reservation.status === 'released') return false;

    for (const line of mergeLines(reservation.lines)) {
      // A product deleted since has no stock to return to.
      const [changed]: [StockState[], number] = await m.query(
        `UPDATE products SET stock = stock + $2, updated_at = now() WHERE id = $1 RETURNING ${CHANGED_STOCK_COLUMNS}`,
        [line.productId, line.quantity],
      );
      if (changed.length > 0) await this.alerts.sync(tx, changed[0]);
    }
    await m.query(
      // a change of the order still pending is given back with the rest: nothing left to undo
      `UPDATE stock_reservations SET status = 'released', released_at = now(), updated_at = now(), amendment_state = NULL, amendment_expires_at = NULL
        WHERE order_id = $1`,
      [orderId],
    );
    return true;
  }

  /**
   * order.placed: the reservation is kept for good (until the order is cancelled). If the TTL ran
   * out first (ordering was down between writing the order and publishing this), the order stands
   * all the same, so its stock is taken again: stock + units sold stays equal to what there was.
   */
  async confirm(tx: EventTransaction, orderId: string): Promise<void> {
    const m = tx.manager;
    // The usual case in one statement: a reservation still held becomes confirmed.
    const [confirmed]: [unknown[], number] = await m.query(
      `UPDATE stock_reservations SET status = 'confirmed', confirmed_at = now(), updated_at = now()
        WHERE order_id = $1 AND status = 'reserved' RETURNING order_id`,
      [orderId],
    );
    if (confirmed.length > 0) return;
    const [reservation]: { status: ReservationStatus; lines: ReservedLine[] }[] = await m.query(
      'SELECT status, lines FROM stock_reservations WHERE order_id = $1 FOR UPDATE',
      [orderId],
    );
    if (!reservation) {
      this.logger.warn({ orderId }, 'order placed without a stock reservation');
      return;
    }
    if (reservation.status === 'released') {
      for (const line of mergeLines(reservation.lines).sort((a, b) => a.productId.localeCompare(b.productId))) {
        const [changed]: [StockState[], number] = await m.query(
          `UPDATE products SET stock = stock - $2, updated_at = now() WHERE id = $1 AND stock >= $2
           RETURNING ${CHANGED_STOCK_COLUMNS}`,
          [line.productId, line.quantity],
        );
        if (changed.length > 0) await this.alerts.sync(tx, changed[0]);
        else this.logger.error({ orderId, productId: line.productId, quantity: line.quantity }, 'late order confirmation found too little stock: oversold');
      }
      this.logger.warn({ orderId }, 'order placed after its reservation expired: stock taken again');
    }
    if (reservation.status !== 'confirmed') {
      await m.query(
        `UPDATE stock_reservations SET status = 'confirmed', confirmed_at = now(), released_at = NULL, updated_at = now()
          WHERE order_id = $1`,
        [orderId],
      );
    }
  }

  /**
   * Releases one reservation whose TTL ran out, if any; answers whether it found one. SKIP LOCKED
   * lets several instances sweep at once, each taking different reservations.
   */
  async releaseOneExpired(): Promise<boolean> {
    return this.bus.inTransaction(async (tx) => {
      const [expired]: { orderId: string }[] = await tx.manager.query(
        `SELECT order_id AS "orderId" FROM stock_reservations
          WHERE status = 'reserved' AND expires_at <= now()
          ORDER BY expires_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!expired) return false;
      await this.releaseIn(tx, expired.orderId);
      this.logger.info({ orderId: expired.orderId }, 'released an unconfirmed stock reservation after its TTL');
      return true;
    });
  }
}

function reservationError(plan: Exclude<ReservationPlan, { ok: true }>): AppError {
  switch (plan.reason) {
    case 'not_found':
      return AppError.notFound(`${CatalogMessages.productNotFound}: ${plan.productIds.join(', ')}`);
    case 'unavailable':
      return AppError.conflict(`${CatalogMessages.productUnavailable}: ${plan.products.map((p) => p.name).join(', ')}`, {
        unavailable: plan.products,
      });
    case 'short':
      return AppError.conflict(CatalogMessages.notEnoughStock, { shortages: plan.shortages });
  }
}
