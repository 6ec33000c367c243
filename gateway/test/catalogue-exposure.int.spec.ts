/**
 * Customers were sent the bakery's own catalogue fields: supplier, reorder level and quantity,
 * and submittedBy (another customer's id). They now get exactly what spec section 7 lists for
 * GET /api/products (isActive, stock, lowStockThreshold, name, description, category, price,
 * imageUrl) and the id; admins keep every field.
 */
import { ApiClient, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { uploadPhoto } from './support/photos';

// the spec's fields, and leadDays: the notice a product needs, which the cart's dates depend on (issue 16)
const CUSTOMER_FIELDS = ['category', 'description', 'id', 'imageUrl', 'isActive', 'leadDays', 'lowStockThreshold', 'name', 'price', 'stock'];
const BAKERY_ONLY = ['supplier', 'reorderLevel', 'reorderQuantity', 'submittedBy', 'reviewStatus', 'createdAt', 'updatedAt'];

describe('what customers see of a product', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let submitter: ApiClient;
  let shopper: ApiClient;
  let fromSupplier: { id: string };
  let fromCustomer: { id: string };

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog'] });
    admin = await signedInAdmin(stack.url);
    submitter = await signedInCustomer(stack.url);
    shopper = await signedInCustomer(stack.url);

    fromSupplier = (
      await admin.post('/api/products', {
        name: 'Miller Rye',
        description: 'Dark rye',
        price: '5.75',
        category: 'breads',
        stock: 30,
        supplier: 'Hudson Mill (net 30, contact: orders@hudson.example)',
        reorderLevel: 12,
        reorderQuantity: 200,
        imageUrl: await uploadPhoto(admin),
      })
    ).body;
    // a customer's submission, approved: it carries that customer's id
    const submission = await submitter.post('/api/products/customer', { price: '3.20', stock: 24, imageUrl: await uploadPhoto(submitter) });
    expect(submission.status).toBe(201);
    fromCustomer = (
      await admin.patch(`/api/products/${submission.body.id}`, { name: 'Partner Focaccia', category: 'breads', supplier: 'Partner kitchen', reviewStatus: 'approved' })
    ).body;
  });
  afterAll(() => stack?.close());

  it('lists, for a customer, only the fields the spec lists (and the id), for every product', async () => {
    const res = await shopper.get('/api/products');
    expect(res.status).toBe(200);
    const list = res.body as Record<string, unknown>[];
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining([fromSupplier.id, fromCustomer.id]));
    for (const product of list) expect(Object.keys(product).sort()).toEqual(CUSTOMER_FIELDS);
    expect(JSON.stringify(list)).not.toMatch(/Hudson Mill|Partner kitchen/);
    const submitterId = (await submitter.get('/api/auth/user')).body.id;
    expect(JSON.stringify(list)).not.toContain(submitterId);
  });

  it('answers one product to a customer with the same fields only', async () => {
    for (const { id } of [fromSupplier, fromCustomer]) {
      const res = await shopper.get(`/api/products/${id}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(CUSTOMER_FIELDS);
      for (const field of BAKERY_ONLY) expect(res.body).not.toHaveProperty(field);
    }
    expect(await shopper.get(`/api/products/${fromSupplier.id}`)).toMatchObject({
      body: { name: 'Miller Rye', description: 'Dark rye', price: '5.75', category: 'breads', stock: 30, lowStockThreshold: 10, isActive: true },
    });
  });

  it('still gives admins every field, in the list and one by one', async () => {
    const submitterId = (await submitter.get('/api/auth/user')).body.id;
    const list = (await admin.get('/api/products')).body as Record<string, unknown>[];
    const one = (await admin.get(`/api/products/${fromCustomer.id}`)).body;
    for (const product of [list.find((p) => p.id === fromCustomer.id), one]) {
      expect(product).toMatchObject({ supplier: 'Partner kitchen', reorderLevel: 5, reorderQuantity: 50, submittedBy: submitterId, reviewStatus: 'approved' });
      expect(Object.keys(product!)).toEqual(expect.arrayContaining([...CUSTOMER_FIELDS, ...BAKERY_ONLY]));
    }
    expect((await admin.get(`/api/products/${fromSupplier.id}`)).body).toMatchObject({ supplier: 'Hudson Mill (net 30, contact: orders@hudson.example)', reorderLevel: 12, reorderQuantity: 200 });
  });

  it('serves the customer shape from the catalogue cache too, and on a second gateway', async () => {
    const second = await stack.startGateway();
    try {
      for (const client of [shopper, shopper, shopper.on(second.url)]) {
        const list = (await client.get('/api/products')).body as Record<string, unknown>[];
        for (const product of list) expect(Object.keys(product).sort()).toEqual(CUSTOMER_FIELDS);
      }
    } finally {
      await second.close();
    }
  });
});
