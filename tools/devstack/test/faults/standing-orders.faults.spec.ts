import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DELIVERY_TIME_SLOTS, WEEKDAYS } from '@bakery/contracts';
import { eventually } from '@bakery/testing';
import { FaultKit, restartNats, sleep } from './fault-kit';

/**
 * Standing orders turning into orders at a cut-off while ordering is killed with -9 and NATS
 * restarts, with checkout traffic going on: afterwards every standing order has exactly one
 * order for the date, and stock + units sold still equals the initial stock.
 */
const STANDING_ORDERS = 200;
const PER_CUSTOMER = 10;
const CLOCK_FILE = path.join(tmpdir(), `bakery-fault-clock-${process.pid}`);

describe('standing orders materialising through kill -9 of ordering and a NATS restart', () => {
  let kit: FaultKit;

  beforeAll(async () => {
    writeFileSync(CLOCK_FILE, '2026-12-01T08:00:00.000Z');
    kit = await FaultKit.start({
      customers: STANDING_ORDERS / PER_CUSTOMER,
      instances: { ordering: 2 },
      env: { BAKERY_TEST_CLOCK_FILE: CLOCK_FILE, STANDING_ORDER_INTERVAL_SECONDS: '1' },
    });
    // every day delivers; orders close at 14:00 the day before (the bakery is on UTC)
    const schedule = {
      weekdays: WEEKDAYS.map((weekday) => ({ weekday, delivers: true, leadDays: 1, cutoffTime: '14:00', slots: [...DELIVERY_TIME_SLOTS] })),
      requireDeliveryDate: false,
      autoConfirmAtCutoff: false,
    };
    expect((await kit.admin.put('/api/admin/delivery-schedule', schedule)).status).toBe(200);
    for (const [i, customer] of kit.customers.entries()) {
      for (let n = 0; n < PER_CUSTOMER; n++) {
        const product = kit.products[(i + n) % kit.products.length];
        const res = await customer.post('/api/standing-orders', {
          name: `Standing ${n}`,
          startDate: '2026-12-02',
          endDate: '2026-12-02',
          everyWeeks: 1,
          lines: [{ productId: product.id, quantities: [2, 2, 2, 2, 2, 2, 2] }],
        });
        if (res.status !== 201) throw new Error(`standing order: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  });
  afterAll(async () => {
    await kit?.close();
    rmSync(CLOCK_FILE, { force: true });
  });

  it('leaves exactly one order per standing order and date, and no stock lost or invented', async () => {
    const result = await kit.load(12_000, async () => {
      await sleep(1000);
      writeFileSync(CLOCK_FILE, '2026-12-01T14:00:00.000Z'); // the cut-off of 2 December
      await sleep(700);
      await kit.stack.kill('ordering', 'SIGKILL'); // every ordering instance, mid-run
      await sleep(1500);
      kit.stack.spawn('ordering');
      await sleep(1500);
      await restartNats(1500);
      await kit.waitHealthy(20_000);
    });
    await kit.waitHealthy();
    expect(FaultKit.unexpected(result)).toEqual([]);
    expect(await kit.missingOrders(result)).toEqual([]);

    const deliveries = await eventually(async () => {
      const orders = await kit.admin.all<{ standingOrderId: string | null; deliveryDate: string }>('/api/orders?deliveryDate=2026-12-02&limit=200');
      const fromStanding = orders.filter((o) => o.standingOrderId !== null);
      return fromStanding.length >= STANDING_ORDERS ? fromStanding : undefined;
    }, 60_000, 500);
    expect(deliveries).toHaveLength(STANDING_ORDERS);
    expect(new Set(deliveries.map((o) => o.standingOrderId)).size).toBe(STANDING_ORDERS);
    // stock + units sold = initial: every delivery took its stock once, none was taken for nothing
    expect(await kit.stockMismatches()).toEqual([]);
  });
});
