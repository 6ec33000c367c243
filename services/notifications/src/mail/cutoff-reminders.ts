import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CustomerTermsPatterns, CutoffReminderPatterns, type HeldCustomers, REMINDER_CANDIDATES_MAX, type ReminderCandidates } from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { derivedUuid, PeriodicTask, RpcClient, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { MailOutbox } from './mail-outbox';
import { MailPreferencesStore } from './mail-preferences';

/**
 * The outbox key of a customer's reminder for one delivery date: a uuid made from both, so every
 * instance and every sweep writes the same row (unique per event and kind) and a customer gets one
 * reminder per delivery, however often the sweep runs.
 */
export function reminderEventId(customerId: string, deliveryDate: string): string {
  return derivedUuid(`cutoff-reminder:${customerId.toLowerCase()}:${deliveryDate}`);
}

/**
 * Cut-off reminders (issue 20, opt-in): every CUTOFF_REMINDER_INTERVAL_SECONDS, the customers who
 * asked for them are named to ordering a page at a time; ordering answers the next delivery whose
 * cut-off is within CUTOFF_REMINDER_MINUTES (by its clock and schedule) and who of them has
 * nothing for it; customers says who of those is on hold (they get none). Each of the rest gets a
 * reminder row in the mail outbox, once per delivery date.
 */
@Injectable()
export class CutoffReminders implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;

  constructor(
    private readonly preferences: MailPreferencesStore,
    private readonly outbox: MailOutbox,
    private readonly bus: EventBus,
    private readonly rpc: RpcClient,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: Pick<NotificationsConfig, 'cutoffReminderMinutes' | 'cutoffReminderIntervalSeconds'>,
    @Inject(SERVICE_LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask(config.cutoffReminderIntervalSeconds * 1000, () => this.run(), (err) =>
      logger.warn({ err }, 'cut-off reminders failed; will retry'),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Writes the reminders due now; answers how many rows this run asked for (a repeat writes none twice). */
  async run(): Promise<number> {
    let asked = 0;
    for (let after = '00000000-0000-0000-0000-000000000000'; !this.task.isStopped; ) {
      const customerIds = await this.preferences.reminderRecipients(after, REMINDER_CANDIDATES_MAX);
      if (customerIds.length === 0) break;
      after = customerIds[customerIds.length - 1];
      const answer = await this.rpc.request<ReminderCandidates>(CutoffReminderPatterns.candidates, { customerIds, leadMinutes: this.config.cutoffReminderMinutes });
      // no cut-off near: the same for every page
      if (!answer.delivery) break;
      const delivery = answer.delivery;
      const due = await this.withoutHolds(answer.customerIds);
      if (due.length > 0) {
        await this.bus.inTransaction(async (tx) => {
          for (const customerId of due) {
            await this.outbox.add(tx, { eventId: reminderEventId(customerId, delivery.date), kind: 'cutoff_reminder', customerId, data: { deliveryDate: delivery.date, cutoffAt: delivery.cutoffAt } });
          }
        });
        asked += due.length;
      }
      if (customerIds.length < REMINDER_CANDIDATES_MAX) break;
    }
    return asked;
  }

  /**
   * A customer on hold cannot order, so is not reminded to (nothing is written: a hold lifted before
   * the cut-off is reminded by a later sweep). Customers unreachable: the sweep fails and retries.
   */
  private async withoutHolds(customerIds: string[]): Promise<string[]> {
    if (customerIds.length === 0) return [];
    const held = await this.rpc.request<HeldCustomers>(CustomerTermsPatterns.heldAmong, { customerIds });
    const onHold = new Set(held.customerIds.map((id) => id.toLowerCase()));
    return customerIds.filter((id) => !onHold.has(id.toLowerCase()));
  }
}
