import { randomUUID } from 'node:crypto';
import { ApiClient, eventually, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';

interface CustomerJson {
  id: string;
  email: string;
  role: string;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
}

function nextLink(res: { headers: Headers }): string | null {
  return /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
}

/** Accounts written straight to both databases: a directory of a size no test would register one by one. */
const BULK = 125;

describe('GET /api/customers: one page at a time, searched on the server', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let corner: CustomerJson;
  let bistro: CustomerJson;
  let rosa: CustomerJson;

  /** Every listed customer the database holds for a condition on customer_profiles, newest first: what a list must answer. */
  async function expected(where = 'true', params: unknown[] = []): Promise<string[]> {
    const rows = await stack.query<{ user_id: string }>(
      'customers',
      `SELECT user_id FROM customer_profiles WHERE ${where} ORDER BY created_at DESC, user_id DESC`,
      params,
    );
    const active = new Set(
      (await stack.query<{ id: string }>('auth', `SELECT id FROM users WHERE role = 'customer' AND status = 'active'`)).map((u) => u.id),
    );
    return rows.map((r) => r.user_id).filter((id) => active.has(id));
  }

  async function walk(path: string, between?: () => Promise<void>): Promise<{ ids: string[]; pages: number; bodies: CustomerJson[] }> {
    const bodies: CustomerJson[] = [];
    let pages = 0;
    for (let next: string | null = path; next; ) {
      const res = await admin.get<CustomerJson[]>(next.startsWith('http') ? next.slice(new URL(next).origin.length) : next);
      expect(res.status).toBe(200);
      bodies.push(...res.body);
      pages++;
      next = nextLink(res);
      if (next && between) await between();
    }
    return { ids: bodies.map((c) => c.id), pages, bodies };
  }

  const search = async (q: string) => (await walk(`/api/customers?limit=200&q=${encodeURIComponent(q)}`)).ids;

  async function create(fields: Record<string, unknown>): Promise<CustomerJson> {
    const res = await admin.post<CustomerJson>('/api/customers', { email: uniqueEmail('shop'), password: TEST_PASSWORD, ...fields });
    expect(res.status).toBe(201);
    return res.body;
  }

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers'] });
    admin = await signedInAdmin(stack.url);
    // a directory with some history: written straight to both databases (the same ids), some rows
    // created at the same instant (the keyset must still order them)
    const ids = Array.from({ length: BULK }, () => randomUUID());
    const n = ids.map((_, i) => i);
    await stack.query(
      'auth',
      `INSERT INTO users (id, email, password_hash, role, status, first_name, last_name, created_at, updated_at)
       SELECT id, 'bulk-' || i || '@example.test', 'not-a-hash', 'customer', 'active', 'Bulk', 'Person ' || i,
              now() - interval '1 day' + ((i / 3) || ' minutes')::interval, now()
         FROM unnest($1::uuid[], $2::int[]) AS x(id, i)`,
      [ids, n],
    );
    await stack.query(
      'customers',
      `INSERT INTO customer_profiles (user_id, business_name, business_type, email, first_name, last_name, identity_copied, created_at, updated_at)
       SELECT id, 'Bulk Bakery ' || i, 'bakery', 'bulk-' || i || '@example.test', 'Bulk', 'Person ' || i, true,
              now() - interval '1 day' + ((i / 3) || ' minutes')::interval, now()
         FROM unnest($1::uuid[], $2::int[]) AS x(id, i)`,
      [ids, n],
    );
    // and some through the API, as an admin adds them
    corner = await create({ businessName: 'Corner Coffee 50%_off', firstName: 'Carla', lastName: 'Bean', email: uniqueEmail('cafe') });
    bistro = await create({ businessName: 'Bistro Forno', firstName: 'Marco', lastName: 'Forno' });
    rosa = await create({ firstName: 'Rosa', lastName: 'Pane' });
  });
  afterAll(() => stack?.close());

  it('answers the 50 newest by default, in the same shape as one customer, with the next page linked and the total counted', async () => {
    const res = await admin.get<CustomerJson[]>('/api/customers');
    expect(res.status).toBe(200);
    const all = await expected();
    expect(all.length).toBe(BULK + 3);
    expect(res.body.map((c) => c.id)).toEqual(all.slice(0, 50));
    expect(res.body[0]).toEqual((await admin.get(`/api/customers/${rosa.id}`)).body);
    expect(res.body.slice(0, 3).map((c) => c.id)).toEqual([rosa.id, bistro.id, corner.id]);
    expect(res.headers.get('x-total-count')).toBe(String(all.length));
    const link = nextLink(res);
    expect(link).toMatch(new RegExp(`^${stack.url}/api/customers\\?cursor=[A-Za-z0-9_-]+$`));
    const second = await admin.get<CustomerJson[]>(link!.slice(stack.url.length));
    expect(second.body.map((c) => c.id)).toEqual(all.slice(50, 100));
    // counted once, on the first page
    expect(second.headers.get('x-total-count')).toBeNull();
  });

  it('walks 120+ customers by cursor with no duplicate and no gap while others sign up between pages; no Link on the last page', async () => {
    const before = await expected();
    const signedUpMeanwhile: string[] = [];
    const { ids, pages } = await walk('/api/customers?limit=37', async () => {
      const client = await signedInCustomer(stack.url, { businessName: 'Late Bakery' });
      signedUpMeanwhile.push((await client.get('/api/auth/user')).body.id);
    });
    expect(pages).toBe(Math.ceil(before.length / 37));
    expect(new Set(ids).size).toBe(ids.length);
    // everything that was there, in order; the newer accounts sort before the cursor, so none shows
    expect(ids).toEqual(before);
    expect(ids.filter((id) => signedUpMeanwhile.includes(id))).toEqual([]);
    expect(signedUpMeanwhile.length).toBe(pages - 1);

    // a page exactly as long as what is left is the last: no Link to an empty page
    const all = await expected();
    const exact = await admin.get<CustomerJson[]>(`/api/customers?limit=${all.length}`);
    expect(exact.body.map((c) => c.id)).toEqual(all);
    expect(nextLink(exact)).toBeNull();
    const oneMore = await admin.get(`/api/customers?limit=${all.length - 1}`);
    expect(nextLink(oneMore)).not.toBeNull();
  });

  it('searches business name, the person’s name and email: partial, any case, % and _ as themselves', async () => {
    expect(await search('bistro FOR')).toEqual([bistro.id]);
    expect(await search('CORNER coffee')).toEqual([corner.id]);
    // the name, first and last together ("Carla Bean") or either part
    expect(await search('la be')).toEqual([corner.id]);
    expect(await search('PANE')).toEqual([rosa.id]);
    expect(await search('rosa p')).toEqual([rosa.id]);
    // email, partly and in upper case
    expect(await search(corner.email.split('@')[0].toUpperCase())).toEqual([corner.id]);
    expect(await search('bulk-12@EXAMPLE')).toEqual(await expected(`email = 'bulk-12@example.test'`));
    expect(await search('50%_off')).toEqual([corner.id]);
    expect(await search('5_%off')).toEqual([]);
    // "forno" is Bistro Forno's business and Marco Forno's name: one customer, once
    expect(await search('forno')).toEqual([bistro.id]);
    expect(await search('Person 1')).toEqual(await expected(`last_name LIKE 'Person 1%'`));
  });

  it('pages a search with the search kept in the Link, and counts what it matches', async () => {
    const want = await expected(`business_name ILIKE '%bulk bakery 1%'`);
    expect(want.length).toBeGreaterThan(30);
    const first = await admin.get<CustomerJson[]>('/api/customers?q=bulk%20bakery%201&limit=10');
    expect(first.headers.get('x-total-count')).toBe(String(want.length));
    const link = new URL(nextLink(first)!);
    expect(link.searchParams.get('q')).toBe('bulk bakery 1');
    expect(link.searchParams.get('limit')).toBe('10');
    const { ids, pages } = await walk('/api/customers?q=bulk%20bakery%201&limit=10');
    expect(ids).toEqual(want);
    expect(pages).toBe(Math.ceil(want.length / 10));
  });

  it('finds a customer by the name an admin changed it to', async () => {
    const res = await admin.patch(`/api/customers/${rosa.id}`, { firstName: 'Rosalind' });
    expect(res.status).toBe(200);
    expect(await search('rosalind pa')).toEqual([rosa.id]);
    expect(await search('rosa pane')).toEqual([]);
    const [listed] = (await walk('/api/customers?limit=200&q=rosalind')).bodies;
    expect(listed).toEqual(res.body);
  });

  it('copies the names of rows from before the copies existed, soon after the service started', async () => {
    // as a row written before migration CustomerListSearch1763700013000 (and the oldest, before the email copy)
    await stack.query(
      'customers',
      `UPDATE customer_profiles SET email = NULL, first_name = NULL, last_name = NULL, identity_copied = false WHERE user_id = $1`,
      [corner.id],
    );
    // nothing lists it meanwhile (a list would copy them too): found by name once the backfill has been by (every few seconds)
    await eventually(async () => (await search('carla bean')).includes(corner.id), 20_000, 200);
    expect(await stack.query('customers', `SELECT email, first_name, last_name, identity_copied FROM customer_profiles WHERE user_id = $1`, [corner.id])).toEqual([
      { email: corner.email, first_name: 'Carla', last_name: 'Bean', identity_copied: true },
    ]);
  });

  it('lists auth’s names whatever the copy says, and puts a copy that differs right', async () => {
    // as a name change that stopped between auth and this table, unmarked (the backfill leaves it)
    await stack.query('customers', `UPDATE customer_profiles SET first_name = 'Stale' WHERE user_id = $1`, [bistro.id]);
    const [listed] = (await walk('/api/customers?limit=200&q=stale')).bodies;
    expect(listed).toMatchObject({ id: bistro.id, firstName: 'Marco', lastName: 'Forno' });
    expect(await stack.query('customers', `SELECT first_name FROM customer_profiles WHERE user_id = $1`, [bistro.id])).toEqual([{ first_name: 'Marco' }]);
    expect(await search('stale')).toEqual([]);
  });

  it('leaves out a profile whose account is not an active customer (a registration stopped midway), with no gap around it', async () => {
    const all = await expected();
    const orphan = randomUUID();
    // between two listed customers, written as a registration that never activated leaves it
    await stack.query(
      'customers',
      `INSERT INTO customer_profiles (user_id, business_name, email, identity_copied, created_at)
       SELECT $1, 'Half Registered', 'half@example.test', true, created_at - interval '1 microsecond' FROM customer_profiles WHERE user_id = $2`,
      [orphan, all[20]],
    );
    const { ids } = await walk('/api/customers?limit=7');
    expect(ids).toEqual(all);
    expect(await search('half registered')).toEqual([]);
  });

  it('answers every bad parameter with 400 and field messages, and changes nothing', async () => {
    const fingerprint = async () => [
      await stack.query('customers', `SELECT md5(string_agg(t::text, ',' ORDER BY t.user_id)) AS d FROM customer_profiles t`),
      await stack.query('auth', `SELECT md5(string_agg(t::text, ',' ORDER BY t.id)) AS d FROM users t`),
    ];
    const before = await fingerprint();
    const bad: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['cursor=forged', 'cursor'],
      [`cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', 'x'])).toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', corner.id])).toString('base64url')}`, 'cursor'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['sort=name', 'sort'],
      ['status=pending', 'status'],
    ];
    for (const [query, field] of bad) {
      const res = await admin.get(`/api/customers?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect({ query, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ query, fields: [field] });
    }
    expect((await admin.get('/api/customers?limit=201')).body.errors).toEqual({ limit: ['limit must be a whole number from 1 to 200'] });
    expect(await fingerprint()).toEqual(before);
  });

  it('is for admins only: a customer gets 403 whatever the parameters, a visitor 401', async () => {
    const customer = await signedInCustomer(stack.url);
    for (const query of ['', '?q=corner', '?limit=5', '?cursor=forged']) {
      const res = await customer.get(`/api/customers${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 403 });
      expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    }
    expect((await new ApiClient(stack.url).get('/api/customers?q=corner')).status).toBe(401);
  });
});
