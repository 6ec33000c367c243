import { createHash } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { CatalogBroadcasts, CatalogPatterns, CustomerProduct, Product, Role } from '@bakery/contracts';
import { RpcClient, subscribeBroadcast } from '@bakery/platform';
import type { NatsConnection, Subscription } from 'nats';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { NATS_CONNECTION } from '../messaging/messaging.module';

/** A product list ready to send: the JSON bytes and their entity tag, both computed once. */
export interface CachedBody {
  json: Buffer;
  etag: string;
}

/**
 * The product list, as JSON ready to send, per role: the busiest read of the app, served from
 * memory. Catalog answers each role in its shape (customers get CustomerProduct, without the
 * bakery's own fields), so this cache never holds those for customers. It drops whenever catalog commits any change to products (the `catalog.changed`
 * broadcast), when a change goes through this gateway (at once, before the broadcast arrives),
 * and after a NATS reconnect (broadcasts may have been missed).
 */
@Injectable()
export class CatalogueCache implements OnModuleInit, OnModuleDestroy {
  private generation = 0;
  private readonly bodies = new Map<Role, CachedBody>();
  private readonly loading = new Map<Role, Promise<CachedBody>>();
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
    const load = this.rpc
      .request<Product[] | CustomerProduct[]>(CatalogPatterns.listProducts, { role })
      .then((products) => {
        const json = Buffer.from(JSON.stringify(products), 'utf8');
        const body = { json, etag: `W/"${json.length.toString(16)}-${createHash('sha1').update(json).digest('base64url')}"` };
        // A change committed while this was loading may not be in it: keep it only if none was.
        if (generation === this.generation) this.bodies.set(role, body);
        return body;
      })
      .finally(() => {
        if (this.loading.get(role) === load) this.loading.delete(role);
      });
    this.loading.set(role, load);
    return load;
  }

  invalidate(): void {
    this.generation++;
    this.bodies.clear();
    this.loading.clear();
  }

  private async watchReconnects(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (this.stopped) return;
      if (status.type === 'reconnect') this.invalidate();
    }
  }
}
