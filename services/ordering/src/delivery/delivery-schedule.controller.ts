import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CalendarDay,
  Closure,
  ClosureRequest,
  DeliveryCalendarRequest,
  DeliveryPatterns,
  DeliverySchedule,
  DeliveryScheduleDto,
  EmptyRequest,
  NewClosureDto,
} from '@bakery/contracts';
import { DeliveryScheduleService } from './delivery-schedule.service';

/** The delivery schedule (admin), closures (admin) and the ordering calendar (signed in). */
@Controller()
export class DeliveryScheduleController {
  constructor(private readonly schedule: DeliveryScheduleService) {}

  @MessagePattern(DeliveryPatterns.getSchedule)
  get(@Payload() _request: EmptyRequest): Promise<DeliverySchedule> {
    return this.schedule.schedule();
  }

  @MessagePattern(DeliveryPatterns.setSchedule)
  set(@Payload() request: DeliveryScheduleDto): Promise<DeliverySchedule> {
    return this.schedule.replace(request);
  }

  @MessagePattern(DeliveryPatterns.listClosures)
  closures(@Payload() _request: EmptyRequest): Promise<Closure[]> {
    return this.schedule.closures();
  }

  @MessagePattern(DeliveryPatterns.addClosure)
  addClosure(@Payload() request: NewClosureDto): Promise<Closure> {
    return this.schedule.addClosure(request);
  }

  @MessagePattern(DeliveryPatterns.removeClosure)
  async removeClosure(@Payload() request: ClosureRequest): Promise<{ removed: true }> {
    await this.schedule.removeClosure(request.id);
    return { removed: true };
  }

  @MessagePattern(DeliveryPatterns.calendar)
  calendar(@Payload() request: DeliveryCalendarRequest): Promise<CalendarDay[]> {
    return this.schedule.calendar(request);
  }
}
