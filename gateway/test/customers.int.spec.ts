import { ApiClient, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';

describe('customer directory (admin)', () => {
  let stack: TestStack;
  let admin: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers'] });
    admin = await signedInAdmin(stack.url);
  });
  afterAll(() => stack?.close());

  it('creates customers of all four business types, lists them newest first with their profiles, and they can sign in', async () => {
    const created = [];
    for (const businessType of ['coffee_shop', 'bakery', 'restaurant', 'other']) {
      const email = uniqueEmail(businessType);
      const res = await admin.post('/api/customers', {
        email,
        password: TEST_PASSWORD,
        firstName: 'Rosa',
        lastName: 'Pane',
        businessName: `The ${businessType} place`,
        businessType,
        phone: '+1 555 0100',
        address: '1 Flour Street\nSuite 2\nDough City',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email, role: 'customer', businessType, firstName: 'Rosa', phone: '+1 555 0100' });
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
      created.push(res.body);
    }

    const list = await admin.get('/api/customers');
    expect(list.status).toBe(200);
    const ours = list.body.filter((c: { id: string }) => created.some((x) => x.id === c.id));
    expect(ours.map((c: { id: string }) => c.id)).toEqual(created.map((c) => c.id).reverse());
    expect(ours[0]).toEqual(created[3]);
    expect(list.body.every((c: { role: string }) => c.role === 'customer')).toBe(true);

    const signIn = await new ApiClient(stack.url).post('/api/auth/login', { email: created[2].email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ businessType: 'restaurant', address: '1 Flour Street\nSuite 2\nDough City' });
  });

  it('answers 409 for a taken email and 400 with field messages for bad input, writing nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await admin.post('/api/customers', { email, password: TEST_PASSWORD })).status).toBe(201);
    const count = async () => (await admin.all('/api/customers')).length;
    const before = await count();

    const dup = await admin.post('/api/customers', { email, password: TEST_PASSWORD });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('An account with this email already exists');

    const bad = await admin.post('/api/customers', { email: 'nope', password: '1', businessType: 'food_truck', role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      email: ['Please enter a valid email'],
      password: ['Password must be at least 6 characters'],
      businessType: ['Business type must be one of coffee_shop, bakery, restaurant, other'],
      role: ['property role should not exist'],
    });
    expect(await count()).toBe(before);
  });

  it('shows one customer and saves an edit of their profile and names', async () => {
    const created = (await admin.post('/api/customers', { email: uniqueEmail('edit'), password: TEST_PASSWORD, businessName: 'Old Name' })).body;
    const one = await admin.get(`/api/customers/${created.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created);

    const edited = await admin.patch(`/api/customers/${created.id}`, {
      businessName: 'New Name',
      phone: '555-0199',
      firstName: 'Lena',
      businessType: 'other',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ businessName: 'New Name', phone: '555-0199', firstName: 'Lena', businessType: 'other', email: created.email });
    expect((await admin.get(`/api/customers/${created.id}`)).body).toEqual(edited.body);
  });

  it('answers 404 for an unknown customer or an admin’s id', async () => {
    expect((await admin.get('/api/customers/6f1c1f1e-1111-4a4a-9a9a-123456789abc')).status).toBe(404);
    expect((await admin.get('/api/customers/not-a-uuid')).status).toBe(404);
    const me = (await admin.get('/api/auth/user')).body;
    expect((await admin.get(`/api/customers/${me.id}`)).status).toBe(404);
    expect((await admin.patch('/api/customers/6f1c1f1e-1111-4a4a-9a9a-123456789abc', { phone: '1' })).status).toBe(404);
  });

  it('is closed to customers (403) and to visitors (401)', async () => {
    const customer = await signedInCustomer(stack.url);
    expect((await customer.get('/api/customers')).status).toBe(403);
    expect((await customer.post('/api/customers', { email: uniqueEmail(), password: TEST_PASSWORD })).status).toBe(403);
    expect((await new ApiClient(stack.url).get('/api/customers')).status).toBe(401);
  });
});
