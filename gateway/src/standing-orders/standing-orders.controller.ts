import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  AppError,
  ChangeDeliveryDto,
  isCalendarDate,
  PauseStandingOrderDto,
  type StandingOrder,
  StandingOrderDto,
  StandingOrderMessages,
  StandingOrderPatterns,
  StandingOrdersQuery,
  type UpcomingDelivery,
  UpcomingDeliveriesQuery,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { SignedIn } from '../auth/access';
import { caller, CurrentPrincipal, type Principal } from '../auth/principal';
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

  @Get()
  list(@CurrentPrincipal() me: Principal, @Query() query: StandingOrdersQuery): Promise<StandingOrder[]> {
    return this.rpc.request(StandingOrderPatterns.list, { caller: caller(me), ...query });
  }

  /** Every delivery of the next `weeks` (default 4) weeks, by date. */
  @Get('upcoming')
  upcoming(@CurrentPrincipal() me: Principal, @Query() query: UpcomingDeliveriesQuery): Promise<UpcomingDelivery[]> {
    return this.rpc.request(StandingOrderPatterns.upcoming, { caller: caller(me), weeks: query.weeks ?? 4, ...(query.customerId ? { customerId: query.customerId } : {}) });
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

function standingOrderId(id: string): string {
  return routeId(id, StandingOrderMessages.notFound);
}
