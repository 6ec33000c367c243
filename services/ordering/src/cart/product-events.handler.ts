import { Injectable } from '@nestjs/common';
import { CatalogEvents, ProductDeletedEvent } from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';
import { CartItem } from './cart-item.entity';

/** A product deleted from the catalogue leaves every open cart (placed orders keep their snapshot). */
@Injectable()
export class ProductEventsHandler {
  constructor(bus: EventBus) {
    bus.on(
      CatalogEvents.productDeleted,
      async (event, { manager }) => {
        await manager.delete(CartItem, { productId: event.payload.productId });
      },
      ProductDeletedEvent,
    );
  }
}
