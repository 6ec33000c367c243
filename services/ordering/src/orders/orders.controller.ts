import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChangeStatusRequest, ListOrdersRequest, Order, OrderingPatterns, OrdersPage, OrderRequest, PlaceOrderRequest } from '@bakery/contracts';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @MessagePattern(OrderingPatterns.placeOrder)
  place(@Payload() req: PlaceOrderRequest): Promise<Order> {
    return this.orders.place(req);
  }

  @MessagePattern(OrderingPatterns.listOrders)
  list(@Payload() req: ListOrdersRequest): Promise<OrdersPage> {
    return this.orders.list(req.caller, req.after ?? null, req.limit ?? undefined, req.filters ?? {}, req.withTotal ?? false);
  }

  @MessagePattern(OrderingPatterns.getOrder)
  get(@Payload() req: OrderRequest): Promise<Order> {
    return this.orders.get(req.caller, req.orderId);
  }

  @MessagePattern(OrderingPatterns.changeStatus)
  changeStatus(@Payload() req: ChangeStatusRequest): Promise<Order> {
    return this.orders.changeStatus(req);
  }

  @MessagePattern(OrderingPatterns.cancelOrder)
  cancel(@Payload() req: OrderRequest): Promise<Order> {
    return this.orders.cancelByCustomer(req.caller, req.orderId);
  }
}
