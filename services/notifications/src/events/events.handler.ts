import { Injectable } from '@nestjs/common';
import {
  AuthEvents,
  CatalogEvents,
  EventEnvelope,
  InventoryAlertBroadcast,
  NotificationsBroadcasts,
  OrderAmendedEvent,
  OrderingEvents,
  OrderPlacedEvent,
  OrderStatusChangedEvent,
  OrderUpdatedBroadcast,
  PasswordLinkIssuedEvent,
  StandingDeliveryPreviewEvent,
  StandingDeliverySkippedEvent,
  StockLowEvent,
} from '@bakery/contracts';
import { EventBus, type EventTransaction } from '@bakery/event-bus';
import { OrderMails } from '../mail/order-mails';
import { CountAnnouncer } from '../notifications/count-announcer';
import { NotificationsService } from '../notifications/notifications.service';
import { Broadcaster } from '../pushes/broadcaster';

/**
 * The facts behind every realtime push: order.placed (a notification for the admins' badge),
 * order.status-changed, order.amended and stock.low; and behind every email (order.placed,
 * order.status-changed, order.amended, password-link.issued, standing-delivery.preview:
 * ../mail/order-mails.ts, written in
 * the same transaction). Pushes reach the gateways as broadcasts, sent only after the handler's
 * transaction committed (the event bus's `afterCommit`): a push sent from the handler itself could
 * announce a row nobody can see yet, or one that is then rolled back.
 *
 * The gateways do not consume these events themselves: they keep no database, so they have no
 * inbox, and a consumer per gateway would either miss events while it restarts (ephemeral) or
 * need one durable per instance. Here the durable consumer and the inbox give each event one
 * push, and the gateways stay stateless, only fanning broadcasts out to their sockets. A push
 * lost in a crash between commit and broadcast is not resent: the badge is re-read on connect.
 */
@Injectable()
export class EventsHandler {
  constructor(
    bus: EventBus,
    private readonly notifications: NotificationsService,
    private readonly announcer: CountAnnouncer,
    private readonly broadcaster: Broadcaster,
    private readonly mails: OrderMails,
  ) {
    // the payload classes validate each event first (a malformed one is logged and dropped)
    bus.on(OrderingEvents.orderPlaced, (event, tx) => this.orderPlaced(event, tx), OrderPlacedEvent);
    bus.on(OrderingEvents.orderStatusChanged, (event, tx) => this.orderStatusChanged(event, tx), OrderStatusChangedEvent);
    bus.on(OrderingEvents.orderAmended, (event, tx) => this.orderAmended(event, tx), OrderAmendedEvent);
    bus.on(CatalogEvents.stockLow, (event, tx) => this.stockLow(event, tx), StockLowEvent);
    bus.on(OrderingEvents.standingDeliverySkipped, (event, tx) => this.standingDeliverySkipped(event, tx), StandingDeliverySkippedEvent);
    // email (issue 20): the mail outbox's rows are written in the same transactions (../mail/order-mails.ts)
    bus.on(AuthEvents.passwordLinkIssued, (event, tx) => this.mails.passwordLink(event, tx), PasswordLinkIssuedEvent);
    bus.on(OrderingEvents.standingDeliveryPreview, (event, tx) => this.mails.standingPreview(event, tx), StandingDeliveryPreviewEvent);
  }

  async orderPlaced(event: EventEnvelope<OrderPlacedEvent>, tx: EventTransaction): Promise<void> {
    const { orderId, customerId, shortfalls = [], customerName } = event.payload;
    // The inbox stops a redelivery of this event; the unique order id stops the same order announced twice.
    if (!(await this.notifications.recordOrder(tx.manager, orderId))) return;
    await this.mails.orderPlaced(event, tx);
    const updated: OrderUpdatedBroadcast = { orderId, status: 'pending', customerId };
    // a standing order's delivery that could not have everything: the admins are told whose and what
    const alerts: InventoryAlertBroadcast[] = shortfalls.map((line) => ({
      productId: line.productId,
      name: line.name ?? 'A product no longer in the catalogue',
      stock: 0,
      lowStockThreshold: 0,
      alertType: 'shortfall',
      shortfall: { orderId, customer: customerName ?? 'a customer', units: line.shortfall },
    }));
    tx.afterCommit(() => {
      this.announcer.changed();
      this.broadcaster.send(NotificationsBroadcasts.orderUpdated, updated);
      for (const alert of alerts) this.broadcaster.send(NotificationsBroadcasts.inventoryAlert, alert);
    });
  }

  async orderStatusChanged(event: EventEnvelope<OrderStatusChangedEvent>, tx: EventTransaction): Promise<void> {
    const { orderId, customerId, status } = event.payload;
    await this.mails.statusChanged(event, tx);
    const updated: OrderUpdatedBroadcast = { orderId, status, customerId };
    tx.afterCommit(() => this.broadcaster.send(NotificationsBroadcasts.orderUpdated, updated));
  }

  /** A changed order (lines, date, slot, instructions): the screens showing it read it again. */
  async orderAmended(event: EventEnvelope<OrderAmendedEvent>, tx: EventTransaction): Promise<void> {
    const { orderId, customerId, status } = event.payload;
    await this.mails.amended(event, tx);
    const updated: OrderUpdatedBroadcast = { orderId, status, customerId };
    tx.afterCommit(() => this.broadcaster.send(NotificationsBroadcasts.orderUpdated, updated));
  }

  /** A standing order's delivery skipped (its customer is on hold): the admins are told whose, which and when. */
  async standingDeliverySkipped(event: EventEnvelope<StandingDeliverySkippedEvent>, tx: EventTransaction): Promise<void> {
    const { standingOrderId, deliveryDate, reason, customerName, standingOrderName } = event.payload;
    const alert: InventoryAlertBroadcast = {
      // the alert's shape is the inventory alerts': the thing it is about is the standing order
      productId: standingOrderId,
      name: standingOrderName ?? 'Standing order',
      stock: 0,
      lowStockThreshold: 0,
      alertType: 'skipped',
      skipped: { standingOrderId, customer: customerName ?? 'a customer', date: deliveryDate, reason },
    };
    tx.afterCommit(() => this.broadcaster.send(NotificationsBroadcasts.inventoryAlert, alert));
  }

  async stockLow(event: EventEnvelope<StockLowEvent>, tx: EventTransaction): Promise<void> {
    const { productId, name, stock, lowStockThreshold, alertType } = event.payload;
    const alert: InventoryAlertBroadcast = { productId, name, stock, lowStockThreshold, alertType };
    tx.afterCommit(() => this.broadcaster.send(NotificationsBroadcasts.inventoryAlert, alert));
  }
}
