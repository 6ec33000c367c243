import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OrderingPatterns, Pricing } from '@bakery/contracts';
import { PricingService } from './pricing.service';

@Controller()
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  @MessagePattern(OrderingPatterns.getPricing)
  get(): Promise<Pricing> {
    return this.pricing.get();
  }

  @MessagePattern(OrderingPatterns.setPricing)
  set(@Payload() req: Pricing): Promise<Pricing> {
    return this.pricing.set(req);
  }
}
