import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Caller,
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
import { StandingOrderMaterializer } from './standing-order-materializer';
import { StandingOrdersService } from './standing-orders.service';

/**
 * A change that can take dates away from a standing order (new terms, a pause, its removal) first
 * has its due deliveries placed (`dueFirst`): a date whose cut-off has passed is the bakery's to
 * bake, whether or not the sweep has come by since.
 */
@Controller()
export class StandingOrdersController {
  constructor(
    private readonly standingOrders: StandingOrdersService,
    private readonly materializer: StandingOrderMaterializer,
  ) {}

  @MessagePattern(StandingOrderPatterns.create)
  create(@Payload() req: SaveStandingOrderRequest): Promise<StandingOrder> {
    return this.standingOrders.save(req);
  }

  @MessagePattern(StandingOrderPatterns.replace)
  replace(@Payload() req: ReplaceStandingOrderRequest): Promise<StandingOrder> {
    // once the new terms passed their checks: a refused body changes nothing
    return this.standingOrders.save(req, req.id, () => this.dueFirst(req.caller, req.id));
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
    await this.dueFirst(req.caller, req.id);
    await this.standingOrders.remove(req.caller, req.id);
    return { removed: true };
  }

  @MessagePattern(StandingOrderPatterns.pause)
  async pause(@Payload() req: PauseStandingOrderRequest): Promise<StandingOrder> {
    await this.dueFirst(req.caller, req.id);
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

  /** The caller's standing order (404 before anything is written), its due deliveries placed. */
  private async dueFirst(caller: Caller, id: string): Promise<void> {
    await this.materializer.placeDueOf(await this.standingOrders.visible(caller, id));
  }
}
