import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AmendOrderRequest, Order, OrderChangePatterns, OrderRequest, type ReorderResult } from '@bakery/contracts';
import { OrderChangesService } from './order-changes.service';

/** "Order again" and changing an order (POST /api/orders/:id/reorder, PATCH /api/orders/:id). */
@Controller()
export class OrderChangesController {
  constructor(private readonly changes: OrderChangesService) {}

  @MessagePattern(OrderChangePatterns.reorder)
  reorder(@Payload() req: OrderRequest): Promise<ReorderResult> {
    return this.changes.reorder(req.caller, req.orderId.toLowerCase());
  }

  @MessagePattern(OrderChangePatterns.amend)
  amend(@Payload() req: AmendOrderRequest): Promise<Order> {
    return this.changes.amend({ ...req, orderId: req.orderId.toLowerCase() });
  }
}
