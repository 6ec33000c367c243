import { Controller, Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  deadLettersPattern,
  DeadLettersPage,
  DeadLettersRequest,
  redrivePattern,
  RedriveRequest,
  RedriveResult,
} from '@bakery/contracts';
import { EventBus } from '@bakery/event-bus';

/**
 * Builds the handlers of the service's dead letters: `<service>.events.deadLetters` (a page, for
 * the admin's health view through the gateway) and `<service>.events.redrive` (for
 * `npm run events:redrive`). Any instance answers: the letters are in the service's database and
 * every instance has the same handlers.
 */
export function createDeadLettersController(service: string): Type<unknown> {
  @Controller()
  class DeadLettersController {
    constructor(private readonly bus: EventBus) {}

    @MessagePattern(deadLettersPattern(service))
    page(@Payload() request: DeadLettersRequest): Promise<DeadLettersPage> {
      return this.bus.deadLetters({ offset: request.offset, limit: request.limit });
    }

    @MessagePattern(redrivePattern(service))
    redrive(@Payload() request: RedriveRequest): Promise<RedriveResult> {
      // exactly one of the two (RedriveRequest's own rule)
      return this.bus.redrive(request.eventId !== undefined ? { eventId: request.eventId } : { all: true });
    }
  }
  return DeadLettersController;
}
