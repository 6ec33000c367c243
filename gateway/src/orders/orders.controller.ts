import { Body, Controller, Get, Headers, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AmendOrderDto,
  AmendOrderRequest,
  AppError,
  ChangeStatusDto,
  IDEMPOTENCY_KEY_PATTERN,
  ListOrdersQuery,
  ListOrdersRequest,
  Order,
  OrderingMessages,
  OrderChangePatterns,
  OrderingPatterns,
  OrdersPage,
  PlaceOrderDto,
  PlaceOrderRequest,
  type ReorderResult,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly, CustomerOnly, SignedIn } from '../auth/access';
import { caller, CurrentPrincipal, Principal } from '../auth/principal';
import { routeId } from '../http/route-id';
import { nextPageLink } from '../http/paging';
import { orderListRequest } from './order-list';
import { CatalogueCache } from '../products/catalogue-cache';

/** Placing orders (customers), order history (own for customers, all for admins), status changes, changes and Order again. */
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

  /**
   * One page of orders, newest first (own orders for customers), filtered on the server. The next
   * page's full URL comes as `Link: <...>; rel="next"` (none on the last page). The first page
   * (no cursor) also says `X-Total-Count` when ordering could count the filtered orders within its
   * budget; later pages do not count again.
   */
  @SignedIn()
  @Get()
  async list(
    @CurrentPrincipal() me: Principal,
    @Query() query: ListOrdersQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<Order[]> {
    const { filters, after, limit } = orderListRequest(query, me.role);
    const request: ListOrdersRequest = { caller: caller(me), after, limit, filters, withTotal: after === null };
    const page: OrdersPage = await this.rpc.request(OrderingPatterns.listOrders, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    if (typeof page.total === 'number') res.header('X-Total-Count', String(page.total));
    return page.orders;
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

  /**
   * "Order again" (200): the order's products that can still be ordered go into the cart at the
   * same quantities, capped at the stock and the cart line maximum; `skipped` says what was left
   * out, or added with fewer units, and why.
   */
  @CustomerOnly()
  @Post(':id/reorder')
  @HttpCode(200)
  reorder(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<ReorderResult> {
    return this.rpc.request(OrderChangePatterns.reorder, { caller: caller(me), orderId: orderId(id) });
  }

  /**
   * Changes an order: its lines (replaced), delivery date, slot or instructions, each optional. A
   * customer changes their own pending order until its cut-off (409 after it); an admin any order
   * not delivered or cancelled, at any time. Stock moves by the difference only. Answers the order.
   */
  @SignedIn()
  @Patch(':id')
  amend(@CurrentPrincipal() me: Principal, @Param('id') id: string, @Body() body: AmendOrderDto): Promise<Order> {
    const request: AmendOrderRequest = {
      caller: caller(me),
      orderId: orderId(id),
      lines: body.lines?.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      deliveryDate: body.deliveryDate,
      deliveryTimeSlot: body.deliveryTimeSlot,
      specialInstructions: body.specialInstructions,
    };
    return this.changesStock(this.rpc.request(OrderChangePatterns.amend, request));
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
