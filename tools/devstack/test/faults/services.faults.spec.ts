import { ServiceName } from '@bakery/contracts';
import { eventually } from '@bakery/testing';
import { FaultKit, sleep } from './fault-kit';

/**
 * kill -9 of one service in the middle of a steady checkout load, restarted 3 s later: clients
 * only ever see 2xx, 409 or 503; every order acknowledged with 201 exists; no stock is lost or
 * invented; the gateway recovers without a restart.
 */
describe.each<ServiceName>(['ordering', 'catalog', 'notifications'])('kill -9 of %s under load', (service) => {
  let kit: FaultKit;

  beforeAll(async () => {
    kit = await FaultKit.start();
  });
  afterAll(() => kit?.close());

  it('loses nothing that was acknowledged and recovers by itself', async () => {
    const result = await kit.load(10_000, async () => {
      await sleep(2500);
      await kit.stack.kill(service, 'SIGKILL');
      await sleep(3000);
      kit.stack.spawn(service);
    });
    await kit.waitHealthy();

    expect(FaultKit.unexpected(result)).toEqual([]);
    expect(result.acknowledged.length).toBeGreaterThan(5);
    expect(await kit.missingOrders(result)).toEqual([]);
    expect(await kit.stockMismatches()).toEqual([]);

    // the gateway serves checkouts again without having been restarted
    const customer = kit.customers[0];
    await customer.post('/api/cart', { productId: kit.products[0].id, quantity: 1 });
    expect((await customer.post('/api/orders', {})).status).toBe(201);

    if (service === 'notifications') {
      // every order placed while it was down is counted once it is back
      const placed = await kit.ordersInDatabase();
      await eventually(async () => (await kit.admin.get('/api/admin/notifications/count')).body.count === placed, 20_000);
    }
  });
});

describe('two instances of catalog and of ordering, one of each killed under load', () => {
  let kit: FaultKit;

  beforeAll(async () => {
    kit = await FaultKit.start({ instances: { catalog: 2, ordering: 2 } });
  });
  afterAll(() => kit?.close());

  it('keeps succeeding through the other instances', async () => {
    let killedAt = 0;
    const result = await kit.load(10_000, async () => {
      await sleep(2500);
      await Promise.all([kit.stack.killOne('catalog', 'SIGKILL'), kit.stack.killOne('ordering', 'SIGKILL')]);
      killedAt = Date.now();
    });

    expect(FaultKit.unexpected(result)).toEqual([]);
    // requests sent after the kill (those in flight to the killed instances may time out) succeed
    const afterKill = result.answers.filter((a) => a.sentAt > killedAt + 1000);
    expect(afterKill.filter((a) => a.status === 201).length).toBeGreaterThan(5);
    expect(afterKill.filter((a) => a.status === 503)).toEqual([]);
    expect(await kit.missingOrders(result)).toEqual([]);
    expect(await kit.stockMismatches()).toEqual([]);
  });
});
