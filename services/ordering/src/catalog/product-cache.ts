import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CatalogBroadcasts, type Product } from '@bakery/contracts';
import { subscribeBroadcast, type ServiceConfig } from '@bakery/platform';
import { NATS_CONNECTION, SERVICE_CONFIG } from '@bakery/service-kit';
import type { NatsConnection, Subscription } from 'nats';

/** Enough for every product of a large bakery's catalogue; past it the oldest entries go first. */
export const PRODUCT_CACHE_MAX = 5000;

/**
 * Products as catalog last answered them, by id, so a cart call does not ask catalog each time
 * (issue 22: the request to catalog was a third of a cart add's CPU). An entry goes when catalog
 * says the catalogue changed (`catalog.changed`: sent before catalog answers an admin's change,
 * and after every committed change by its products trigger), when ordering itself reserves,
 * releases or adjusts stock of it (`drop`, once catalog has answered), and when NATS reconnects
 * (a broadcast may have been missed). A product that does not exist is not remembered, so ids
 * nobody sells cannot fill it. Stock read here is only ever a first check: reserving at
 * checkout, under catalog's row locks, is the one that counts.
 */
@Injectable()
export class ProductCache implements OnModuleInit, OnModuleDestroy {
  private generation = 0;
  private readonly products = new Map<string, Product>();
  private subscription?: Subscription;
  private stopped = false;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  onModuleInit(): void {
    this.subscription = subscribeBroadcast(this.nc, this.config.namespace, CatalogBroadcasts.changed, () => this.drop());
    void this.watchReconnects();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
  }

  /**
   * The products among `ids` that exist, from memory where known; the rest from `load` (one
   * request for all of them). What `load` read is kept only if nothing was dropped meanwhile: a
   * change committed during the request may not be in its answer.
   */
  async get(ids: readonly string[], load: (missing: string[]) => Promise<Product[]>): Promise<Map<string, Product>> {
    const found = new Map<string, Product>();
    const missing: string[] = [];
    for (const id of ids) {
      const product = this.products.get(id);
      if (product) found.set(id, product);
      else if (!missing.includes(id)) missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const loaded = await load(missing);
    const keep = generation === this.generation;
    for (const product of loaded) {
      found.set(product.id, product);
      if (keep) this.remember(product);
    }
    return found;
  }

  /** Forgets these products (`undefined`: every product), and what a request in flight will answer. */
  drop(ids?: readonly string[]): void {
    this.generation++;
    if (ids === undefined) this.products.clear();
    else for (const id of ids) this.products.delete(id);
  }

  private remember(product: Product): void {
    this.products.delete(product.id);
    if (this.products.size >= PRODUCT_CACHE_MAX) this.products.delete(this.products.keys().next().value!);
    this.products.set(product.id, product);
  }

  private async watchReconnects(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (this.stopped) return;
      if (status.type === 'reconnect') this.drop();
    }
  }
}
