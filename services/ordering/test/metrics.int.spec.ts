import { databaseName } from '@bakery/contracts';
import { withDatabase } from '@bakery/platform';
import { ApiClient, createProduct, placeOneUnitOrder, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { DataSource } from 'typeorm';
import { MetricsService } from '../src/dashboard/metrics.service';
import { OrderStatsZone } from '../src/dashboard/order-stats';

const ZONE = 'Pacific/Kiritimati'; // UTC+14: the bakery's month starts at 10:00 UTC the day before

describe('dashboard metrics: aggregates the orders keep, equal to a recomputation from every order', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let corner: ApiClient;
  let bistro: ApiClient;
  let cornerId: string;
  let bistroId: string;
  let productId: string;
  let ds: DataSource;

  const placeOrder = (client: ApiClient) => placeOneUnitOrder(client, productId);

  beforeAll(async () => {
    stack = await TestStack.start({ env: { BAKERY_TIMEZONE: ZONE } });
    admin = await signedInAdmin(stack.url);
    productId = (await createProduct(admin, { price: '2.50', stock: 1000 })).id;
    corner = await signedInCustomer(stack.url, { businessName: 'Corner Coffee' });
    bistro = await signedInCustomer(stack.url, { businessName: 'Bistro Forno', businessType: 'bakery' });
    cornerId = (await corner.get('/api/auth/user')).body.id;
    bistroId = (await bistro.get('/api/auth/user')).body.id;
    ds = await new DataSource({ type: 'postgres', url: withDatabase(process.env.DATABASE_URL!, databaseName(stack.namespace, 'ordering')) }).initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    await stack?.close();
  });

  it('answers the dashboard figures from aggregates, equal to a recomputation from every order, across a month boundary in the bakery zone', async () => {
    // a mix: status changes and cancellations through the API, and orders either side of the
    // bakery's month boundary (2026-12-01 00:00 in Kiritimati is 2026-11-30 10:00 UTC)
    const pending = await placeOrder(corner);
    expect((await admin.put(`/api/orders/${pending.id}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await admin.put(`/api/orders/${pending.id}/status`, { status: 'cancelled' })).status).toBe(200);
    const mine = await placeOrder(bistro);
    expect((await bistro.post(`/api/orders/${mine.id}/cancel`)).status).toBe(201);
    await stack.query(
      'ordering',
      `INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, customer_email, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'pending', 1.00, 12.50, 0.09, 13.59, 'a@shop.test', '2026-11-30T09:30:00Z', now()),
              (gen_random_uuid(), $1, 'delivered', 2.00, 12.50, 0.17, 14.67, 'a@shop.test', '2026-11-30T10:30:00Z', now()),
              (gen_random_uuid(), $2, 'confirmed', 3.00, 12.50, 0.26, 15.76, 'b@shop.test', '2026-10-31T10:30:00Z', now()),
              (gen_random_uuid(), $2, 'cancelled', 4.00, 12.50, 0.34, 16.84, 'b@shop.test', '2026-11-30T11:00:00Z', now())`,
      [cornerId, bistroId],
    );
    await stack.query('ordering', `UPDATE orders SET status = 'in_transit' WHERE status = 'pending' AND created_at = '2026-11-30T09:30:00Z'`);

    {
      const metrics = new MetricsService(ds, { timeZone: ZONE });
      for (const at of ['2026-12-01T10:30:00Z', '2026-11-30T09:59:00Z', '2026-11-30T10:00:00Z', new Date().toISOString()]) {
        for (const caller of [
          { userId: bistroId, role: 'admin' as const },
          { userId: cornerId, role: 'customer' as const },
          { userId: bistroId, role: 'customer' as const },
        ]) {
          const recomputed = await recompute(ds, at, caller.role === 'admin' ? null : caller.userId);
          expect({ at, caller, figures: await metrics.metrics(caller, new Date(at)) }).toEqual({ at, caller, figures: recomputed });
        }
      }
      // and through the API, at the request's own instant
      expect((await admin.get('/api/dashboard/metrics')).body).toEqual(await recompute(ds, new Date().toISOString(), null));
      expect((await corner.get('/api/dashboard/metrics')).body).toEqual(await recompute(ds, new Date().toISOString(), cornerId));
    }
  });

  it('files every order under its day in the bakery zone again when BAKERY_TIMEZONE changes', async () => {
    const zone = new OrderStatsZone(ds, { timeZone: ZONE } as never);
    const caller = { userId: cornerId, role: 'admin' as const };
    try {
      expect(await zone.useTimeZone('UTC')).toBe(true);
      expect(await zone.useTimeZone('UTC')).toBe(false);
      const at = '2026-12-01T10:30:00Z';
      const utc = await new MetricsService(ds, { timeZone: 'UTC' }).metrics(caller, new Date(at));
      expect(utc).toEqual(await recompute(ds, at, null, 'UTC'));
      // in UTC the order placed at 2026-11-30T10:30Z is November's, in Kiritimati December's
      const kiritimati = await recompute(ds, at, null, ZONE);
      expect(utc.trends.ordersThisMonth).not.toBe(kiritimati.trends.ordersThisMonth);
    } finally {
      expect(await zone.useTimeZone(ZONE)).toBe(true);
    }
    const at = '2026-12-01T10:30:00Z';
    expect(await new MetricsService(ds, { timeZone: ZONE }).metrics(caller, new Date(at))).toEqual(await recompute(ds, at, null, ZONE));
  });
});

/** The dashboard's definitions, computed from every order (what the aggregates must equal). */
async function recompute(ds: DataSource, at: string, customerId: string | null, zone = ZONE) {
  const [r] = await ds.query(
    `WITH s AS (SELECT ($1::timestamptz AT TIME ZONE $2)::date AS today),
          m AS (SELECT today, date_trunc('month', today)::date AS tm, (date_trunc('month', today) - interval '1 month')::date AS lm FROM s),
          o AS (SELECT *, (created_at AT TIME ZONE $2)::date AS day FROM orders WHERE $3::uuid IS NULL OR customer_id = $3)
     SELECT count(*)::int AS "totalOrders",
            coalesce(sum(total) FILTER (WHERE status <> 'cancelled'), 0)::numeric(14,2)::text AS revenue,
            (count(DISTINCT customer_id) FILTER (WHERE day >= m.today - 29))::int AS "activeCustomers",
            (count(*) FILTER (WHERE status = 'pending'))::int AS "pendingOrders",
            (count(*) FILTER (WHERE day >= m.tm))::int AS "ordersThisMonth",
            (count(*) FILTER (WHERE day >= m.lm AND day < m.tm))::int AS "ordersLastMonth",
            coalesce(sum(total) FILTER (WHERE status <> 'cancelled' AND day >= m.tm), 0)::numeric(14,2)::text AS "revenueThisMonth",
            coalesce(sum(total) FILTER (WHERE status <> 'cancelled' AND day >= m.lm AND day < m.tm), 0)::numeric(14,2)::text AS "revenueLastMonth",
            (count(DISTINCT customer_id) FILTER (WHERE day >= m.tm))::int AS "activeCustomersThisMonth",
            (count(DISTINCT customer_id) FILTER (WHERE day >= m.lm AND day < m.tm))::int AS "activeCustomersLastMonth"
       FROM o, m GROUP BY m.today, m.tm, m.lm`,
    [at, zone, customerId],
  );
  const { totalOrders, revenue, activeCustomers, pendingOrders, ...trends } = r;
  return { totalOrders, revenue, activeCustomers, pendingOrders, trends };
}
