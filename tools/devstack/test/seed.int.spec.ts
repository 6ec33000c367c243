import { connectNats, RpcClient } from '@bakery/platform';
import { ApiClient, TestStack } from '@bakery/testing';
import { NatsConnection } from 'nats';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_SCHEDULE, SAMPLE_CATALOGUE, seedAccounts, seedCatalogue, seedDeliverySchedule } from '../src/seed';

describe('npm run seed', () => {
  let stack: TestStack;
  let nc: NatsConnection;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog', 'ordering'] });
    nc = await connectNats(process.env.NATS_URL!, 'seed-test');
  });
  afterAll(async () => {
    await nc?.close();
    await stack?.close();
  });

  it('creates the demo admin and customers once, and they can sign in', async () => {
    const rpc = new RpcClient(nc, stack.namespace, 5000);
    const first: string[] = [];
    await seedAccounts(rpc, (l) => first.push(l));
    expect(first).toEqual([`created admin ${DEMO_ADMIN.email}`, ...DEMO_CUSTOMERS.map((c) => `created customer ${c.email}`)]);

    const again: string[] = [];
    await seedAccounts(rpc, (l) => again.push(l));
    expect(again).toEqual([`kept admin ${DEMO_ADMIN.email} (already there)`, ...DEMO_CUSTOMERS.map((c) => `kept customer ${c.email} (already there)`)]);

    const admin = await new ApiClient(stack.url).post('/api/auth/admin-login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(admin.body.user).toMatchObject({ role: 'admin', firstName: 'Ada' });
    const customer = await new ApiClient(stack.url).post('/api/auth/login', { email: DEMO_CUSTOMERS[0].email, password: DEMO_CUSTOMERS[0].password });
    expect(customer.body.user).toMatchObject({ role: 'customer', businessName: 'Corner Coffee' });
  });

  it('adds the sample catalogue with pictures, once', async () => {
    const rpc = new RpcClient(nc, stack.namespace, 5000);
    await seedAccounts(rpc, () => undefined);
    const log: string[] = [];
    await seedCatalogue(stack.url, (l) => log.push(l));
    expect(log.filter((l) => l.startsWith('created product'))).toHaveLength(SAMPLE_CATALOGUE.length);

    const customer = new ApiClient(stack.url);
    await customer.post('/api/auth/login', { email: DEMO_CUSTOMERS[0].email, password: DEMO_CUSTOMERS[0].password });
    const products = (await customer.get('/api/products')).body as { name: string; category: string; imageUrl: string; price: string }[];
    expect(products).toHaveLength(12);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(['breads', 'pastries', 'bagels']));
    const picture = await fetch(`${stack.url}${products[0].imageUrl}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');

    const again: string[] = [];
    await seedCatalogue(stack.url, (l) => again.push(l));
    expect(again.every((l) => l.startsWith('kept product'))).toBe(true);
    expect((await customer.get('/api/products')).body).toHaveLength(12);
  });

  it('configures the demo delivery schedule and a Christmas closure, once, and keeps a schedule the bakery changed', async () => {
    const rpc = new RpcClient(nc, stack.namespace, 5000);
    await seedAccounts(rpc, () => undefined);
    const log: string[] = [];
    await seedDeliverySchedule(rpc, (l) => log.push(l));
    expect(log[0]).toBe('created delivery schedule Monday–Saturday, order by 2:00 PM the day before');
    expect(log[1]).toMatch(/^created closure (\d{4})-12-25 to \1-12-26$/);

    const admin = new ApiClient(stack.url);
    await admin.post('/api/auth/admin-login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect((await admin.get('/api/admin/delivery-schedule')).body).toEqual(DEMO_SCHEDULE);
    const closures = (await admin.get('/api/admin/closures')).body;
    expect(closures).toEqual([expect.objectContaining({ message: 'Closed for Christmas' })]);

    const changed = { ...DEMO_SCHEDULE, requireDeliveryDate: true };
    await admin.put('/api/admin/delivery-schedule', changed);
    const again: string[] = [];
    await seedDeliverySchedule(rpc, (l) => again.push(l));
    expect(again).toEqual(['kept delivery schedule (already set)', expect.stringMatching(/^kept closure .* \(already there\)$/)]);
    expect((await admin.get('/api/admin/delivery-schedule')).body).toEqual(changed);
    expect((await admin.get('/api/admin/closures')).body).toHaveLength(1);
  });
});
