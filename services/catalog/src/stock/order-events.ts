import { Inject, Injectable } from '@nestjs/common';
import { EventEnvelope, OrderCancelledEvent, OrderEvents, OrderPlacedEvent } from '@bakery/contracts';
import { EventBus, type EventTransaction } from '@bakery/event-bus';
import type { Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../domain/ids';
import { StockService } from './stock.service';

/**
 * Ordering's facts about orders, handled once each (the event bus keeps an inbox):
 * order.placed confirms the order's reservation, order.cancelled gives its stock back.
 */
@Injectable()
export class OrderEventsHandler {
  constructor(
    private readonly bus: EventBus,
    private readonly stock: StockService,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    bus.on<OrderPlacedEvent>(OrderEvents.orderPlaced, (event, manager) => this.placed(event, manager));
    bus.on<OrderCancelledEvent>(OrderEvents.orderCancelled, (event, manager) => this.cancelled(event, manager));
  }

  async placed(event: EventEnvelope<OrderPlacedEvent>, manager: EntityManager): Promise<void> {
    const orderId = this.orderIdOf(event);
    if (orderId) await this.stock.confirm(this.transactionOf(manager), orderId);
  }

  async cancelled(event: EventEnvelope<OrderCancelledEvent>, manager: EntityManager): Promise<void> {
    const orderId = this.orderIdOf(event);
    if (!orderId) return;
    await this.stock.releaseIn(this.transactionOf(manager), orderId);
  }

  /** The handler's transaction as an EventTransaction: events recorded go out with the relay's next poll. */
  private transactionOf(manager: EntityManager): EventTransaction {
    return { manager, publish: (type, payload) => this.bus.record(manager, type, payload) };
  }

  /** A malformed event would fail on every redelivery, so it is logged and dropped instead. */
  private orderIdOf(event: EventEnvelope<{ orderId: string }>): string | null {
    const orderId = event.payload?.orderId;
    if (isUuid(orderId)) return orderId;
    this.logger.error({ eventId: event.id, type: event.type }, 'dropping an order event without a valid orderId');
    return null;
  }
}
