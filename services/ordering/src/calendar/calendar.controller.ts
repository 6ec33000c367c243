import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { bakeryCalendar, type BakeryCalendar, EmptyRequest, OrderingPatterns } from '@bakery/contracts';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';

/**
 * The bakery's calendar, for the web app's delivery date picker: ordering owns BAKERY_TIMEZONE and
 * MAX_DELIVERY_DAYS_AHEAD, and validates an order's date against the same values.
 */
@Controller()
export class CalendarController {
  constructor(@Inject(ORDERING_CONFIG) private readonly config: OrderingConfig) {}

  @MessagePattern(OrderingPatterns.calendar)
  get(@Payload() _request: EmptyRequest): BakeryCalendar {
    return bakeryCalendar(new Date(), this.config.timeZone, this.config.maxDeliveryDaysAhead);
  }
}
