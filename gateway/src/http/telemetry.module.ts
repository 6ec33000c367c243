import { DynamicModule, Global, Module } from '@nestjs/common';
import { Metrics } from '@bakery/platform';

/** The gateway's Prometheus metrics, for whoever counts something (the RPC client's NATS requests). */
@Global()
@Module({})
export class TelemetryModule {
  static register(metrics: Metrics): DynamicModule {
    return { module: TelemetryModule, providers: [{ provide: Metrics, useValue: metrics }], exports: [Metrics] };
  }
}
