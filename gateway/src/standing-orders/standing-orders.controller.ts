import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  ChangeDeliveryDto,
  isCalendarDate,
  ListStandingOrdersRequest,
  PauseStandingOrderDto,
  type StandingOrder,
  StandingOrderDto,
  StandingOrderMessages,
  StandingOrderPatterns,
  type StandingOrdersPage,
  StandingOrdersQuery,
  type UpcomingDeliveriesPage,
  type UpcomingDelivery,
  UpcomingDeliveriesQuery,
  UpcomingDeliveriesRequest,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { SignedIn } from '../auth/access';
import { caller, CurrentPrincipal, type Principal } from '../auth/principal';
import { nextPageLink, pageRequest } from '../http/paging';
import { routeId } from '../http/route-id';

/**
 * Standing orders: customers their own; admins any customer's (`customerId`, for orders taken by
 * phone). Ordering checks ownership (someone else's is 404) and who may name a customer (403).
 */
@SignedIn()
@Controller('api/standing-orders')
export class StandingOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  create(@CurrentPrincipal() me: Principal, @Body() body: StandingOrderDto): Promise<StandingOrder> {
    return this.rpc.request(StandingOrderPatterns.create, { ...body, caller: caller(me) });
  }

  /**
   * One page of standing orders, oldest first (`limit`, `cursor`); the next page's full URL comes as
   * `Link: <...>; rel="next"` (none on the last page). A customer's own always fit in one page.
   */
  @Get()
  async list(
    @CurrentPrincipal() me: Principal,
    @Query() query: StandingOrdersQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<StandingOrder[]> {
    const request = listRequest(me, query);
    const page: StandingOrdersPage = await this.rpc.request(StandingOrderPatterns.list, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    return page.standingOrders;
  }

  /** Every delivery of the next `weeks` (default 4) weeks, by date, of one page of standing orders (paged as the list). */
  @Get('upcoming')
  async upcoming(
    @CurrentPrincipal() me: Principal,
    @Query() query: UpcomingDeliveriesQuery,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<UpcomingDelivery[]> {
    const request: UpcomingDeliveriesRequest = { ...listRequest(me, query), weeks: query.weeks ?? 4 };
    const page: UpcomingDeliveriesPage = await this.rpc.request(StandingOrderPatterns.upcoming, request);
    if (page.next) res.header('Link', nextPageLink(req, page.next));
    return page.deliveries;
  }

  @Get(':id')
  get(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<StandingOrder> {
    return this.rpc.request(StandingOrderPatterns.get, { caller: caller(me), id: standingOrderId(id) });
  }

  @Put(':id')
  replace(@CurrentPrincipal() me: Principal, @Param('id') id: string, @Body() body: StandingOrderDto): Promise<StandingOrder> {
    return this.rpc.request(StandingOrderPatterns.replace, { ...body, caller: caller(me), id: standingOrderId(id) });
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<void> {
    await this.rpc.request(StandingOrderPatterns.remove, { caller: caller(me), id: standingOrderId(id) });
  }

  @Post(':id/pause')
  @HttpCode(200)
  pause(@CurrentPrincipal() me: Principal, @Param('id') id: string, @Body() body: PauseStandingOrderDto): Promise<StandingOrder> {
    return this.rpc.request(StandingOrderPatterns.pause, { caller: caller(me), id: standingOrderId(id), until: body.until ?? null });
  }

  @Post(':id/resume')
  @HttpCode(200)
  resume(@CurrentPrincipal() me: Principal, @Param('id') id: string): Promise<StandingOrder> {
    return this.rpc.request(StandingOrderPatterns.resume, { caller: caller(me), id: standingOrderId(id) });
  }

  /** Skips one date (`{ skip }`) or changes its quantities (`{ lines }`), until that date's cut-off. */
  @Put(':id/deliveries/:date')
  changeDelivery(
    @CurrentPrincipal() me: Principal,
    @Param('id') id: string,
    @Param('date') date: string,
    @Body() body: ChangeDeliveryDto,
  ): Promise<UpcomingDelivery> {
    const soId = standingOrderId(id);
    if (!isCalendarDate(date)) throw AppError.validation({ date: ['date must be a date (YYYY-MM-DD)'] });
    return this.rpc.request(StandingOrderPatterns.changeDelivery, { ...body, caller: caller(me), id: soId, date });
  }
}

/** The caller, the customer named (admins) and the page, as ordering's list request; a cursor not ours is a 400. */
function listRequest(me: Principal, query: StandingOrdersQuery): ListStandingOrdersRequest {
  return { caller: caller(me), ...(query.customerId ? { customerId: query.customerId } : {}), ...pageRequest(query) };
}

function standingOrderId(id: string): string {
  return routeId(id, StandingOrderMessages.notFound);
}
