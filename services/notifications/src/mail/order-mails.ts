import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, OrderAmendedEvent, OrderPlacedEvent, OrderStatusChangedEvent, PasswordLinkIssuedEvent, StandingDeliveryPreviewEvent } from '@bakery/contracts';
import type { EventTransaction } from '@bakery/event-bus';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { statusMailWanted } from './mail-rules';
import { MailOutbox } from './mail-outbox';
import { MailPreferencesStore } from './mail-preferences';

/**
 * The mails each event calls for, written to the mail outbox in the handler's transaction: a mail
 * exists exactly when its event was handled, once. Nothing here asks another service: the worker
 * composes each mail before its first attempt (mail-composer.ts), so an ordering that does not
 * answer delays mail, never the events (nor the admins' badge, handled in the same transaction).
 * Optional mail (status changes, amendments, previews) is written only for customers who want it
 * (their preferences as they are when the event is handled).
 */
@Injectable()
export class OrderMails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly preferences: MailPreferencesStore,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  /** The confirmation to the customer and, when ADMIN_ORDER_EMAIL is set, the admins' new-order mail. */
  async orderPlaced(event: EventEnvelope<OrderPlacedEvent>, tx: EventTransaction): Promise<void> {
    const { orderId, customerId } = event.payload;
    await this.outbox.add(tx, { eventId: event.id, kind: 'order_confirmation', orderId, customerId });
    if (this.config.adminOrderEmail) {
      await this.outbox.add(tx, { eventId: event.id, kind: 'admin_new_order', orderId, customerId, recipient: this.config.adminOrderEmail });
    }
  }

  async statusChanged(event: EventEnvelope<OrderStatusChangedEvent>, tx: EventTransaction): Promise<void> {
    const { orderId, customerId, status } = event.payload;
    if (!statusMailWanted(status) || !(await this.preferences.wants(tx.manager, customerId, 'order_status'))) return;
    await this.outbox.add(tx, { eventId: event.id, kind: 'order_status', orderId, customerId, data: { status } });
  }

  async amended(event: EventEnvelope<OrderAmendedEvent>, tx: EventTransaction): Promise<void> {
    const { orderId, customerId } = event.payload;
    if (!(await this.preferences.wants(tx.manager, customerId, 'order_amended'))) return;
    await this.outbox.add(tx, { eventId: event.id, kind: 'order_amended', orderId, customerId, data: { ...event.payload } });
  }

  /** A reset or welcome link: the row holds the token until the mail is sent (then it is blanked). */
  async passwordLink(event: EventEnvelope<PasswordLinkIssuedEvent>, tx: EventTransaction): Promise<void> {
    const kind = event.payload.purpose === 'welcome' ? 'welcome' : 'password_reset';
    await this.outbox.add(tx, { eventId: event.id, kind, recipient: event.payload.email, data: { ...event.payload }, sensitive: true });
  }

  /** A standing order's coming delivery: the row holds the skip link's token until the mail is sent (then it is blanked). */
  async standingPreview(event: EventEnvelope<StandingDeliveryPreviewEvent>, tx: EventTransaction): Promise<void> {
    const { customerId } = event.payload;
    if (!(await this.preferences.wants(tx.manager, customerId, 'standing_order_preview'))) return;
    await this.outbox.add(tx, { eventId: event.id, kind: 'standing_order_preview', customerId, data: { ...event.payload }, sensitive: true });
  }
}
