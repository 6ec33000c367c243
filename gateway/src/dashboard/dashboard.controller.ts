import { Controller, Get } from '@nestjs/common';
import { DashboardMetrics, OrderingPatterns } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { SignedIn } from '../auth/access';
import { caller, CurrentPrincipal, Principal } from '../auth/principal';

/** The dashboard's figures: the whole business for admins, a customer's own for customers. */
@SignedIn()
@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('metrics')
  metrics(@CurrentPrincipal() me: Principal): Promise<DashboardMetrics> {
    return this.rpc.request(OrderingPatterns.metrics, { caller: caller(me) });
  }
}
