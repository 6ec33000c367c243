import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  CatalogMessages,
  ReleaseStockResponse,
  ReservedLine,
  ReserveStockResponse,
} from '@bakery/contracts';
import { EventBus, type EventTransaction } from '@bakery/event-bus';
import type { Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { CATALOG_CONFIG, CatalogConfig } from '../catalog.config';
import type { StockState } from '../domain/alerts';
import { liveProductSql } from '../domain/products';
import { mergeLines, planReservation, RequestedLine, ReservationPlan, sameLines, StockRow } from '../domain/reservation';
import { AlertsService, OPEN_ALERT_OF_P, OpenAlert } from '../inventory/alerts.service';
import type { ReservationStatus } from './stock-reservation.entity';

const CHANGED_STOCK_COLUMNS = `id, name, stock, low_stock_threshold AS "lowStockThreshold", review_status AS "reviewStatus"`;
const CHANGED_STOCK_COLUMNS_OF_P = `p.id, p.name, p.stock, p.low_stock_threshold AS "lowStockThreshold", p.review_status AS "reviewStatus"`;

/**
 * Stock held for orders. Every transaction here locks the reservation row first, then product rows
 * in product id order, so reservations, releases and the sweeper never deadlock one another.
 */
@Injectable()
export class StockService {
  constructor(
    private readonly bus: EventBus,
    private readonly alerts: AlertsService,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Takes stock for every line of an order, or nothing. While the reservation holds, a repeat with
   * the same order id answers what the first call answered and takes nothing more; once released
   * (order write failed, TTL ran out, order cancelled), a reserve for the same id reserves afresh,
   * so ordering can retry a placement under the same idempotency key.
   */
  reserve(orderId: string, requested: RequestedLine[]): Promise<ReserveStockResponse> {
    const lines = mergeLines(requested);
    return this.bus.inTransaction(async (tx) => {
      const m = tx.manager;
      // A second reserve of the same order waits here until the first commits or rolls back.
      const claimed: unknown[] = await m.query(
        `INSERT INTO stock_reservations (order_id, lines, status, expires_at)
         VALUES ($1, '[]'::jsonb, 'reserved', now()) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
        [orderId],
      );
      if (claimed.length === 0) {
        const [existing]: { status: ReservationStatus; lines: ReservedLine[] }[] = await m.query(
          'SELECT status, lines FROM stock_reservations WHERE order_id = $1 FOR UPDATE',
          [orderId],
        );
        if (existing.status !== 'released') {
          if (!sameLines(lines, existing.lines)) throw AppError.conflict(CatalogMessages.reservationDiffers, { orderId });
          return { orderId, lines: existing.lines };
        }
      }

      const rows: StockRow[] = await m.query(
        `SELECT id, name, price, stock, is_active AS "isActive", review_status AS "reviewStatus"
           FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [lines.map((l) => l.productId)],
      );
      const plan = planReservation(lines, rows);
      if (!plan.ok) throw reservationError(plan);

      // One statement takes every line's stock (answering each product's open alert too) and
      // records what the reservation holds. The rows are locked and checked, so no line can miss;
      // the conditions stay as the last guard (a miss throws, and everything rolls back).
      // (a WITH ... SELECT answers its rows, not TypeORM's [rows, count] of a bare UPDATE)
      const changed: (StockState & { openAlert: OpenAlert | null })[] = await m.query(
        `WITH taken AS (
           UPDATE products p SET stock = p.stock - l.quantity, updated_at = now()
             FROM unnest($1::uuid[], $2::int[]) AS l(product_id, quantity)
            WHERE p.id = l.product_id AND p.stock >= l.quantity AND ${liveProductSql('p')}
            RETURNING ${CHANGED_STOCK_COLUMNS_OF_P}, ${OPEN_ALERT_OF_P} AS "openAlert"
         ), held AS (
           UPDATE stock_reservations
              SET lines = $4::jsonb, status = 'reserved', updated_at = now(), confirmed_at = NULL, released_at = NULL,
                  expires_at = now() + make_interval(secs => $5::double precision / 1000)
            WHERE order_id = $3
         )
         SELECT * FROM taken`,
        [
          plan.lines.map((l) => l.productId),
          plan.lines.map((l) => l.quantity),
          orderId,
          JSON.stringify(plan.lines),
          this.config.reservationTtlMs,
        ],
      );
      if (changed.length !== plan.lines.length) throw new Error(`stock of order ${orderId} changed under a row lock`);
      for (const { openAlert, ...product } of changed) await this.alerts.syncKnowing(tx, product, openAlert);
      return { orderId, lines: plan.lines };
    });
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
      `UPDATE stock_reservations SET status = 'released', released_at = now(), updated_at = now() WHERE order_id = $1`,
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
