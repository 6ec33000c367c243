import { Inject, Injectable } from '@nestjs/common';
import {
  ALERT_TYPES,
  CatalogEvents,
  EventEnvelope,
  InventoryAlertBroadcast,
  isUuid,
  NotificationsBroadcasts,
  ORDER_STATUSES,
  OrderEvents,
  OrderingEvents,
  OrderPlacedEvent,
  OrderStatusChangedEvent,
  OrderUpdatedBroadcast,
  StockLowEvent,
} from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import type { Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import type { EntityManager } from 'typeorm';
import { AfterCommit } from '../after-commit';
import { CountAnnouncer } from '../notifications/count-announcer';
import { NotificationsService } from '../notifications/notifications.service';
import { Broadcaster } from '../pushes/broadcaster';

/**
 * The facts behind every realtime push: order.placed (a notification for the admins' badge),
 * order.status-changed and stock.low. Pushes reach the gateways as broadcasts, sent only after
 * the handler's transaction committed.
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
    private readonly afterCommit: AfterCommit,
    private readonly notifications: NotificationsService,
    private readonly announcer: CountAnnouncer,
    private readonly broadcaster: Broadcaster,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    bus.on<OrderPlacedEvent>(OrderEvents.orderPlaced, (event, manager) => this.orderPlaced(event, manager));
    bus.on<OrderStatusChangedEvent>(OrderingEvents.orderStatusChanged, (event, manager) =>
      this.orderStatusChanged(event, manager),
    );
    bus.on<StockLowEvent>(CatalogEvents.stockLow, (event, manager) => this.stockLow(event, manager));
  }

  async orderPlaced(event: EventEnvelope<OrderPlacedEvent>, manager: EntityManager): Promise<void> {
    const { orderId, customerId } = event.payload ?? {};
    if (!isUuid(orderId) || !isUuid(customerId)) return this.drop(event);
    // The inbox stops a redelivery of this event; the unique order id stops the same order announced twice.
    if (!(await this.notifications.recordOrder(manager, orderId))) return;
    const updated: OrderUpdatedBroadcast = { orderId, status: 'pending', customerId };
    this.afterCommit.run(manager, () => {
      this.announcer.changed();
      this.broadcaster.send(NotificationsBroadcasts.orderUpdated, updated);
    });
  }

  async orderStatusChanged(event: EventEnvelope<OrderStatusChangedEvent>, manager: EntityManager): Promise<void> {
    const { orderId, customerId, status } = event.payload ?? {};
    if (!isUuid(orderId) || !isUuid(customerId) || !ORDER_STATUSES.includes(status)) return this.drop(event);
    const updated: OrderUpdatedBroadcast = { orderId, status, customerId };
    this.afterCommit.run(manager, () => this.broadcaster.send(NotificationsBroadcasts.orderUpdated, updated));
  }

  async stockLow(event: EventEnvelope<StockLowEvent>, manager: EntityManager): Promise<void> {
    const { productId, name, stock, lowStockThreshold, alertType } = event.payload ?? {};
    if (
      !isUuid(productId) ||
      typeof name !== 'string' ||
      !Number.isInteger(stock) ||
      !Number.isInteger(lowStockThreshold) ||
      !ALERT_TYPES.includes(alertType)
    ) {
      return this.drop(event);
    }
    const alert: InventoryAlertBroadcast = { productId, name, stock, lowStockThreshold, alertType };
    this.afterCommit.run(manager, () => this.broadcaster.send(NotificationsBroadcasts.inventoryAlert, alert));
  }

  /** A malformed event would fail on every redelivery, so it is logged and acknowledged instead. */
  private drop(event: EventEnvelope): void {
    this.logger.error({ eventId: event.id, type: event.type }, 'dropping a malformed event');
  }
}
