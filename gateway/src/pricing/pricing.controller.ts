import { Body, Controller, Get, Put } from '@nestjs/common';
import { OrderingPatterns, Pricing, PricingDto } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly, SignedIn } from '../auth/access';

/** Delivery fee and tax rate, shown in the cart's order summary. */
@Controller('api/config/pricing')
export class PricingController {
  constructor(private readonly rpc: RpcClient) {}

  @SignedIn()
  @Get()
  get(): Promise<Pricing> {
    return this.rpc.request(OrderingPatterns.getPricing, {});
  }

  @AdminOnly()
  @Put()
  set(@Body() body: PricingDto): Promise<Pricing> {
    return this.rpc.request(OrderingPatterns.setPricing, body);
  }
}
