import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CallerRequest, DashboardMetrics, OrderingPatterns } from '@bakery/contracts';
import { MetricsService } from './metrics.service';

@Controller()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @MessagePattern(OrderingPatterns.metrics)
  get(@Payload() req: CallerRequest): Promise<DashboardMetrics> {
    return this.metrics.metrics(req.caller);
  }
}
