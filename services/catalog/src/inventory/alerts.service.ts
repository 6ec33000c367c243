import { Injectable } from '@nestjs/common';
import { AlertType, CatalogEvents, StockLowEvent } from '@bakery/contracts';
import type { EventTransaction } from '@bakery/event-bus';
import { decideAlert, type StockState } from '../domain/alerts';

/** The unresolved alert of a product (at most one). */
export interface OpenAlert {
  id: string;
  alertType: AlertType;
}

/**
 * SQL for a RETURNING list: the open alert of the product row `p` as JSON, or null, so a stock
 * update answers it without another query.
 */
export const OPEN_ALERT_OF_P = `(SELECT json_build_object('id', a.id, 'alertType', a.alert_type) FROM inventory_alerts a
   WHERE a.product_id = p.id AND NOT a.is_resolved LIMIT 1)`;

/** Keeps inventory_alerts in step with stock; called in the transaction that changed the product. */
@Injectable()
export class AlertsService {
  async sync(tx: EventTransaction, product: StockState): Promise<void> {
    const [open]: OpenAlert[] = await tx.manager.query(
      `SELECT id, alert_type AS "alertType" FROM inventory_alerts WHERE product_id = $1 AND NOT is_resolved`,
      [product.id],
    );
    await this.syncKnowing(tx, product, open ?? null);
  }

  /** `sync` for a caller that read the product's open alert already (with its row locked). */
  async syncKnowing(tx: EventTransaction, product: StockState, open: OpenAlert | null): Promise<void> {
    const { manager } = tx;
    const decision = decideAlert({ ...product, openAlert: open });
    switch (decision.action) {
      case 'none':
        return;
      case 'resolve':
        await manager.query(`UPDATE inventory_alerts SET is_resolved = true, resolved_at = now() WHERE id = $1`, [open!.id]);
        return;
      case 'open': {
        const [created]: { id: string }[] = await manager.query(
          `INSERT INTO inventory_alerts (product_id, alert_type, message) VALUES ($1, $2, $3) RETURNING id`,
          [product.id, decision.alertType, decision.message],
        );
        await this.announce(tx, product, created.id, decision.alertType, decision.message);
        return;
      }
      case 'escalate':
        await manager.query(`UPDATE inventory_alerts SET alert_type = $2, message = $3 WHERE id = $1`, [
          open!.id,
          decision.alertType,
          decision.message,
        ]);
        await this.announce(tx, product, open!.id, decision.alertType, decision.message);
        return;
    }
  }

  private async announce(tx: EventTransaction, product: StockState, alertId: string, alertType: AlertType, message: string) {
    await tx.publish<StockLowEvent>(CatalogEvents.stockLow, {
      productId: product.id,
      name: product.name,
      stock: product.stock,
      lowStockThreshold: product.lowStockThreshold,
      alertType,
      alertId,
      message,
    });
  }
}
