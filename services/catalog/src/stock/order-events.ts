import { Injectable } from '@nestjs/common';
import { EventEnvelope, OrderAmendedEvent, OrderCancelledEvent, OrderingEvents, OrderPlacedEvent } from '@bakery/contracts';
import { EventBus, type EventTransaction } from '@bakery/event-bus';
import { StockService } from './stock.service';

/**
 * Ordering's facts about orders, handled once each (the event bus keeps an inbox):
 * order.placed confirms the order's reservation, order.cancelled gives its stock back, order.amended
 * confirms the adjustment of a changed order.
 */
@Injectable()
export class OrderEventsHandler {
  constructor(
    bus: EventBus,
    private readonly stock: StockService,
  ) {
    // the payload classes validate each event first (a malformed one is logged and dropped)
    bus.on(OrderingEvents.orderPlaced, (event, tx) => this.placed(event, tx), OrderPlacedEvent);
    bus.on(OrderingEvents.orderCancelled, (event, tx) => this.cancelled(event, tx), OrderCancelledEvent);
    bus.on(OrderingEvents.orderAmended, (event, tx) => this.amended(event, tx), OrderAmendedEvent);
  }

  /** In the bus's transaction: a stock.low it raises is published with it. */
  async placed(event: EventEnvelope<OrderPlacedEvent>, tx: EventTransaction): Promise<void> {
    await this.stock.confirm(tx, event.payload.orderId);
  }

  /** The order's change is written: its stock adjustment is kept for good. */
  async amended(event: EventEnvelope<OrderAmendedEvent>, tx: EventTransaction): Promise<void> {
    await this.stock.confirmAmendment(tx, event.payload.orderId.toLowerCase(), event.payload.amendmentId.toLowerCase());
  }

  async cancelled(event: EventEnvelope<OrderCancelledEvent>, tx: EventTransaction): Promise<void> {
    await this.stock.releaseIn(tx, event.payload.orderId);
  }
}
