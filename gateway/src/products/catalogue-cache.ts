import { createHash } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { CatalogBroadcasts, CatalogPatterns, CustomerProduct, priceResolver, Product, type PriceListRule, type ProductsPage, Role } from '@bakery/contracts';
import { RpcClient, subscribeBroadcast } from '@bakery/platform';
import type { NatsConnection, Subscription } from 'nats';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import type { Precompressed } from '../http/content-encoding';
import { compressOnce } from '../http/response-compression';
import { NATS_CONNECTION } from '../messaging/messaging.module';

/** A product list ready to send: the JSON bytes and their entity tag, both computed once. */
export interface CachedBody {
  json: Buffer;
  etag: string;
  /** the JSON compressed for an encoding, made on its first use and kept with the body */
  encoded(encoding: Precompressed['encoding']): Buffer;
}

/** How far the cache's invalidations have gone: a body made from data read before a later one is not kept. */
export interface CacheStamp {
  generation: number;
  listGeneration: number;
}

/**
 * The bytes and their entity tag, made once. The tag is weak: the compressed copies are the same
 * list, so a browser's If-None-Match matches whichever copy it was sent (RFC 9110 section 8.8.1).
 */
export function cachedBody(value: unknown): CachedBody {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  const copies = new Map<Precompressed['encoding'], Buffer>();
  const encoded = (encoding: Precompressed['encoding']) => {
    let copy = copies.get(encoding);
    if (!copy) copies.set(encoding, (copy = compressOnce(json, encoding)));
    return copy;
  };
  return { json, etag: `W/"${json.length.toString(16)}-${createHash('sha1').update(json).digest('base64url')}"`, encoded };
}

/**
 * The product list, as JSON ready to send, per role and, for customers on a price list, per
 * list (issue 19: each customer sees their own prices, made from the customers' list once per
 * price list, never per customer): the busiest read of the app, served from memory. Catalog answers each role in its shape (customers get CustomerProduct, without the
 * bakery's own fields), so this cache never holds those for customers. It drops whenever catalog commits any change to products (the `catalog.changed`
 * broadcast), when a change goes through this gateway (at once, before the broadcast arrives),
 * and after a NATS reconnect (broadcasts may have been missed). A price list's body also drops
 * when that list changes (`dropList`, on the customers service's broadcast or a change through
 * this gateway).
 */
@Injectable()
export class CatalogueCache implements OnModuleInit, OnModuleDestroy {
  private generation = 0;
  private readonly bodies = new Map<Role, CachedBody>();
  private readonly loading = new Map<Role, Promise<CachedBody>>();
  /** the customers' list as catalog answered it, for the price lists' bodies (same generation as `bodies`) */
  private customerProducts?: Promise<CustomerProduct[]>;
  /** per price list id: its body (made from `customerProducts` and the list's rule) */
  private readonly listBodies = new Map<string, CachedBody>();
  private listGeneration = 0;
  private subscription?: Subscription;
  private stopped = false;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit() {
    this.subscription = subscribeBroadcast(this.nc, this.config.namespace, CatalogBroadcasts.changed, () =>
      this.invalidate(),
    );
    void this.watchReconnects();
  }

  onModuleDestroy() {
    this.stopped = true;
    this.subscription?.unsubscribe();
  }

  /**
   * The list for a role, encoded once (a hit costs no stringify, no UTF-8 encode, no ETag hash);
   * concurrent misses share one request to catalog.
   */
  list(role: Role): Promise<CachedBody> {
    const cached = this.bodies.get(role);
    if (cached !== undefined) return Promise.resolve(cached);
    const inFlight = this.loading.get(role);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const load = this.listing(role)
      .then((products) => {
        const body = cachedBody(products);
        // A change committed while this was loading may not be in it: keep it only if none was.
        if (generation === this.generation) {
          this.bodies.set(role, body);
          if (role === 'customer') this.customerProducts ??= Promise.resolve(products as CustomerProduct[]);
        }
        return body;
      })
      .finally(() => {
        if (this.loading.get(role) === load) this.loading.delete(role);
      });
    this.loading.set(role, load);
    return load;
  }

  /**
   * Every product of the role's listing, page after page (catalog pages it to fit NATS messages).
   * A change between two pages can shift one product across their edge: it is taken once, as in
   * the first page it came in (the list is then not kept: see `list`).
   */
  private async listing(role: Role): Promise<Product[] | CustomerProduct[]> {
    const products: (Product | CustomerProduct)[] = [];
    const seen = new Set<string>();
    for (let offset: number | null = 0; offset !== null; ) {
      const page: ProductsPage = await this.rpc.request<ProductsPage>(CatalogPatterns.listProducts, { role, offset });
      for (const product of page.products) {
        if (!seen.has(product.id)) products.push(product);
        seen.add(product.id);
      }
      offset = page.next;
    }
    return products as Product[] | CustomerProduct[];
  }

  /**
   * The customers' list at a price list's prices (`priceResolver`, libs/contracts
   * customer-terms: the only place a customer's price is decided); without a list, the customers'
   * list as it is. Made once per list and kept until the products or the list change. `since`:
   * the `stamp()` taken before the list's rule was read, so a rule that changed meanwhile is
   * answered once but never kept.
   */
  async forList(list: PriceListRule | null, since: CacheStamp = this.stamp()): Promise<CachedBody> {
    if (!list) return this.list('customer');
    const key = list.id.toLowerCase();
    const cached = this.listBodies.get(key);
    if (cached !== undefined) return cached;
    const products = await this.customerList();
    const priceOf = priceResolver(list);
    const body = cachedBody(products.map((p) => ({ ...p, price: priceOf(p.id, p.price) })));
    // as in list(): a change while this was made may not be in it
    if (since.generation === this.generation && since.listGeneration === this.listGeneration) this.listBodies.set(key, body);
    return body;
  }

  /** Where the cache stands now (see forList). */
  stamp(): CacheStamp {
    return { generation: this.generation, listGeneration: this.listGeneration };
  }

  invalidate(): void {
    this.generation++;
    this.bodies.clear();
    this.loading.clear();
    this.customerProducts = undefined;
    this.dropList();
  }

  /** A price list changed (or went): its body goes; `undefined` drops every list's. */
  dropList(priceListId?: string): void {
    this.listGeneration++;
    if (priceListId === undefined) this.listBodies.clear();
    else this.listBodies.delete(priceListId.toLowerCase());
  }

  /** The customers' products as catalog answers them (parsed once per generation). */
  private customerList(): Promise<CustomerProduct[]> {
    if (!this.customerProducts) {
      const generation = this.generation;
      const loading = this.list('customer').then((body) => JSON.parse(body.json.toString('utf8')) as CustomerProduct[]);
      loading.catch(() => {
        if (this.customerProducts === loading) this.customerProducts = undefined;
      });
      if (generation === this.generation) this.customerProducts = loading;
      return loading;
    }
    return this.customerProducts;
  }

  private async watchReconnects(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (this.stopped) return;
      if (status.type === 'reconnect') this.invalidate();
    }
  }
}
