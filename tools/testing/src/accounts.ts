import { ApiClient, uniqueEmail } from './http';
import { TEST_ADMIN_KEY } from './stack';

export const TEST_PASSWORD = 'secret123';

/** Registers a customer through the API and returns a client signed in as them. */
export async function signedInCustomer(baseUrl: string, fields: Record<string, unknown> = {}): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const res = await client.post('/api/auth/register', {
    email: uniqueEmail('customer'),
    password: TEST_PASSWORD,
    businessName: 'Corner Coffee',
    businessType: 'coffee_shop',
    ...fields,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** Registers an admin with the test key, signs in through admin-login and returns the client. */
export async function signedInAdmin(baseUrl: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const email = uniqueEmail('admin');
  const reg = await client.post('/api/auth/admin-register', {
    email,
    password: TEST_PASSWORD,
    firstName: 'Ada',
    lastName: 'Baker',
    registrationKey: TEST_ADMIN_KEY,
  });
  if (reg.status !== 201) throw new Error(`admin register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await client.post('/api/auth/admin-login', { email, password: TEST_PASSWORD });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return client;
}

/** Creates a product through the admin API (a bread with a random name unless told); answers its body. */
export async function createProduct<T = { id: string; name: string; stock: number }>(
  admin: ApiClient,
  fields: { name?: string; price: string; stock: number; category?: string; [field: string]: unknown },
): Promise<T> {
  const res = await admin.post('/api/products', {
    ...fields,
    name: fields.name ?? `Loaf ${Math.random().toString(36).slice(2, 8)}`,
    category: fields.category ?? 'breads',
  });
  if (res.status !== 201) throw new Error(`create product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** Puts one unit of `productId` in the customer's cart and places it as an order; answers the order. */
export async function placeOneUnitOrder<T = { id: string }>(customer: ApiClient, productId: string, body: Record<string, unknown> = {}): Promise<T> {
  const line = await customer.post('/api/cart', { productId, quantity: 1 });
  if (line.status !== 201) throw new Error(`add to cart: ${line.status} ${JSON.stringify(line.body)}`);
  const placed = await customer.post('/api/orders', body);
  if (placed.status !== 201) throw new Error(`place order: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body as T;
}
