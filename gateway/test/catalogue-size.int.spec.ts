/**
 * A catalogue bigger than one NATS message (max_payload, 1 MB by default): catalog answers it in
 * pages of at most REPLY_PAGE_BYTES and the gateway's catalogue cache reads them all, so admins
 * and customers get the whole list. Before, the one reply outgrew the message and everyone's
 * catalogue was a 500.
 */
import { ApiClient, createProduct, mapLimit, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';

const NAMES = Array.from({ length: 200 }, (_, i) => `Vollkornbrot ${String(i).padStart(3, '0')}`);
// 2,000 characters of a 3-byte script: 6 KB of JSON a product, 1.2 MB for the 200
const DESCRIPTION = '全粒粉のパン'.repeat(333);

describe('a catalogue bigger than one NATS message', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let customer: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog'] });
    admin = await signedInAdmin(stack.url);
    customer = await signedInCustomer(stack.url);
    await mapLimit(NAMES, 8, (name) => createProduct(admin, { name, description: DESCRIPTION, price: '4.20', stock: 10 }));
  });
  afterAll(() => stack?.close());

  it.each([
    ['an admin', () => admin],
    ['a customer', () => customer],
  ])('is answered whole to %s, in the listing order', async (_who, client) => {
    const res = await client().get('/api/products');
    expect(res.status).toBe(200);
    const products = res.body as { name: string; description: string }[];
    expect(Buffer.byteLength(JSON.stringify(products))).toBeGreaterThan(1024 * 1024);
    expect(products.map((p) => p.name)).toEqual(NAMES);
    expect(products.every((p) => p.description === DESCRIPTION)).toBe(true);
  });
});
