import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PriceListCache, RpcClient, type ServiceConfig } from '@bakery/platform';
import { NATS_CONNECTION, SERVICE_CONFIG } from '@bakery/service-kit';
import type { NatsConnection } from 'nats';

/**
 * Each customer's price list, remembered and kept by the customers service's broadcasts
 * (libs/platform's PriceListCache, as the gateway's catalogue does): the cart prices its lines
 * without asking customers each time. Checkout still asks customers fresh (`CustomerTermsClient`,
 * with the hold and the contact), so an order is always priced as the terms are at that moment.
 */
@Injectable()
export class CustomerPriceLists extends PriceListCache implements OnModuleInit, OnModuleDestroy {
  constructor(rpc: RpcClient, @Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(rpc, nc, config.namespace);
  }

  onModuleInit(): void {
    this.start();
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
