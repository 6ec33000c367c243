import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ChangeDeliveryRequest,
  ListStandingOrdersRequest,
  PauseStandingOrderRequest,
  ReplaceStandingOrderRequest,
  SaveStandingOrderRequest,
  type StandingOrder,
  StandingOrderPatterns,
  StandingOrderRequest,
  type StandingOrdersPage,
  type UpcomingDeliveriesPage,
  type UpcomingDelivery,
  UpcomingDeliveriesRequest,
} from '@bakery/contracts';
import { StandingOrdersService } from './standing-orders.service';

@Controller()
export class StandingOrdersController {
  constructor(private readonly standingOrders: StandingOrdersService) {}

  @MessagePattern(StandingOrderPatterns.create)
  create(@Payload() req: SaveStandingOrderRequest): Promise<StandingOrder> {
    return this.standingOrders.save(req);
  }

  @MessagePattern(StandingOrderPatterns.replace)
  replace(@Payload() req: ReplaceStandingOrderRequest): Promise<StandingOrder> {
    return this.standingOrders.save(req, req.id);
  }

  @MessagePattern(StandingOrderPatterns.list)
  list(@Payload() req: ListStandingOrdersRequest): Promise<StandingOrdersPage> {
    return this.standingOrders.list(req);
  }

  @MessagePattern(StandingOrderPatterns.get)
  get(@Payload() req: StandingOrderRequest): Promise<StandingOrder> {
    return this.standingOrders.get(req.caller, req.id);
  }

  @MessagePattern(StandingOrderPatterns.remove)
  async remove(@Payload() req: StandingOrderRequest): Promise<{ removed: true }> {
    await this.standingOrders.remove(req.caller, req.id);
    return { removed: true };
  }

  @MessagePattern(StandingOrderPatterns.pause)
  pause(@Payload() req: PauseStandingOrderRequest): Promise<StandingOrder> {
    return this.standingOrders.pause(req);
  }

  @MessagePattern(StandingOrderPatterns.resume)
  resume(@Payload() req: StandingOrderRequest): Promise<StandingOrder> {
    return this.standingOrders.resume(req.caller, req.id);
  }

  @MessagePattern(StandingOrderPatterns.upcoming)
  upcoming(@Payload() req: UpcomingDeliveriesRequest): Promise<UpcomingDeliveriesPage> {
    return this.standingOrders.upcoming(req);
  }

  @MessagePattern(StandingOrderPatterns.changeDelivery)
  changeDelivery(@Payload() req: ChangeDeliveryRequest): Promise<UpcomingDelivery> {
    return this.standingOrders.changeDelivery(req);
  }
}
