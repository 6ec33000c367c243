import { DEFAULT_MAIL_PREFERENCES, Messages, PasswordChangeMessages } from '@bakery/contracts';
import { ApiClient, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';

/** Wrong current passwords an account may give within the window (LOGIN_MAX_FAILURES), low here to test the limit. */
const CHANGE_LIMIT = 3;

const ACCOUNT_ROUTES: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/account'],
  ['PATCH', '/api/account', { businessName: 'Admin Bakery' }],
  ['POST', '/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'another-secret' }],
  ['GET', '/api/account/notifications'],
  ['PUT', '/api/account/notifications', { orderUpdates: false }],
];

describe('the customer’s own account (issue 20)', () => {
  let stack: TestStack;
  let admin: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'notifications'], env: { LOGIN_MAX_FAILURES: String(CHANGE_LIMIT) } });
    admin = await signedInAdmin(stack.url);
  });
  afterAll(() => stack?.close());

  async function newCustomer(fields: Record<string, unknown> = {}) {
    const email = uniqueEmail('account');
    const client = await signedInCustomer(stack.url, { email, ...fields });
    const id: string = (await client.get('/api/auth/user')).body.id;
    return { client, email, id };
  }

  const signIn = (email: string, password: string) => new ApiClient(stack.url).post('/api/auth/login', { email, password });

  describe('business details', () => {
    it('answers the signed-in customer’s own account, as an admin sees it', async () => {
      const { client, email, id } = await newCustomer({ businessName: 'Corner Coffee' });
      const own = await client.get('/api/account');
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ id, email, role: 'customer', businessName: 'Corner Coffee', businessType: 'coffee_shop', dropPosition: null });
      expect(own.body).toEqual((await admin.get(`/api/customers/${id}`)).body);
      expect(JSON.stringify(own.body)).not.toMatch(/password|hash/i);
    });

    it('saves the customer-editable fields on their own account only, and clears a field sent as null', async () => {
      const me = await newCustomer({ businessName: 'Old Name' });
      const other = await newCustomer({ businessName: 'Other Cafe' });
      await admin.patch(`/api/customers/${me.id}`, { dropPosition: 4, phone: '+1 555 0000' });

      const res = await me.client.patch('/api/account', {
        businessName: '  New Name  ',
        businessType: 'bakery',
        address: '1 Crust Road\nDough City',
        firstName: 'Rosa',
        lastName: 'Pane',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: me.id,
        businessName: 'New Name',
        businessType: 'bakery',
        phone: '+1 555 0000',
        address: '1 Crust Road\nDough City',
        firstName: 'Rosa',
        lastName: 'Pane',
        // the bakery's field stays as the bakery set it
        dropPosition: 4,
      });
      expect((await me.client.get('/api/account')).body).toEqual(res.body);
      expect((await admin.get(`/api/customers/${me.id}`)).body).toMatchObject({ businessName: 'New Name', firstName: 'Rosa' });
      expect((await me.client.get('/api/auth/user')).body).toMatchObject({ businessName: 'New Name', firstName: 'Rosa' });

      const cleared = await me.client.patch('/api/account', { phone: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ phone: null, businessName: 'New Name' });

      // the other customer is untouched
      expect((await other.client.get('/api/account')).body).toMatchObject({ id: other.id, businessName: 'Other Cafe', firstName: null });
    });

    it('refuses bad fields, the drop position and the bakery-only business types with field messages, changing nothing', async () => {
      const me = await newCustomer({ businessName: 'Steady Cafe' });
      const before = (await me.client.get('/api/account')).body;

      const bad = await me.client.patch('/api/account', { businessName: 'x', phone: 'p'.repeat(41), businessType: 'restaurant' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        businessName: [Messages.businessName],
        phone: ['Phone must be at most 40 characters'],
        businessType: ['Business type must be coffee_shop or bakery'],
      });
      const position = await me.client.patch('/api/account', { dropPosition: 1 });
      expect(position.status).toBe(400);
      expect(Object.keys(position.body.errors)).toEqual(['dropPosition']);
      const notAnObject = await me.client.call('PATCH', '/api/account', '[]');
      expect(notAnObject.status).toBe(400);

      expect((await me.client.get('/api/account')).body).toEqual(before);
    });

    it('keeps a type the bakery gave (restaurant) when the customer changes other fields', async () => {
      const email = uniqueEmail('restaurant');
      expect((await admin.post('/api/customers', { email, password: TEST_PASSWORD, businessType: 'restaurant', businessName: 'Bistro' })).status).toBe(201);
      const client = new ApiClient(stack.url);
      expect((await client.post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(200);
      const res = await client.patch('/api/account', { phone: '+1 555 0101' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ businessType: 'restaurant', phone: '+1 555 0101', businessName: 'Bistro' });
    });

    it('is for customers only: an admin gets 403 on every account route, and nobody signed in 401', async () => {
      const anonymous = new ApiClient(stack.url);
      for (const [method, path, body] of ACCOUNT_ROUTES) {
        const asAdmin = await admin.call(method, path, body);
        expect({ method, path, status: asAdmin.status }).toEqual({ method, path, status: 403 });
        expect(asAdmin.body.code).toBe('FORBIDDEN');
        const asNobody = await anonymous.call(method, path, body);
        expect({ method, path, status: asNobody.status }).toEqual({ method, path, status: 401 });
      }
      // the admin's password still works: the refused change changed nothing
      expect((await admin.get('/api/auth/user')).status).toBe(200);
    });
  });

  describe('password', () => {
    it('changes the password: the old one no longer signs in, the new one does, other sessions end and this one stays', async () => {
      const me = await newCustomer();
      const elsewhere = new ApiClient(stack.url);
      expect((await elsewhere.post('/api/auth/login', { email: me.email, password: TEST_PASSWORD })).status).toBe(200);
      expect((await elsewhere.get('/api/auth/user')).status).toBe(200);

      const res = await me.client.post('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'fresh-password-1' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: PasswordChangeMessages.changed });

      // this session stays signed in; the other one has ended
      expect((await me.client.get('/api/account')).status).toBe(200);
      expect((await me.client.get('/api/auth/user')).body.email).toBe(me.email);
      expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
      const [{ n }] = await stack.query<{ n: number }>('auth', `SELECT count(*)::int AS n FROM sessions WHERE sess->>'userId' = $1`, [me.id]);
      expect(n).toBe(1);

      expect((await signIn(me.email, TEST_PASSWORD)).status).toBe(401);
      expect((await signIn(me.email, 'fresh-password-1')).status).toBe(200);
    });

    it('refuses a wrong current password (400 on currentPassword), and a new one that breaks the rules, changing nothing', async () => {
      const me = await newCustomer();
      const elsewhere = new ApiClient(stack.url);
      expect((await elsewhere.post('/api/auth/login', { email: me.email, password: TEST_PASSWORD })).status).toBe(200);

      const wrong = await me.client.post('/api/account/password', { currentPassword: 'not-my-password', newPassword: 'fresh-password-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: [PasswordChangeMessages.wrongCurrent] });

      const weak = await me.client.post('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: '12345' });
      expect(weak.status).toBe(400);
      expect(weak.body.errors).toEqual({ newPassword: [Messages.password] });

      const missing = await me.client.post('/api/account/password', {});
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ currentPassword: [PasswordChangeMessages.currentRequired], newPassword: [Messages.password] });

      const same = await me.client.post('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
      expect(same.status).toBe(400);
      expect(same.body.errors).toEqual({ newPassword: [PasswordChangeMessages.sameAsCurrent] });

      // nothing changed: both sessions live, the old password signs in, the would-be new one does not
      expect((await elsewhere.get('/api/auth/user')).status).toBe(200);
      expect((await me.client.get('/api/auth/user')).status).toBe(200);
      expect((await signIn(me.email, 'fresh-password-1')).status).toBe(401);
      expect((await signIn(me.email, TEST_PASSWORD)).status).toBe(200);
    });

    it('limits guesses of the current password per account (429, even for the right one), like sign-in', async () => {
      const me = await newCustomer();
      const other = await newCustomer();
      for (let i = 0; i < CHANGE_LIMIT; i++) {
        expect((await me.client.post('/api/account/password', { currentPassword: `guess-${i}`, newPassword: 'fresh-password-1' })).status).toBe(400);
      }
      const limited = await me.client.post('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'fresh-password-1' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(PasswordChangeMessages.tooMany(15));
      expect((await signIn(me.email, TEST_PASSWORD)).status).toBe(200);
      // another account is not limited by it
      expect((await other.client.post('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'fresh-password-1' })).status).toBe(200);

      // once the window is over (its start moved back rather than waited for), the right password works, and clears the count
      await stack.query('auth', `UPDATE rate_counters SET window_started_at = now() - interval '1 day' WHERE key = $1`, [`password-change:${me.id}`]);
      expect((await me.client.post('/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'fresh-password-1' })).status).toBe(200);
      expect(await stack.query('auth', `SELECT hits FROM rate_counters WHERE key = $1`, [`password-change:${me.id}`])).toEqual([]);
    });
  });

  describe('notifications', () => {
    it('answers the defaults, saves a change (the others keep their value) and reads it back, for this customer only', async () => {
      const me = await newCustomer();
      const other = await newCustomer();
      const initial = await me.client.get('/api/account/notifications');
      expect(initial.status).toBe(200);
      expect(initial.body).toEqual(DEFAULT_MAIL_PREFERENCES);

      const on = await me.client.put('/api/account/notifications', { cutoffReminders: true });
      expect(on.status).toBe(200);
      expect(on.body).toEqual({ orderUpdates: true, standingOrderPreviews: true, cutoffReminders: true });
      const off = await me.client.put('/api/account/notifications', { orderUpdates: false });
      expect(off.body).toEqual({ orderUpdates: false, standingOrderPreviews: true, cutoffReminders: true });
      expect((await me.client.get('/api/account/notifications')).body).toEqual(off.body);

      expect((await other.client.get('/api/account/notifications')).body).toEqual(DEFAULT_MAIL_PREFERENCES);
    });

    it('refuses a switch that is not true or false, and fields it does not know, changing nothing', async () => {
      const me = await newCustomer();
      const bad = await me.client.put('/api/account/notifications', { orderUpdates: 'no', customerId: me.id });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['customerId', 'orderUpdates']);
      expect(bad.body.errors.orderUpdates).toEqual(['orderUpdates must be true or false']);
      expect((await me.client.get('/api/account/notifications')).body).toEqual(DEFAULT_MAIL_PREFERENCES);
    });
  });
});
