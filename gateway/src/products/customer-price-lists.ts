import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PriceListCache, RpcClient } from '@bakery/platform';
import type { NatsConnection } from 'nats';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { NATS_CONNECTION } from '../messaging/messaging.module';
import { CatalogueCache } from './catalogue-cache';

/**
 * Which price list each customer is on and each list's rule (libs/platform's PriceListCache, kept
 * by the customers service's broadcasts), so a catalogue read costs a customer no request once
 * their list is known. A list that changes also drops the catalogue's body at its prices.
 */
@Injectable()
export class CustomerPriceLists extends PriceListCache implements OnModuleInit, OnModuleDestroy {
  constructor(rpc: RpcClient, catalogue: CatalogueCache, @Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super(rpc, nc, config.namespace, (priceListId) => catalogue.dropList(priceListId));
  }

  onModuleInit(): void {
    this.start();
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
