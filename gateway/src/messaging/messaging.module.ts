import { DynamicModule, Global, Inject, Injectable, Module, OnModuleDestroy } from '@nestjs/common';
import { Metrics, RpcClient } from '@bakery/platform';
import type { NatsConnection } from 'nats';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

@Injectable()
class NatsDrain implements OnModuleDestroy {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onModuleDestroy() {
    await this.nc.drain().catch(() => undefined);
  }
}

/** The gateway's one NATS connection and the RPC client every API module uses to reach the services. */
@Global()
@Module({})
export class MessagingModule {
  static register(nc: NatsConnection, namespace: string, rpcTimeoutMs: number): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        { provide: NATS_CONNECTION, useValue: nc },
        {
          provide: RpcClient,
          // the gateway's metrics come from its TelemetryModule (absent: counted nowhere)
          inject: [{ token: Metrics, optional: true }],
          useFactory: (metrics?: Metrics) => new RpcClient(nc, namespace, rpcTimeoutMs, { component: 'gateway', metrics }),
        },
        NatsDrain,
      ],
      exports: [NATS_CONNECTION, RpcClient],
    };
  }
}
