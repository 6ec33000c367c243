import { Injectable } from '@nestjs/common';
import { occurrenceOn, ReminderCandidatesRequest, type ReminderCandidates, reminderDelivery } from '@bakery/contracts';
import { DataSource } from 'typeorm';
import { STANDING_ORDER_COLUMNS, type StandingOrderRow, termsOf } from '../standing-orders/standing-order.row';
import { StandingOrdersService } from '../standing-orders/standing-orders.service';
import { DeliveryScheduleService } from './delivery-schedule.service';

/**
 * Who a cut-off reminder is for (issue 20): notifications names the customers who opted in, and
 * ordering answers, by its clock and schedule, the next delivery whose cut-off is within the lead
 * time and which of them have nothing for it: no order for that date (nor an undated one still
 * open, which the bakery will deliver next) and no standing-order delivery that day.
 */
@Injectable()
export class CutoffRemindersService {
  constructor(
    private readonly db: DataSource,
    private readonly delivery: DeliveryScheduleService,
    private readonly standingOrders: StandingOrdersService,
  ) {}

  async candidates(req: ReminderCandidatesRequest): Promise<ReminderCandidates> {
    const ctx = await this.delivery.context();
    const next = reminderDelivery(this.delivery.today(), this.delivery.lastBookableDate(), req.leadMinutes, ctx);
    if (!next || req.customerIds.length === 0) return { delivery: next && { date: next.date, cutoffAt: next.cutoffAt.toISOString() }, customerIds: [] };
    const ids = [...new Set(req.customerIds.map((id) => id.toLowerCase()))];
    const ordered: { customerId: string }[] = await this.db.query(
      `SELECT DISTINCT customer_id AS "customerId" FROM orders
        WHERE customer_id = ANY($1::uuid[])
          AND ((delivery_date = $2::date AND status <> 'cancelled') OR (delivery_date IS NULL AND status IN ('pending', 'confirmed')))`,
      [ids, next.date],
    );
    const covered = new Set(ordered.map((o) => o.customerId));
    const standing: StandingOrderRow[] = await this.db.query(`SELECT ${STANDING_ORDER_COLUMNS} FROM standing_orders WHERE customer_id = ANY($1::uuid[])`, [
      ids.filter((id) => !covered.has(id)),
    ]);
    const exceptions = await this.standingOrders.exceptionsOf(this.db.manager, standing.map((s) => s.id), next.date, next.date);
    for (const row of standing) {
      const occurrence = occurrenceOn(termsOf(row), exceptions.get(row.id) ?? [], next.date, ctx);
      if (occurrence && !occurrence.skipped) covered.add(row.customerId);
    }
    return { delivery: { date: next.date, cutoffAt: next.cutoffAt.toISOString() }, customerIds: ids.filter((id) => !covered.has(id)) };
  }
}
