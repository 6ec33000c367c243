import { Body, Controller, Get, Put } from '@nestjs/common';
import { type GetPricingRequest, OrderingPatterns, PricingAnswer, PricingDto, PricingSettings } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly, SignedIn } from '../auth/access';
import { CurrentPrincipal, type Principal } from '../auth/principal';

/**
 * Delivery fee and tax rate, shown in the cart's order summary, and the bakery-wide minimum order
 * and free-delivery threshold (null: none); a customer also gets `own`, the minimum, fee and
 * threshold that apply to them (their overrides, else the bakery's).
 */
@Controller('api/config/pricing')
export class PricingController {
  constructor(private readonly rpc: RpcClient) {}

  @SignedIn()
  @Get()
  get(@CurrentPrincipal() me: Principal): Promise<PricingAnswer> {
    const request: GetPricingRequest = me.role === 'customer' ? { customerId: me.userId } : {};
    return this.rpc.request(OrderingPatterns.getPricing, request);
  }

  /** Delivery fee and tax rate; minimumOrder and freeDeliveryThreshold when given (null removes one). */
  @AdminOnly()
  @Put()
  set(@Body() body: PricingDto): Promise<PricingSettings> {
    return this.rpc.request(OrderingPatterns.setPricing, body);
  }
}
