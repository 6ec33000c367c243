import { Body, Controller, Get, Headers, Param, Post, Put } from '@nestjs/common';
import {
  AppError,
  ChangeStatusDto,
  IDEMPOTENCY_KEY_PATTERN,
  ListOrdersRequest,
  Order,
  OrderCursor,
  OrderingMessages,
  OrderingPatterns,
  OrdersPage,
  PlaceOrderDto,
  PlaceOrderRequest,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly, CustomerOnly, SignedIn } from '../auth/access';
import { caller, CurrentPrincipal, Principal } from '../auth/principal';
import { routeId } from '../http/route-id';
import { CatalogueCache } from '../products/catalogue-cache';

/** Placing orders (customers), order history (own for customers, all for admins), status changes. */
@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly catalogue: CatalogueCache,
  ) {}

  /**
   * Places the cart, at most once however many requests place it at the same time. With
   * `expectedTotal` (the total the customer saw) a different total is a 409 naming the changed
   * prices, and nothing is written. A retry with the same Idempotency-Key answers the same order;
   * the same key with a different body is a 422.
   */
  @CustomerOnly()
  @Post()
  place(
    @CurrentPrincipal() me: Principal,
    @Body() body: PlaceOrderDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<Order> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw AppError.validation({ 'Idempotency-Key': [OrderingMessages.idempotencyKey] });
    }
    return this.changesStock(this.rpc.request(OrderingPatterns.placeOrder, {
      customerId: me.userId,
      deliveryDate: body.deliveryDate ?? null,
      deliveryTimeSlot: body.deliveryTimeSlot ?? null,
      specialInstructions: body.specialInstructions ?? null,
      expectedTotal: body.expectedTotal ?? null,
      idempotencyKey,
    } satisfies PlaceOrderRequest));
  }

  @SignedIn()
  @Get()
  async list(@CurrentPrincipal() me: Principal): Promise<Order[]> {
    // page by page: the whole list may not fit in one message
    const orders: Order[] = [];
    let after: OrderCursor | null = null;
    do {
      const request: ListOrdersRequest = { caller: caller(me), after };
      const page: OrdersPage = await this.rpc.request(OrderingPatterns.listOrders, request);
      orders.push(...page.orders);
      after = page.next;
    } while (after);
    return orders;
  }

  @SignedIn()
  @Get(':id')
  get(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<Order> {
    return this.rpc.request(OrderingPatterns.getOrder, { caller: caller(me), orderId: orderId(id) });
  }

  @AdminOnly()
  @Put(':id/status')
  changeStatus(@Param('id') id: string, @Body() body: ChangeStatusDto): Promise<Order> {
    return this.changesStock(this.rpc.request(OrderingPatterns.changeStatus, { orderId: orderId(id), status: body.status }));
  }

  /** The customer's Cancel button on a pending order. */
  @CustomerOnly()
  @Post(':id/cancel')
  cancel(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<Order> {
    return this.changesStock(this.rpc.request(OrderingPatterns.cancelOrder, { caller: caller(me), orderId: orderId(id) }));
  }

  /** Orders move stock: the catalogue this gateway caches is stale once one is placed or cancelled. */
  private async changesStock<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      this.catalogue.invalidate();
    }
  }
}

function orderId(id: string): string {
  return routeId(id, OrderingMessages.orderNotFound);
}
