import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  CustomerTermsBroadcasts,
  type CustomerTermsChangedEvent,
  CustomerTermsPatterns,
  type PriceListChangedEvent,
  type PriceListRule,
  type ResolvedTerms,
  type ResolveTermsRequest,
} from '@bakery/contracts';
import { RpcClient, subscribeBroadcast } from '@bakery/platform';
import type { NatsConnection, Subscription } from 'nats';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { NATS_CONNECTION } from '../messaging/messaging.module';
import { CatalogueCache } from './catalogue-cache';

/** Customers whose list this gateway remembers at most (the oldest remembered is forgotten first). */
const CUSTOMERS_MAX = 100_000;

/**
 * Which price list each customer is on, and each list's rule (percentage and fixed prices), as
 * the customers service answers them (`customers.terms.resolve`), remembered so a catalogue read
 * costs a customer no request once their list is known. A customer's entry drops when their terms
 * change, a list's rule (and the catalogue's body for it) when the list changes: on the customers
 * service's broadcasts, at once for a change made through this gateway, and everything after a
 * NATS reconnect (broadcasts may have been missed). A read that started before a change is
 * answered but not remembered (the generation).
 */
@Injectable()
export class CustomerPriceLists implements OnModuleInit, OnModuleDestroy {
  private generation = 0;
  /** user id → price list id (null: the default prices) */
  private readonly listOf = new Map<string, string | null>();
  private readonly rules = new Map<string, PriceListRule>();
  private readonly loading = new Map<string, Promise<PriceListRule | null>>();
  private subscriptions: Subscription[] = [];
  private stopped = false;

  constructor(
    private readonly rpc: RpcClient,
    private readonly catalogue: CatalogueCache,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit() {
    const { namespace } = this.config;
    this.subscriptions = [
      subscribeBroadcast<CustomerTermsChangedEvent>(this.nc, namespace, CustomerTermsBroadcasts.termsChanged, (e) => this.customerChanged(e.customerId)),
      subscribeBroadcast<PriceListChangedEvent>(this.nc, namespace, CustomerTermsBroadcasts.priceListChanged, (e) => this.listChanged(e.priceListId)),
    ];
    void this.watchReconnects();
  }

  onModuleDestroy() {
    this.stopped = true;
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  /** The customer's price list (null: the default prices); concurrent misses for one customer share one request. */
  ruleOf(userId: string): Promise<PriceListRule | null> {
    const key = userId.toLowerCase();
    const listId = this.listOf.get(key);
    if (listId === null) return Promise.resolve(null);
    const rule = listId === undefined ? undefined : this.rules.get(listId);
    if (rule) return Promise.resolve(rule);
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const request: ResolveTermsRequest = { userId: key };
    const load = this.rpc
      .request<ResolvedTerms>(CustomerTermsPatterns.resolve, request)
      .then(({ priceList }) => {
        if (generation === this.generation) this.remember(key, priceList);
        return priceList;
      })
      .finally(() => {
        if (this.loading.get(key) === load) this.loading.delete(key);
      });
    this.loading.set(key, load);
    return load;
  }

  /** The customer's terms changed (maybe their list): their entry goes. */
  customerChanged(customerId: string): void {
    this.generation++;
    this.loading.clear();
    this.listOf.delete(customerId.toLowerCase());
  }

  /** A list changed or went: its rule goes, and the catalogue's body at its prices. */
  listChanged(priceListId: string): void {
    this.generation++;
    this.loading.clear();
    this.rules.delete(priceListId.toLowerCase());
    this.catalogue.dropList(priceListId);
  }

  private remember(key: string, priceList: PriceListRule | null): void {
    if (!this.listOf.has(key) && this.listOf.size >= CUSTOMERS_MAX) this.listOf.delete(this.listOf.keys().next().value!);
    this.listOf.set(key, priceList ? priceList.id.toLowerCase() : null);
    if (priceList) this.rules.set(priceList.id.toLowerCase(), priceList);
  }

  private clear(): void {
    this.generation++;
    this.loading.clear();
    this.listOf.clear();
    this.rules.clear();
    this.catalogue.dropList();
  }

  private async watchReconnects(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (this.stopped) return;
      if (status.type === 'reconnect') this.clear();
    }
  }
}
