import { AuthPatterns, databaseName } from '@bakery/contracts';
import { connectNats, RpcClient, withDatabase } from '@bakery/platform';
import {
  ApiClient,
  signedInAdmin,
  signedInCustomer,
  TEST_ADMIN_KEY,
  TEST_JWT_SECRET,
  TEST_PASSWORD,
  TestStack,
  uniqueEmail,
} from '@bakery/testing';
import { sign } from 'jsonwebtoken';
import { NatsConnection } from 'nats';
import { Client } from 'pg';

const USER_KEYS = [
  'address',
  'businessName',
  'businessType',
  'createdAt',
  'email',
  'firstName',
  'id',
  'lastName',
  'phone',
  'profileImageUrl',
  'role',
  'updatedAt',
];

describe('identity: registration, sign-in, sessions', () => {
  let stack: TestStack;
  let nc: NatsConnection;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers'] });
    await stack.startGateway(); // a second gateway instance, for revocation across instances
    nc = await connectNats(process.env.NATS_URL!, 'auth-test');
  });
  afterAll(async () => {
    await nc?.close();
    await stack?.close();
  });

  async function countUsers(email: string): Promise<number> {
    const pg = new Client({ connectionString: withDatabase(process.env.DATABASE_URL!, databaseName(stack.namespace, 'auth')) });
    await pg.connect();
    try {
      return (await pg.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0].n;
    } finally {
      await pg.end();
    }
  }

  it('registers a customer, signs them in, logs out for good, and signs in again', async () => {
    const client = new ApiClient(stack.url);
    const email = uniqueEmail('reg');
    const reg = await client.post('/api/auth/register', {
      email: `  ${email.toUpperCase()} `,
      password: TEST_PASSWORD,
      businessName: 'Corner Coffee',
      businessType: 'coffee_shop',
    });
    expect(reg.status).toBe(201);
    expect(Object.keys(reg.body).sort()).toEqual(USER_KEYS);
    expect(reg.body).toMatchObject({
      email,
      role: 'customer',
      businessName: 'Corner Coffee',
      businessType: 'coffee_shop',
      firstName: null,
      phone: null,
    });
    expect(JSON.stringify(reg.body)).not.toMatch(/password|hash|argon/i);
    expect(client.lastSetCookie).toMatch(/^bakery_session=[^;]+;.*HttpOnly/);
    expect(client.lastSetCookie).toMatch(/SameSite=Lax/);

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reg.body);

    const oldCookie = client.cookie;
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(client.cookie).toBeUndefined();

    const stale = new ApiClient(stack.url);
    stale.cookie = oldCookie;
    const refused = await stale.get('/api/auth/user');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'You are not signed in' });

    const again = await client.post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body.user).toEqual(reg.body);
    expect((await client.get('/api/auth/user')).body.id).toBe(reg.body.id);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const customer = await signedInCustomer(stack.url);
    const email = (await customer.get('/api/auth/user')).body.email;
    const wrong = await new ApiClient(stack.url).post('/api/auth/login', { email, password: 'not-it-123' });
    const unknown = await new ApiClient(stack.url).post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'not-it-123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a taken email (any case) with 409 and writes nothing', async () => {
    const email = uniqueEmail('taken');
    expect((await new ApiClient(stack.url).post('/api/auth/register', { email, password: TEST_PASSWORD })).status).toBe(201);
    const dup = new ApiClient(stack.url);
    const res = await dup.post('/api/auth/register', { email: email.toUpperCase(), password: 'other-pass-1' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'An account with this email already exists' });
    expect(dup.cookie).toBeUndefined();
    expect(await countUsers(email)).toBe(1);
    // the first password still works, the second never took effect
    expect((await new ApiClient(stack.url).post('/api/auth/login', { email, password: 'other-pass-1' })).status).toBe(401);
  });

  it('never creates an admin through registration', async () => {
    const email = uniqueEmail('sneaky');
    const res = await new ApiClient(stack.url).post('/api/auth/register', { email, password: TEST_PASSWORD, role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ role: ['property role should not exist'] });
    expect(await countUsers(email)).toBe(0);
  });

  it('answers invalid registration bodies with the spec’s field messages', async () => {
    const res = await new ApiClient(stack.url).post('/api/auth/register', {
      email: 'not-an-email',
      password: '123',
      businessName: 'X',
      businessType: 'restaurant',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(Object.values(res.body.errors).flat()).toContain(res.body.message);
    expect(res.body.errors).toEqual({
      email: ['Please enter a valid email'],
      password: ['Password must be at least 6 characters'],
      businessName: ['Business name must be at least 2 characters'],
      businessType: ['Business type must be coffee_shop or bakery'],
    });
  });

  it('treats blank optional fields as absent', async () => {
    const res = await new ApiClient(stack.url).post('/api/auth/register', {
      email: uniqueEmail('blank'),
      password: TEST_PASSWORD,
      businessName: '',
      businessType: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ businessName: null, businessType: null });
  });

  it('registers an admin with the key; admin login answers the admin; a customer gets 403 and no cookie', async () => {
    const email = uniqueEmail('boss');
    const reg = await new ApiClient(stack.url).post('/api/auth/admin-register', {
      email,
      password: TEST_PASSWORD,
      firstName: 'Ada',
      lastName: 'Baker',
      registrationKey: TEST_ADMIN_KEY,
    });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ email, role: 'admin', firstName: 'Ada', lastName: 'Baker' });

    const admin = new ApiClient(stack.url);
    const login = await admin.post('/api/auth/admin-login', { email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, role: 'admin' });
    expect((await admin.get('/api/auth/user')).body.role).toBe('admin');

    const customer = await signedInCustomer(stack.url);
    const customerEmail = (await customer.get('/api/auth/user')).body.email;
    const refused = new ApiClient(stack.url);
    const res = await refused.post('/api/auth/admin-login', { email: customerEmail, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('administrators');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(refused.cookie).toBeUndefined();
  });

  it('refuses a wrong registration key and missing admin fields', async () => {
    const wrong = await new ApiClient(stack.url).post('/api/auth/admin-register', {
      email: uniqueEmail('boss'),
      password: TEST_PASSWORD,
      firstName: 'A',
      lastName: 'B',
      registrationKey: 'guess',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Invalid registration key' });

    const missing = await new ApiClient(stack.url).post('/api/auth/admin-register', {
      email: uniqueEmail('boss'),
      password: TEST_PASSWORD,
      firstName: '',
      lastName: '  ',
      registrationKey: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      registrationKey: ['Registration key is required'],
    });
  });

  it('refuses a tampered token, an expired token and a token of a revoked session, on every gateway', async () => {
    const client = await signedInCustomer(stack.url);
    const [, otherGateway] = stack.gatewayUrls();
    const other = client.on(otherGateway);
    expect((await other.get('/api/auth/user')).status).toBe(200);

    const token = client.cookie!.split('=')[1];
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());

    const tampered = new ApiClient(stack.url);
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    tampered.cookie = `bakery_session=${header}.${forged}.${signature}`;
    expect((await tampered.get('/api/auth/user')).status).toBe(401);

    const wrongKey = new ApiClient(stack.url);
    wrongKey.cookie = `bakery_session=${sign({ sub: claims.sub, role: claims.role, sid: claims.sid }, 'another-secret-another-secret-xx', { expiresIn: 600 })}`;
    expect((await wrongKey.get('/api/auth/user')).status).toBe(401);

    const expired = new ApiClient(stack.url);
    expired.cookie = `bakery_session=${sign({ sub: claims.sub, role: claims.role, sid: claims.sid, exp: Math.floor(Date.now() / 1000) - 10 }, TEST_JWT_SECRET)}`;
    expect((await expired.get('/api/auth/user')).status).toBe(401);

    // logout through the first gateway; the second, which had trusted the session, refuses it now
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const after = await other.get('/api/auth/user');
    expect(after.status).toBe(401);

    // a validly signed token for a session that never existed
    const invented = new ApiClient(stack.url);
    invented.cookie = `bakery_session=${sign({ sub: claims.sub, role: 'admin', sid: 'no-such-session' }, TEST_JWT_SECRET, { expiresIn: 600 })}`;
    expect((await invented.get('/api/customers')).status).toBe(401);
  });

  it('answers the eleventh failed login in the window with 429', async () => {
    const customer = await signedInCustomer(stack.url);
    const email = (await customer.get('/api/auth/user')).body.email;
    for (let i = 0; i < 10; i++) {
      const res = await new ApiClient(stack.url).post('/api/auth/login', { email, password: `wrong-${i}-pass` });
      expect(res.status).toBe(401);
    }
    const eleventh = await new ApiClient(stack.url).post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    // another account from the same address is not locked by it
    const other = await signedInCustomer(stack.url);
    const otherEmail = (await other.get('/api/auth/user')).body.email;
    expect((await new ApiClient(stack.url).post('/api/auth/login', { email: otherEmail, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('redirects the provider login path to the sign-in page', async () => {
    const res = await fetch(`${stack.url}/api/login`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it('leaves no account able to sign in when the profile cannot be stored, and a retry then works', async () => {
    const email = uniqueEmail('saga');
    const pg = new Client({ connectionString: withDatabase(process.env.DATABASE_URL!, databaseName(stack.namespace, 'customers')) });
    await pg.connect();
    try {
      await pg.query('ALTER TABLE customer_profiles ADD CONSTRAINT reject_all CHECK (false) NOT VALID');
      const failed = await new ApiClient(stack.url).post('/api/auth/register', { email, password: TEST_PASSWORD });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Internal error' });
      expect(await countUsers(email)).toBe(0);
      expect((await new ApiClient(stack.url).post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(401);
    } finally {
      await pg.query('ALTER TABLE customer_profiles DROP CONSTRAINT IF EXISTS reject_all');
      await pg.end();
    }
    const retry = await new ApiClient(stack.url).post('/api/auth/register', { email, password: TEST_PASSWORD });
    expect(retry.status).toBe(201);
  });

  it('takes over a pending account left by a crashed registration', async () => {
    const email = uniqueEmail('crashed');
    const rpc = new RpcClient(nc, stack.namespace, 5000);
    await rpc.request(AuthPatterns.createPendingUser, { email, password: 'old-password', role: 'customer' });
    expect((await new ApiClient(stack.url).post('/api/auth/login', { email, password: 'old-password' })).status).toBe(401);
    // only once it is older than any registration saga can take (auth-attacks.int.spec.ts: not before)
    const pg = new Client({ connectionString: withDatabase(process.env.DATABASE_URL!, databaseName(stack.namespace, 'auth')) });
    await pg.connect();
    try {
      await pg.query(`UPDATE users SET updated_at = now() - interval '1 hour' WHERE email = $1`, [email]);
    } finally {
      await pg.end();
    }

    const retry = await new ApiClient(stack.url).post('/api/auth/register', { email, password: TEST_PASSWORD });
    expect(retry.status).toBe(201);
    expect(await countUsers(email)).toBe(1);
    expect((await new ApiClient(stack.url).post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await new ApiClient(stack.url).post('/api/auth/login', { email, password: 'old-password' })).status).toBe(401);
  });

  it('refuses admin registration while no key is configured', async () => {
    await stack.stopService('auth');
    await stack.startService('auth', { ADMIN_REGISTRATION_KEY: '' });
    try {
      const res = await new ApiClient(stack.url).post('/api/auth/admin-register', {
        email: uniqueEmail('boss'),
        password: TEST_PASSWORD,
        firstName: 'A',
        lastName: 'B',
        registrationKey: TEST_ADMIN_KEY,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Admin registration is disabled: no registration key is configured');
    } finally {
      await stack.stopService('auth');
      await stack.startService('auth');
    }
    expect((await signedInAdmin(stack.url)).cookie).toBeDefined();
  });
});
