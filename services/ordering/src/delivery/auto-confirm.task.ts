import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { addDays, cutoffOf, OrderingEvents, type OrderStatusChangedEvent, ruleFor, SCHEDULE_LIMITS } from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { PeriodicTask, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';
import { DeliveryScheduleService } from './delivery-schedule.service';

/** Orders confirmed per statement: each batch is one short transaction. */
const BATCH = 200;

/**
 * When the schedule says `autoConfirmAtCutoff`, pending orders are confirmed once their delivery
 * date's cut-off has passed, every AUTO_CONFIRM_INTERVAL_SECONDS, with `order.status-changed` as
 * an admin's change would announce it. Safe with several instances: each batch locks its orders
 * `FOR UPDATE SKIP LOCKED`, and only a still-pending order changes.
 */
@Injectable()
export class AutoConfirmTask implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;

  constructor(
    private readonly delivery: DeliveryScheduleService,
    private readonly bus: EventBus,
    @Inject(ORDERING_CONFIG) config: Pick<OrderingConfig, 'autoConfirmIntervalSeconds'>,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask(config.autoConfirmIntervalSeconds * 1000, () => this.run(), (err) =>
      logger.warn({ err }, 'auto-confirmation failed; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Confirms every pending order whose cut-off has passed; answers how many. */
  async run(): Promise<number> {
    const ctx = await this.delivery.context();
    if (!ctx.schedule.autoConfirmAtCutoff) return 0;
    // Cut-offs fall at most leadDaysMax days before their date: every date before `today` has
    // passed its cut-off; of the dates from today on, those whose cut-off is not in the future.
    const today = this.delivery.today();
    const due: string[] = [];
    for (let date = today; date <= addDays(today, SCHEDULE_LIMITS.leadDaysMax + 1); date = addDays(date, 1)) {
      if (cutoffOf(date, ruleFor(ctx.schedule, date), ctx.timeZone).getTime() <= ctx.now.getTime()) due.push(date);
    }
    let confirmed = 0;
    for (;;) {
      const batch = await this.bus.inTransaction(async (tx) => {
        const [rows]: [{ id: string; customerId: string }[], number] = await tx.manager.query(
          `UPDATE orders SET status = 'confirmed', updated_at = now()
            WHERE id IN (SELECT id FROM orders
                          WHERE status = 'pending' AND (delivery_date < $1::date OR delivery_date = ANY($2::date[]))
                          ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
              AND status = 'pending'
           RETURNING id, customer_id AS "customerId"`,
          [today, due, BATCH],
        );
        for (const row of rows) {
          const event: OrderStatusChangedEvent = { orderId: row.id, customerId: row.customerId, status: 'confirmed', previousStatus: 'pending' };
          await tx.publish(OrderingEvents.orderStatusChanged, event);
        }
        return rows.length;
      });
      confirmed += batch;
      if (batch < BATCH || this.task.isStopped) return confirmed;
    }
  }
}
