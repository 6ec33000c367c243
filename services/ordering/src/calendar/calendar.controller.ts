import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { bakeryCalendar, type BakeryCalendar, EmptyRequest, OrderingPatterns } from '@bakery/contracts';
import { DeliveryScheduleService } from '../delivery/delivery-schedule.service';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';

/**
 * The bakery's calendar, for the web app's delivery date picker: ordering owns BAKERY_TIMEZONE,
 * MAX_DELIVERY_DAYS_AHEAD and the delivery schedule, and validates an order's date against them.
 */
@Controller()
export class CalendarController {
  constructor(
    @Inject(ORDERING_CONFIG) private readonly config: OrderingConfig,
    private readonly delivery: DeliveryScheduleService,
  ) {}

  @MessagePattern(OrderingPatterns.calendar)
  async get(@Payload() _request: EmptyRequest): Promise<BakeryCalendar> {
    const { schedule, now } = await this.delivery.context();
    return bakeryCalendar(now, this.config.timeZone, this.config.maxDeliveryDaysAhead, schedule.requireDeliveryDate);
  }
}
