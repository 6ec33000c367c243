import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, OrderAmendedEvent, OrderPlacedEvent, OrderStatusChangedEvent, PasswordLinkIssuedEvent } from '@bakery/contracts';
import type { EventTransaction } from '@bakery/event-bus';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { statusMailWanted } from './mail-rules';
import { MailOutbox } from './mail-outbox';

/**
 * The mails each event calls for, written to the mail outbox in the handler's transaction: a mail
 * exists exactly when its event was handled, once. Nothing here asks another service: the worker
 * composes each mail before its first attempt (mail-composer.ts), so an ordering that does not
 * answer delays mail, never the events (nor the admins' badge, handled in the same transaction).
 */
@Injectable()
export class OrderMails {
  constructor(
    private readonly outbox: MailOutbox,
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
    if (!statusMailWanted(status)) return;
    await this.outbox.add(tx, { eventId: event.id, kind: 'order_status', orderId, customerId, data: { status } });
  }

  async amended(event: EventEnvelope<OrderAmendedEvent>, tx: EventTransaction): Promise<void> {
    const { orderId, customerId } = event.payload;
    await this.outbox.add(tx, { eventId: event.id, kind: 'order_amended', orderId, customerId, data: { ...event.payload } });
  }

  /** A reset or welcome link: the row holds the token until the mail is sent (then it is blanked). */
  async passwordLink(event: EventEnvelope<PasswordLinkIssuedEvent>, tx: EventTransaction): Promise<void> {
    const kind = event.payload.purpose === 'welcome' ? 'welcome' : 'password_reset';
    await this.outbox.add(tx, { eventId: event.id, kind, recipient: event.payload.email, data: { ...event.payload }, sensitive: true });
  }
}
