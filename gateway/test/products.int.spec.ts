import { ApiClient, eventually, rawGet, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { uploadPhoto } from './support/photos';

const PHOTO = '/objects/uploads/0b9c7c2e-5a4e-4f7e-9d7a-1c2b3d4e5f60';

describe('catalogue through the gateway', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let customer: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog'] });
    admin = await signedInAdmin(stack.url);
    customer = await signedInCustomer(stack.url);
  });
  afterAll(() => stack?.close());

  const visibleTo = async (client: ApiClient, id: string) =>
    ((await client.get('/api/products')).body as { id: string }[]).some((p) => p.id === id);

  it('lets an admin create, edit, toggle and delete a product; customers see it only while active', async () => {
    const created = await admin.post('/api/products', {
      name: 'Country Sourdough',
      description: 'Long-fermented',
      price: '6.5',
      category: 'breads',
      stock: 40,
      supplier: 'Mill & Co',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Country Sourdough',
      price: '6.50',
      stock: 40,
      lowStockThreshold: 10,
      reorderLevel: 5,
      reorderQuantity: 50,
      isActive: true,
      reviewStatus: 'approved',
      imageUrl: null,
    });
    const id = created.body.id;
    expect(await visibleTo(customer, id)).toBe(true);

    const edited = await admin.patch(`/api/products/${id}`, { price: '7.25', stock: 55, lowStockThreshold: 12 });
    expect(edited.body).toMatchObject({ price: '7.25', stock: 55, lowStockThreshold: 12, name: 'Country Sourdough' });

    const off = await admin.patch(`/api/products/${id}/toggle-active`);
    expect(off.body.isActive).toBe(false);
    expect(await visibleTo(customer, id)).toBe(false);
    expect(await visibleTo(admin, id)).toBe(true);
    expect((await customer.get(`/api/products/${id}`)).status).toBe(404);
    expect((await admin.patch(`/api/products/${id}/toggle-active`)).body.isActive).toBe(true);
    expect(await visibleTo(customer, id)).toBe(true);

    expect((await admin.delete(`/api/products/${id}`)).body).toEqual({ productId: id });
    expect(await visibleTo(admin, id)).toBe(false);
    expect((await admin.delete(`/api/products/${id}`)).status).toBe(404);
  });

  it('sorts by category then name', async () => {
    for (const [name, category] of [['Zeta Bagel', 'bagels'], ['Alpha Roll', 'breads'], ['Apple Danish', 'pastries']]) {
      await admin.post('/api/products', { name, price: '1.00', category, stock: 5 });
    }
    const list = (await customer.get('/api/products')).body as { name: string; category: string }[];
    const keys = list.map((p) => `${p.category}|${p.name}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('takes a customer submission for review; an admin completes and approves it and customers then see it', async () => {
    // a photo the customer uploaded and registered: a made-up path is refused
    const photo = await uploadPhoto(customer);
    const submitted = await customer.post('/api/products/customer', { price: '3.40', stock: 25, imageUrl: photo });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ reviewStatus: 'pending_review', isActive: false, imageUrl: photo, stock: 25 });
    const id = submitted.body.id;
    expect(await visibleTo(customer, id)).toBe(false);
    expect(((await admin.get('/api/products')).body as any[]).find((p) => p.id === id)?.reviewStatus).toBe('pending_review');

    const approved = await admin.patch(`/api/products/${id}`, {
      name: 'Rosemary Focaccia',
      description: 'From a partner kitchen',
      category: 'breads',
      reviewStatus: 'approved',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ name: 'Rosemary Focaccia', reviewStatus: 'approved', isActive: true });
    expect(await visibleTo(customer, id)).toBe(true);
  });

  it('answers bad product bodies with field messages and writes nothing', async () => {
    const before = (await admin.get('/api/products')).body.length;
    const bad = await admin.post('/api/products', { name: 'X', price: '4.555', category: 'cakes', stock: -1, color: 'red' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'color', 'price', 'stock']);
    expect((await admin.post('/api/products', { name: 'X', price: '100000000', category: 'breads', stock: 1 })).status).toBe(400);
    expect((await admin.post('/api/products', { name: 'X', price: '1.00', category: 'breads', stock: 1.5 })).status).toBe(400);

    const submission = await customer.post('/api/products/customer', { price: '', stock: 501 });
    expect(submission.status).toBe(400);
    expect(submission.body.errors).toEqual({
      imageUrl: ['Product photo is required'],
      price: ['Price is required'],
      stock: ['Quantity cannot exceed 500'],
    });
    expect((await customer.post('/api/products/customer', { price: '2.00', stock: 0, imageUrl: PHOTO })).body.errors).toEqual({
      stock: ['Quantity must be at least 1'],
    });
    expect((await admin.get('/api/products')).body.length).toBe(before);
  });

  it('keeps admin routes from customers (403) and submissions from admins (403); unknown ids 404', async () => {
    expect((await customer.post('/api/products', { name: 'X', price: '1.00', category: 'breads', stock: 1 })).status).toBe(403);
    expect((await customer.patch('/api/products/0b9c7c2e-5a4e-4f7e-9d7a-1c2b3d4e5f60/toggle-active')).status).toBe(403);
    expect((await admin.post('/api/products/customer', { price: '1.00', stock: 1, imageUrl: PHOTO })).status).toBe(403);
    expect((await admin.patch('/api/products/0b9c7c2e-5a4e-4f7e-9d7a-1c2b3d4e5f60', { stock: 1 })).status).toBe(404);
    expect((await admin.get('/api/products/not-an-id')).status).toBe(404);
  });

  it('lists low-stock products for the admin dashboard, lowest first, and a restock takes one off', async () => {
    const a = (await admin.post('/api/products', { name: 'Low A', price: '1.00', category: 'breads', stock: 3 })).body;
    const b = (await admin.post('/api/products', { name: 'Low B', price: '1.00', category: 'breads', stock: 1 })).body;
    const low = (await admin.get('/api/admin/inventory/low-stock')).body as { id: string; stock: number }[];
    const ids = low.map((p) => p.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(low.map((p) => p.stock)).toEqual([...low.map((p) => p.stock)].sort((x, y) => x - y));
    await admin.patch(`/api/products/${a.id}`, { stock: 100 });
    await eventually(async () => !((await admin.get('/api/admin/inventory/low-stock')).body as any[]).some((p) => p.id === a.id));
    expect((await customer.get('/api/admin/inventory/low-stock')).status).toBe(403);
  });

  it('serves the list from the catalogue cache and shows every change on the next request, on every gateway', async () => {
    const second = await stack.startGateway();
    const onSecond = admin.on(second.url);
    const loaf = (await admin.post('/api/products', { name: 'Cached Loaf', price: '2.00', category: 'breads', stock: 9 })).body;
    const priceSeenBy = async (client: ApiClient) =>
      ((await client.get('/api/products')).body as { id: string; price: string }[]).find((p) => p.id === loaf.id)?.price;

    expect(await priceSeenBy(customer)).toBe('2.00'); // now cached on the first gateway
    // a change through this gateway: visible on the very next request
    await admin.patch(`/api/products/${loaf.id}`, { price: '2.10' });
    expect(await priceSeenBy(customer)).toBe('2.10');
    // a change through another gateway reaches this one's cache through catalog's broadcast
    expect((await onSecond.patch(`/api/products/${loaf.id}`, { price: '2.20' })).status).toBe(200);
    await eventually(async () => (await priceSeenBy(customer)) === '2.20', 2000, 20);
    await second.close();
  });

  it('tags the list with an ETag per role and content: a matching If-None-Match gets 304, a change a new tag', async () => {
    await admin.post('/api/products', { name: 'Hidden Loaf', price: '3.00', category: 'breads', stock: 4, isActive: false });
    const first = await customer.get('/api/products');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await customer.get('/api/products')).headers.get('etag')).toBe(etag);
    // the admin's list is another body (inactive products too): another tag
    expect((await admin.get('/api/products')).headers.get('etag')).not.toBe(etag);

    // (node:http, not fetch: fetch adds Cache-Control: no-cache to a request with If-None-Match)
    const revalidated = await rawGet(stack.url, '/api/products', { cookie: customer.cookie!, 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');

    await admin.post('/api/products', { name: 'Tagged Loaf', price: '3.00', category: 'breads', stock: 4 });
    const changed = await rawGet(stack.url, '/api/products', { cookie: customer.cookie!, 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((JSON.parse(changed.body) as { name: string }[]).map((p) => p.name)).toContain('Tagged Loaf');
  });

  it('serves the cached list only to a live session, also after another gateway in this process came and went: a logged-out or forged cookie gets 401', async () => {
    await (await stack.startGateway()).close(); // it must not take this gateway's sessions with it
    const shopper = await signedInCustomer(stack.url);
    expect((await shopper.get('/api/products')).status).toBe(200);
    expect((await shopper.get('/api/products')).status).toBe(200); // now from memory
    const cookie = shopper.cookie!;
    expect((await shopper.post('/api/auth/logout')).status).toBe(200);

    const replayed = await rawGet(stack.url, '/api/products', { cookie });
    expect(replayed.status).toBe(401);
    expect(JSON.parse(replayed.body)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    const [name, token] = cookie.split('=');
    const forged = await rawGet(stack.url, '/api/products', { cookie: `${name}=${token.slice(0, -2)}xx` });
    expect(forged.status).toBe(401);
    expect((await rawGet(stack.url, '/api/products', {})).status).toBe(401);
  });

  it('answers the list from memory: it keeps serving it while catalog is down', async () => {
    const before = await customer.get('/api/products');
    await stack.stopService('catalog');
    try {
      const during = await customer.get('/api/products');
      expect(during.status).toBe(200);
      expect(during.body).toEqual(before.body);
      expect((await admin.post('/api/products', { name: 'X', price: '1.00', category: 'breads', stock: 1 })).status).toBe(503);
    } finally {
      await stack.startService('catalog');
    }
  });
});
