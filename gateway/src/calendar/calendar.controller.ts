import { Controller, Get } from '@nestjs/common';
import { type BakeryCalendar, OrderingPatterns } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { SignedIn } from '../auth/access';

/**
 * The bakery's calendar (time zone, today, the server's clock, how many days ahead a delivery may
 * be): the cart's date picker offers the dates ordering accepts, wherever the browser is.
 */
@Controller('api/calendar')
export class CalendarController {
  constructor(private readonly rpc: RpcClient) {}

  @SignedIn()
  @Get()
  get(): Promise<BakeryCalendar> {
    return this.rpc.request(OrderingPatterns.calendar, {});
  }
}
