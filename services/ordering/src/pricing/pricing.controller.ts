import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GetPricingRequest, OrderingPatterns, PricingAnswer, PricingDto, PricingSettings } from '@bakery/contracts';
import { PricingService } from './pricing.service';

@Controller()
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  /** The bakery's settings; with `customerId`, also that customer's own minimum, fee and threshold. */
  @MessagePattern(OrderingPatterns.getPricing)
  get(@Payload() req: GetPricingRequest): Promise<PricingAnswer> {
    return this.pricing.answer(req.customerId);
  }

  @MessagePattern(OrderingPatterns.setPricing)
  set(@Payload() req: PricingDto): Promise<PricingSettings> {
    return this.pricing.set(req);
  }
}
