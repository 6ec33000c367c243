/**
 * Attacks on identity, each reproduced through the HTTP API of a real in-process stack with real
 * concurrent requests: registration races (account integrity), limits an attacker could walk
 * around (sign-in, per address, admin keys, registrations) and email look-alikes.
 */
import { AuthPatterns } from '@bakery/contracts';
import { connectNats, RpcClient } from '@bakery/platform';
import {
  ApiClient,
  ApiResponse,
  signedInAdmin,
  signedInCustomer,
  TEST_ADMIN_KEY,
  TEST_PASSWORD,
  TestStack,
  uniqueEmail,
} from '@bakery/testing';
import type { Env } from '@bakery/platform';
import { NatsConnection } from 'nats';

/** A stack of auth, customers and a gateway for the enclosing describe, with extra env. */
function stackFor(env: Env = {}): { readonly stack: TestStack } {
  const holder = {} as { stack: TestStack };
  beforeAll(async () => {
    holder.stack = await TestStack.start({ services: ['auth', 'customers'], env });
  });
  afterAll(() => holder.stack?.close());
  return holder;
}

function statuses(results: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

const login = (stack: TestStack, email: string, password: string) =>
  new ApiClient(stack.url).post('/api/auth/login', { email, password });

async function emailOf(client: ApiClient): Promise<string> {
  return (await client.get('/api/auth/user')).body.email;
}

describe('account integrity and email look-alikes', () => {
  const s = stackFor();
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connectNats(process.env.NATS_URL!, 'auth-attacks-test');
  });
  afterAll(() => nc?.close());

  /**
   * One round: `n` concurrent registrations of one new email, self-service and admin (with the
   * key) mixed, each with its own password. Exactly one wins; its password and role are the ones
   * in force, and nobody else holds a session.
   */
  async function raceRound(n: number, round: number): Promise<void> {
    const { stack } = s;
    const email = uniqueEmail(`race${n}`);
    const attempts = Array.from({ length: n }, (_, i) => ({
      admin: (i + round) % 2 === 1,
      password: `pw-${round}-${i}-secret`,
      client: new ApiClient(stack.url),
    }));
    const results = await Promise.all(
      attempts.map((a) =>
        a.admin
          ? a.client.post('/api/auth/admin-register', {
              email,
              password: a.password,
              firstName: 'Ada',
              lastName: 'Race',
              registrationKey: TEST_ADMIN_KEY,
            })
          : a.client.post('/api/auth/register', { email, password: a.password, businessName: 'Race Cafe', businessType: 'coffee_shop' }),
      ),
    );
    expect(statuses(results)).toEqual(n === 1 ? { 201: 1 } : { 201: 1, 409: n - 1 });
    const w = results.findIndex((r) => r.status === 201);
    const winner = attempts[w];
    const role = winner.admin ? 'admin' : 'customer';
    expect(results[w].body).toMatchObject({ email, role });
    for (const [i, r] of results.entries()) {
      if (i === w) continue;
      expect(r.body).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'An account with this email already exists' });
      expect(attempts[i].client.cookie).toBeUndefined();
    }

    const signIns = await Promise.all(attempts.map((a) => login(stack, email, a.password)));
    for (const [i, r] of signIns.entries()) {
      if (i === w) {
        expect(r.status).toBe(200);
        expect(r.body.user).toMatchObject({ id: results[w].body.id, role });
      } else {
        expect(r.status).toBe(401);
      }
    }
    if (!winner.admin) {
      // the session the self-registration got is its own identity, with the customer role
      const me = await winner.client.get('/api/auth/user');
      expect(me.body).toMatchObject({ id: results[w].body.id, role: 'customer' });
      expect((await winner.client.get('/api/customers')).status).toBe(403);
    }
    const rows = await s.stack.query('auth', 'SELECT role, status FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([{ role, status: 'active' }]);
  }

  it('lets exactly one of two concurrent registrations of an email win, 50 rounds, self and admin mixed', async () => {
    for (let round = 0; round < 50; round++) await raceRound(2, round);
  }, 300_000);

  it('lets exactly one of five concurrent registrations of an email win, 50 rounds, self and admin mixed', async () => {
    for (let round = 0; round < 50; round++) await raceRound(5, round);
  }, 300_000);

  it('never takes over a registration that is still completing; a crashed one only when old enough, under a new id', async () => {
    const { stack } = s;
    const rpc = new RpcClient(nc, stack.namespace, 5000);
    const email = uniqueEmail('stalled');
    // a registration saga that stopped after its first step (crashed, or still completing)
    const stalled = await rpc.request<{ id: string }>(AuthPatterns.createPendingUser, { email, password: 'stalled-password', role: 'admin' });

    const early = new ApiClient(stack.url);
    const refused = await early.post('/api/auth/register', { email, password: TEST_PASSWORD });
    expect(refused.status).toBe(409);
    expect(early.cookie).toBeUndefined();
    // its saga still completes with what it set
    await rpc.request(AuthPatterns.activateUser, { userId: stalled.id });
    expect((await new ApiClient(stack.url).post('/api/auth/admin-login', { email, password: 'stalled-password' })).status).toBe(200);

    // a crash: the pending row outlives any saga, and a later registration takes it over
    const crashedEmail = uniqueEmail('crashed');
    const crashed = await rpc.request<{ id: string }>(AuthPatterns.createPendingUser, {
      email: crashedEmail,
      password: 'crashed-password',
      role: 'admin',
    });
    await stack.query('auth', `UPDATE users SET updated_at = now() - interval '1 hour' WHERE id = $1`, [crashed.id]);
    const retry = new ApiClient(stack.url);
    const taken = await retry.post('/api/auth/register', { email: crashedEmail, password: TEST_PASSWORD });
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ role: 'customer' });
    expect(taken.body.id).not.toBe(crashed.id);
    // the crashed saga, waking up, can neither activate nor discard the new account
    await expect(rpc.request(AuthPatterns.activateUser, { userId: crashed.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await rpc.request(AuthPatterns.discardPendingUser, { userId: crashed.id });
    const signIn = await login(stack, crashedEmail, TEST_PASSWORD);
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ id: taken.body.id, role: 'customer' });
    expect((await login(stack, crashedEmail, 'crashed-password')).status).toBe(401);
  });

  describe('emails are normalised, the same way at registration and sign-in', () => {
    const register = (email: string, password = TEST_PASSWORD) => new ApiClient(s.stack.url).post('/api/auth/register', { email, password });
    const invalidEmail = { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Please enter a valid email', errors: { email: ['Please enter a valid email'] } };
    const local = () => uniqueEmail('look').split('@')[0];

    it('treats NFC and NFD forms and fullwidth letters of a domain as the one account', async () => {
      const name = local();
      const nfc = `${name}@b\u00fccher.example`;
      const nfd = `${name}@bu\u0308cher.example`;
      const first = await register(nfc);
      expect(first.status).toBe(201);
      expect((await register(nfd, 'other-pass-1')).status).toBe(409);
      expect((await login(s.stack, nfd, TEST_PASSWORD)).status).toBe(200);
      expect(first.body.email).toBe(`${name}@xn--bcher-kva.example`); // stored in its ASCII form

      const plain = `${local()}@example.test`;
      expect((await register(plain)).status).toBe(201);
      const fullwidth = plain.replace('example.test', '\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.test');
      expect((await register(fullwidth, 'other-pass-1')).status).toBe(409);
      expect((await login(s.stack, fullwidth, TEST_PASSWORD)).status).toBe(200);
    });

    it('refuses look-alike, fullwidth and Kelvin-sign local parts, mixed-script domains, invisible and bidi characters', async () => {
      const name = local();
      const refused = [
        `\u0430${name}@example.test`, // Cyrillic a
        `\uff41${name}@example.test`, // fullwidth a
        `\u212a${name}@example.test`, // Kelvin sign
        `${name}@ex\u0430mple.test`, // Cyrillic a inside a Latin label
        `${name}\u200b@example.test`, // zero-width space
        `${name}@exa\u200dmple.test`, // zero-width joiner (IDNA would drop it)
        `${name}\u202e@example.test`, // right-to-left override
        `${name}@example\u2067.test`, // right-to-left isolate
      ];
      for (const email of refused) {
        const res = await register(email);
        expect({ email, status: res.status, body: res.body }).toEqual({ email, status: 400, body: invalidEmail });
      }
      expect(await s.stack.query('auth', 'SELECT email FROM users WHERE email LIKE $1', [`%${name.slice(5)}%`])).toEqual([]);
    });

    it('does not sign the Kelvin sign into the account with k', async () => {
      const email = `kate.${local()}@example.test`;
      expect((await register(email)).status).toBe(201);
      const kelvin = await login(s.stack, email.replace(/^k/, '\u212a'), TEST_PASSWORD);
      expect(kelvin.status).toBe(400);
      expect(kelvin.body.message).toBe('Please enter a valid email');
      expect((await login(s.stack, email.toUpperCase(), TEST_PASSWORD)).status).toBe(200);
    });

    it('normalises the emails of customers an admin creates the same way', async () => {
      const admin = await signedInAdmin(s.stack.url);
      const name = local();
      expect((await admin.post('/api/customers', { email: `${name}@b\u00fccher.example`, password: TEST_PASSWORD })).status).toBe(201);
      const dup = await admin.post('/api/customers', { email: `${name}@BU\u0308CHER.example`, password: TEST_PASSWORD });
      expect(dup.status).toBe(409);
      const bad = await admin.post('/api/customers', { email: `${name}\u200b@example.test`, password: TEST_PASSWORD });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ email: ['Please enter a valid email'] });
    });
  });

  it('evaluates at most 10 of 100 concurrent sign-ins for one email and address', async () => {
    const email = await emailOf(await signedInCustomer(s.stack.url));
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => login(s.stack, email, `wrong-${i}-pass`)));
    expect(statuses(results)).toEqual({ 401: 10, 429: 90 });
    expect(results.find((r) => r.status === 429)!.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    });
    // the pair is used up: even the right password waits for the window
    expect((await login(s.stack, email, TEST_PASSWORD)).status).toBe(429);
  });
});

describe('the per-address sign-in limit', () => {
  const s = stackFor({ LOGIN_MAX_FAILURES_PER_IP: '5' });

  it('slows guessing at unknown emails without locking out a correct password, and answers known and unknown emails alike', async () => {
    const { stack } = s;
    const victim = await emailOf(await signedInCustomer(stack.url));
    const other = await emailOf(await signedInCustomer(stack.url));

    // wrong passwords for an existing account do not count against the address
    for (let i = 0; i < 6; i++) expect((await login(stack, other, `wrong-${i}-pass`)).status).toBe(401);

    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(stack, uniqueEmail(`nobody${i}`), 'guess-pass-1')));
    expect(statuses(guesses)).toEqual({ 401: 5, 429: 15 });

    // the same address (behind a proxy: everybody) still signs in with a correct password
    const signIn = await login(stack, victim, TEST_PASSWORD);
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.email).toBe(victim);

    // over the limit, a failure is 429 whether the email exists or not: no oracle
    const unknown = await login(stack, uniqueEmail('nobody'), 'guess-pass-1');
    const known = await login(stack, victim, 'guess-pass-1');
    expect(unknown.status).toBe(429);
    expect(known.body).toEqual(unknown.body);
  });
});

describe('the admin key and registration limits', () => {
  const s = stackFor({ REGISTRATION_MAX_FAILURES_PER_IP: '5' });
  let admin: ApiClient;
  beforeAll(async () => {
    admin = await signedInAdmin(s.stack.url);
  });
  const adminBody = (registrationKey: string) => ({
    email: uniqueEmail('boss'),
    password: TEST_PASSWORD,
    firstName: 'Ada',
    lastName: 'Baker',
    registrationKey,
  });

  it('limits wrong admin registration keys per address (10 of 60 concurrent compared); a correct key gives its attempt back', async () => {
    const { stack } = s;
    // correct keys do not use up the limit
    for (let i = 0; i < 12; i++) expect((await new ApiClient(stack.url).post('/api/auth/admin-register', adminBody(TEST_ADMIN_KEY))).status).toBe(201);

    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => new ApiClient(stack.url).post('/api/auth/admin-register', adminBody(`guess-${i}-key`))),
    );
    expect(statuses(guesses)).toEqual({ 403: 10, 429: 50 });
    expect(guesses.find((r) => r.status === 429)!.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many wrong registration keys. Please try again in 15 minutes.',
    });
    const rows = await stack.query('auth', "SELECT count(*)::int AS n FROM users WHERE email LIKE 'boss.%'");
    expect(rows[0].n).toBe(12);
  });

  it('limits registrations per address: conflicts count, successful registrations give their attempt back', async () => {
    const { stack } = s;
    for (let i = 0; i < 8; i++) await signedInCustomer(stack.url);
    const email = await emailOf(await signedInCustomer(stack.url));

    const dups = await Promise.all(
      Array.from({ length: 20 }, (_, i) => new ApiClient(stack.url).post('/api/auth/register', { email, password: `other-${i}-pass` })),
    );
    expect(statuses(dups)).toEqual({ 409: 5, 429: 15 });
    expect(dups.find((r) => r.status === 429)!.body).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many failed registration attempts. Please try again in 15 minutes.',
    });
    // the limit holds for new emails from that address too, and nothing was written
    const blocked = await new ApiClient(stack.url).post('/api/auth/register', { email: uniqueEmail('late'), password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(await stack.query('auth', "SELECT email FROM users WHERE email LIKE 'late.%'")).toEqual([]);
    // admins still create customers (no address limit there)
    expect((await admin.post('/api/customers', { email: uniqueEmail('made'), password: TEST_PASSWORD })).status).toBe(201);
  });
});
