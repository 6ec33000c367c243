import {
  CustomerTermsBroadcasts,
  type CustomerTermsChangedEvent,
  CustomerTermsPatterns,
  type PriceListChangedEvent,
  type PriceListRule,
  type ResolvedTerms,
  type ResolveTermsRequest,
} from '@bakery/contracts';
import type { NatsConnection, Subscription } from 'nats';
import { subscribeBroadcast } from '../messaging/broadcast';
import type { RpcClient } from '../messaging/rpc-client';

/** Customers whose list a process remembers at most (the oldest remembered is forgotten first). */
const CUSTOMERS_MAX = 100_000;

/**
 * Which price list each customer is on, and each list's rule (percentage and fixed prices), as
 * the customers service answers them (`customers.terms.resolve`), remembered so that pricing for
 * a customer costs no request once their list is known: the gateway's catalogue reads, ordering's
 * cart. A customer's entry drops when their terms change, a list's rule when the list changes: on
 * the customers service's broadcasts, and everything after a NATS reconnect (broadcasts may have
 * been missed). A read that started before a change is answered but not remembered (the
 * generation). Only the price list: holds and contacts are asked fresh where they matter (checkout).
 */
export class PriceListCache {
  private generation = 0;
  /** user id → price list id (null: the default prices) */
  private readonly listOf = new Map<string, string | null>();
  private readonly rules = new Map<string, PriceListRule>();
  private readonly loading = new Map<string, Promise<PriceListRule | null>>();
  private subscriptions: Subscription[] = [];
  private stopped = false;

  constructor(
    private readonly rpc: RpcClient,
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    /** a list changed (its id), or every list may have (undefined): what the owner keeps per list goes too */
    private readonly onListChanged: (priceListId?: string) => void = () => undefined,
  ) {}

  start(): void {
    this.subscriptions = [
      subscribeBroadcast<CustomerTermsChangedEvent>(this.nc, this.namespace, CustomerTermsBroadcasts.termsChanged, (e) => this.customerChanged(e.customerId)),
      subscribeBroadcast<PriceListChangedEvent>(this.nc, this.namespace, CustomerTermsBroadcasts.priceListChanged, (e) => this.listChanged(e.priceListId)),
    ];
    void this.watchReconnects();
  }

  stop(): void {
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

  /** A list changed or went: its rule goes, and what the owner keeps for it. */
  listChanged(priceListId: string): void {
    this.generation++;
    this.loading.clear();
    this.rules.delete(priceListId.toLowerCase());
    this.onListChanged(priceListId);
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
    this.onListChanged();
  }

  private async watchReconnects(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (this.stopped) return;
      if (status.type === 'reconnect') this.clear();
    }
  }
}
