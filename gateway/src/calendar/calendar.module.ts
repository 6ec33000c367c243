import { Module } from '@nestjs/common';
import { CalendarController } from './calendar.controller';
import { DeliveryCalendarController, DeliveryScheduleController } from './delivery-schedule.controller';

@Module({ controllers: [CalendarController, DeliveryScheduleController, DeliveryCalendarController] })
export class CalendarModule {}
