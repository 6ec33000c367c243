import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  type CalendarDay,
  type Closure,
  DeliveryCalendarQuery,
  type DeliveryCalendarRequest,
  DeliveryMessages,
  DeliveryPatterns,
  type DeliverySchedule,
  DeliveryScheduleDto,
  NewClosureDto,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly, SignedIn } from '../auth/access';
import { caller, CurrentPrincipal, type Principal } from '../auth/principal';
import { routeId } from '../http/route-id';

/** The bakery's delivery schedule and closures (admin), owned by ordering. */
@AdminOnly()
@Controller('api/admin')
export class DeliveryScheduleController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('delivery-schedule')
  schedule(): Promise<DeliverySchedule> {
    return this.rpc.request(DeliveryPatterns.getSchedule, {});
  }

  /** Replaces the seven weekday rules and the settings; answers the saved schedule. */
  @Put('delivery-schedule')
  replace(@Body() body: DeliveryScheduleDto): Promise<DeliverySchedule> {
    return this.rpc.request(DeliveryPatterns.setSchedule, body);
  }

  /** Closures that end today or later, soonest first. */
  @Get('closures')
  closures(): Promise<Closure[]> {
    return this.rpc.request(DeliveryPatterns.listClosures, {});
  }

  @Post('closures')
  addClosure(@Body() body: NewClosureDto): Promise<Closure> {
    return this.rpc.request(DeliveryPatterns.addClosure, body);
  }

  @Delete('closures/:id')
  @HttpCode(204)
  async removeClosure(@Param('id') id: string): Promise<void> {
    await this.rpc.request(DeliveryPatterns.removeClosure, { id: routeId(id, DeliveryMessages.closureNotFound) });
  }
}

/** Which delivery dates can be ordered, until when and why not (the cart's date picker). */
@Controller('api/delivery')
export class DeliveryCalendarController {
  constructor(private readonly rpc: RpcClient) {}

  @SignedIn()
  @Get('calendar')
  calendar(@CurrentPrincipal() me: Principal, @Query() query: DeliveryCalendarQuery): Promise<CalendarDay[]> {
    const request: DeliveryCalendarRequest = { caller: caller(me), from: query.from, to: query.to, productIds: query.productIds };
    if (!query.productIds) delete request.productIds;
    return this.rpc.request(DeliveryPatterns.calendar, request);
  }
}
