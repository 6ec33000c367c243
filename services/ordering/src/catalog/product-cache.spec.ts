import { broadcastSubject, CatalogBroadcasts, CatalogPatterns, type Product } from '@bakery/contracts';
import type { RpcClient, ServiceConfig } from '@bakery/platform';
import type { NatsConnection } from 'nats';
import { CatalogClient } from './catalog.client';
import { PRODUCT_CACHE_MAX, ProductCache } from './product-cache';

const product = (n: number, stock = 10): Product =>
  ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Loaf ${n}`, price: '3.00', stock, isActive: true, reviewStatus: 'approved' }) as Product;
const id = (n: number) => product(n).id;

/** A NATS connection that hands the test its broadcast callbacks and its status stream. */
function fakeNats() {
  const callbacks = new Map<string, (err: unknown, msg: unknown) => void>();
  let pushStatus: (status: { type: string }) => void = () => undefined;
  const statuses: AsyncIterable<{ type: string }> = {
    [Symbol.asyncIterator]: () => ({
      next: () => new Promise((resolve) => (pushStatus = (value) => resolve({ value, done: false }))),
    }),
  };
  const nc = {
    subscribe: (subject: string, opts: { callback: (err: unknown, msg: unknown) => void }) => {
      callbacks.set(subject, opts.callback);
      return { unsubscribe: () => callbacks.delete(subject) };
    },
    status: () => statuses,
  } as unknown as NatsConnection;
  return {
    nc,
    broadcast: (topic: string) => callbacks.get(broadcastSubject('test', topic))?.(null, { data: new TextEncoder().encode('{}') }),
    status: (type: string) => pushStatus({ type }),
  };
}

/** catalog as ordering reaches it: answers from `stock`, records what was asked. */
function setup() {
  const stock = new Map<string, Product>([1, 2, 3].map((n) => [id(n), product(n)]));
  const asked: string[][] = [];
  const request = jest.fn(async (pattern: string, req: { ids?: string[] }) => {
    if (pattern === CatalogPatterns.getProducts) {
      asked.push(req.ids!);
      return req.ids!.flatMap((i) => (stock.has(i) ? [stock.get(i)!] : []));
    }
    if (pattern === CatalogPatterns.reserve && (req as { orderId: string }).orderId === 'refused') throw new Error('out of stock');
    return {};
  });
  const nats = fakeNats();
  const cache = new ProductCache(nats.nc, { namespace: 'test' } as ServiceConfig);
  cache.onModuleInit();
  const client = new CatalogClient({ request } as unknown as RpcClient, cache);
  return { client, cache, stock, asked, nats };
}

describe('ProductCache (through CatalogClient.products)', () => {
  it('asks catalog only for the products it does not know, in one request', async () => {
    const { client, asked } = setup();
    expect([...(await client.products([id(1), id(2)])).keys()]).toEqual([id(1), id(2)]);
    const again = await client.products([id(2), id(3), id(1), id(3)]);
    expect([...again.values()].map((p) => p.name).sort()).toEqual(['Loaf 1', 'Loaf 2', 'Loaf 3']);
    expect(asked).toEqual([[id(1), id(2)], [id(3)]]);
  });

  it('does not remember a product that does not exist', async () => {
    const { client, asked } = setup();
    expect((await client.products([id(9)])).size).toBe(0);
    expect((await client.products([id(9)])).size).toBe(0);
    expect(asked).toEqual([[id(9)], [id(9)]]);
  });

  it('forgets everything on catalog.changed, and on a NATS reconnect', async () => {
    const { client, stock, asked, nats } = setup();
    await client.products([id(1)]);
    stock.set(id(1), product(1, 4));
    nats.broadcast(CatalogBroadcasts.changed);
    expect((await client.products([id(1)])).get(id(1))?.stock).toBe(4);
    nats.status('reconnect');
    await new Promise((resolve) => setImmediate(resolve));
    await client.products([id(1)]);
    expect(asked).toEqual([[id(1)], [id(1)], [id(1)]]);
  });

  it('forgets the products ordering reserved or adjusted once catalog answered, refused or not', async () => {
    const { client, asked } = setup();
    await client.products([id(1), id(2), id(3)]);
    await client.reserve('o1', [{ productId: id(1), quantity: 1 }]);
    await expect(client.reserve('refused', [{ productId: id(2), quantity: 1 }])).rejects.toThrow('out of stock');
    await client.products([id(1), id(2), id(3)]);
    await client.adjust('o1', 'a1', [{ productId: id(3), quantity: 1 }], [{ productId: id(1), quantity: 2 }]);
    await client.products([id(1), id(2), id(3)]);
    expect(asked).toEqual([[id(1), id(2), id(3)], [id(1), id(2)], [id(1), id(3)]]);
  });

  it('forgets every product on a release (catalog knows what the reservation held) and on standing deliveries', async () => {
    const { client, asked } = setup();
    await client.products([id(1), id(2)]);
    await client.release('o1');
    await client.products([id(1), id(2)]);
    await client.reserveAvailableMany([{ orderId: 'o2', lines: [{ productId: id(2), quantity: 1 }] }]);
    await client.products([id(1), id(2)]);
    expect(asked).toEqual([[id(1), id(2)], [id(1), id(2)], [id(2)]]);
  });

  it('answers but does not keep what was read while a change came in', async () => {
    const { client, cache, asked } = setup();
    let answer!: (products: Product[]) => void;
    const reading = cache.get([id(1)], () => new Promise<Product[]>((resolve) => (answer = resolve)));
    cache.drop();
    answer([product(1, 7)]);
    expect((await reading).get(id(1))?.stock).toBe(7);
    await client.products([id(1)]);
    expect(asked).toEqual([[id(1)]]);
  });

  it(`keeps at most ${PRODUCT_CACHE_MAX} products, the oldest going first`, async () => {
    const { cache } = setup();
    const all = Array.from({ length: PRODUCT_CACHE_MAX + 1 }, (_, n) => product(n));
    await cache.get(all.map((p) => p.id), async () => all);
    const load = jest.fn(async (missing: string[]) => all.filter((p) => missing.includes(p.id)));
    await cache.get([all[0].id, all[1].id, all[PRODUCT_CACHE_MAX].id], load);
    expect(load.mock.calls).toEqual([[[all[0].id]]]);
  });
});
