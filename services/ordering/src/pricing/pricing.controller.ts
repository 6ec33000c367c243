import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmptyRequest, OrderingPatterns, Pricing, PricingDto } from '@bakery/contracts';
import { PricingService } from './pricing.service';

@Controller()
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  @MessagePattern(OrderingPatterns.getPricing)
  get(@Payload() _request: EmptyRequest): Promise<Pricing> {
    return this.pricing.get();
  }

  @MessagePattern(OrderingPatterns.setPricing)
  set(@Payload() req: PricingDto): Promise<Pricing> {
    return this.pricing.set(req);
  }
}
