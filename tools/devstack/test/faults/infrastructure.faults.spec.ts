import { FaultKit, restartNats, restartPostgres, sleep } from './fault-kit';

/**
 * The shared servers themselves going away under load. These restart the machine's NATS and
 * Postgres, so this file runs alone (npm run test:faults runs in band, after npm test).
 */
describe('NATS restarted under load', () => {
  let kit: FaultKit;

  beforeAll(async () => {
    kit = await FaultKit.start();
  });
  afterAll(() => kit?.close());

  it('has every service and the gateway back within 10 s, and loses no acknowledged order or its events', async () => {
    let backAfterMs = Infinity;
    const result = await kit.load(12_000, async () => {
      await sleep(2500);
      await restartNats(1500);
      const restartedAt = Date.now();
      // /api/health is 200 only when the gateway and all five services answer over NATS again
      await kit.waitHealthy(10_000);
      backAfterMs = Date.now() - restartedAt;
    });
    expect(backAfterMs).toBeLessThan(10_000);

    expect(FaultKit.unexpected(result)).toEqual([]);
    expect(await kit.missingOrders(result)).toEqual([]);
    // an order.placed lost on the way would leave its reservation to expire: stock would come back
    expect(await kit.stockMismatches()).toEqual([]);
  });
});

describe('Postgres restarted under load', () => {
  let kit: FaultKit;

  beforeAll(async () => {
    kit = await FaultKit.start();
  });
  afterAll(() => kit?.close());

  it('has the services reconnect and loses no acknowledged order', async () => {
    const result = await kit.load(12_000, async () => {
      await sleep(2500);
      restartPostgres();
    });
    await kit.waitHealthy(20_000);

    expect(FaultKit.unexpected(result)).toEqual([]);
    expect(await kit.missingOrders(result)).toEqual([]);
    expect(await kit.stockMismatches()).toEqual([]);
  });
});
