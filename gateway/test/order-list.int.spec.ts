import { ORDER_STATUSES } from '@bakery/contracts';
import { ApiClient, createProduct, placeOneUnitOrder, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';

const ZONE = 'Pacific/Kiritimati'; // UTC+14: the bakery's month starts at 10:00 UTC the day before

interface OrderJson {
  id: string;
  status: string;
  deliveryDate: string | null;
  createdAt: string;
  customer: { businessName: string | null; email: string };
}

function nextLink(res: { headers: Headers }): string | null {
  return /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
}

describe('GET /api/orders: one page at a time, filtered and searched on the server', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let corner: ApiClient;
  let bistro: ApiClient;
  let cornerId: string;
  let bistroId: string;
  let cornerEmail: string;
  let productId: string;

  /** Every order the database holds for a condition, newest first: what a list must answer. */
  async function expected(where = 'true', params: unknown[] = []): Promise<string[]> {
    const rows = await stack.query<{ id: string }>('ordering', `SELECT id FROM orders WHERE ${where} ORDER BY created_at DESC, id DESC`, params);
    return rows.map((r) => r.id);
  }

  async function walk(client: ApiClient, path: string, between?: () => Promise<void>): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let pages = 0;
    for (let next: string | null = path; next; ) {
      const res = await client.get<OrderJson[]>(next.startsWith('http') ? next.slice(new URL(next).origin.length) : next);
      expect(res.status).toBe(200);
      ids.push(...res.body.map((o) => o.id));
      pages++;
      next = nextLink(res);
      if (next && between) await between();
    }
    return { ids, pages };
  }

  const placeOrder = (client: ApiClient, body: Record<string, unknown> = {}) => placeOneUnitOrder<OrderJson>(client, productId, body);

  beforeAll(async () => {
    stack = await TestStack.start({ env: { BAKERY_TIMEZONE: ZONE } });
    admin = await signedInAdmin(stack.url);
    productId = (await createProduct(admin, { price: '2.50', stock: 10_000 })).id;
    corner = await signedInCustomer(stack.url, { businessName: 'Corner Coffee 50%_off' });
    bistro = await signedInCustomer(stack.url, { businessName: 'Bistro Forno', businessType: 'bakery' });
    ({ id: cornerId, email: cornerEmail } = (await corner.get('/api/auth/user')).body);
    bistroId = (await bistro.get('/api/auth/user')).body.id;
    for (let i = 0; i < 3; i++) await placeOrder(corner);
    await placeOrder(bistro);
    // a year's variety, written straight to the table: every status, delivery dates, some orders
    // created at the same instant (the keyset must still order them)
    await stack.query(
      'ordering',
      `INSERT INTO orders (id, customer_id, status, subtotal, delivery_fee, tax, total, delivery_date,
                           customer_business_name, customer_email, created_at, updated_at)
       SELECT gen_random_uuid(), CASE WHEN i % 3 = 0 THEN $2::uuid ELSE $1::uuid END,
              ($3::text[])[1 + i % 7], 10.00, 12.50, 0.85, 23.35,
              DATE '2026-01-01' + (i % 40),
              CASE WHEN i % 3 = 0 THEN 'Bistro Forno' ELSE 'Corner Coffee 50%_off' END,
              CASE WHEN i % 3 = 0 THEN 'bistro@shop.test' ELSE $4 END,
              now() - interval '1 hour' - ((i / 4) || ' minutes')::interval, now()
         FROM generate_series(1, 480) AS i`,
      [cornerId, bistroId, [...ORDER_STATUSES], cornerEmail],
    );
  });
  afterAll(() => stack?.close());

  it('answers 50 newest orders by default, with the next page linked and the total counted', async () => {
    const res = await admin.get<OrderJson[]>('/api/orders');
    expect(res.status).toBe(200);
    const all = await expected();
    expect(res.body.map((o) => o.id)).toEqual(all.slice(0, 50));
    expect(res.headers.get('x-total-count')).toBe(String(all.length));
    const link = nextLink(res);
    expect(link).toMatch(new RegExp(`^${stack.url}/api/orders\\?cursor=[A-Za-z0-9_-]+$`));
    const second = await admin.get<OrderJson[]>(link!.slice(stack.url.length));
    expect(second.body.map((o) => o.id)).toEqual(all.slice(50, 100));
    // counted once, on the first page
    expect(second.headers.get('x-total-count')).toBeNull();
  });

  it('walks 480+ orders by cursor with no duplicate and no gap while orders are placed between pages; no Link on the last page', async () => {
    const before = await expected();
    const placedMeanwhile: string[] = [];
    const { ids, pages } = await walk(admin, '/api/orders?limit=37', async () => {
      placedMeanwhile.push((await placeOrder(bistro)).id);
    });
    expect(pages).toBe(Math.ceil(before.length / 37));
    expect(new Set(ids).size).toBe(ids.length);
    // everything that was there, in order; the newer orders sort before the cursor, so none shows
    expect(ids).toEqual(before);
    expect(ids.filter((id) => placedMeanwhile.includes(id))).toEqual([]);
    const last = await admin.get(`/api/orders?limit=200&status=delivered&customerId=${bistroId}`);
    expect(nextLink(last)).toBeNull();
  });

  it('filters by status (one or several), delivery date or range, placed date in the bakery zone, customer, and their combinations', async () => {
    const cases: [string, string, unknown[]][] = [
      ['status=pending', `status = 'pending'`, []],
      ['status=confirmed,in_transit', `status IN ('confirmed', 'in_transit')`, []],
      ['status=confirmed&status=delivered', `status IN ('confirmed', 'delivered')`, []],
      ['deliveryDate=2026-01-05', `delivery_date = '2026-01-05'`, []],
      ['deliveryFrom=2026-01-10&deliveryTo=2026-01-12', `delivery_date BETWEEN '2026-01-10' AND '2026-01-12'`, []],
      ['status=pending&deliveryFrom=2026-01-20', `status = 'pending' AND delivery_date >= '2026-01-20'`, []],
      [`customerId=${bistroId}&status=cancelled`, `customer_id = $1 AND status = 'cancelled'`, [bistroId]],
    ];
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    cases.push([`placedFrom=${today}&placedTo=${today}`, `(created_at AT TIME ZONE '${ZONE}')::date = $1::date`, [today]]);
    for (const [query, where, params] of cases) {
      const want = await expected(where, params);
      const { ids } = await walk(admin, `/api/orders?limit=200&${query}`);
      expect({ query, ids }).toEqual({ query, ids: want });
      expect(want.length).toBeGreaterThan(0);
    }
  });

  it('searches (admins) by the order id or its last 8 or 4 characters, business name or email, any case, % and _ as themselves', async () => {
    const [someId] = await expected(`customer_id = $1`, [bistroId]);
    for (const q of [someId, someId.slice(-8).toUpperCase(), someId.slice(-4)]) {
      const { ids } = await walk(admin, `/api/orders?limit=200&q=${encodeURIComponent(q)}`);
      expect(ids).toContain(someId);
      expect(ids).toEqual(await expected(`id::text ILIKE $1`, [`%${q.toLowerCase()}%`]));
    }
    expect((await walk(admin, '/api/orders?limit=200&q=bistro%20FOR')).ids).toEqual(await expected(`customer_business_name = 'Bistro Forno'`));
    expect((await walk(admin, `/api/orders?limit=200&q=${encodeURIComponent(cornerEmail.toUpperCase())}`)).ids).toEqual(
      await expected(`customer_email = $1`, [cornerEmail]),
    );
    expect((await walk(admin, '/api/orders?limit=200&q=50%25_off')).ids).toEqual(await expected(`customer_id = $1`, [cornerId]));
    expect((await walk(admin, '/api/orders?limit=200&q=5_%25off')).ids).toEqual([]);
  });

  it('keeps a customer to their own orders under every filter; their search and customer choice are 403', async () => {
    for (const query of ['', 'status=pending', 'deliveryFrom=2026-01-01', 'status=cancelled,delivered']) {
      const { ids } = await walk(bistro, `/api/orders?limit=200&${query}`);
      const own = await expected(`customer_id = $1`, [bistroId]);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => own.includes(id))).toBe(true);
    }
    for (const query of ['q=corner', `customerId=${cornerId}`]) {
      const res = await bistro.get(`/api/orders?${query}`);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    }
  });

  it('answers every bad parameter with 400 and field messages, and changes nothing', async () => {
    const count = async () => (await stack.query<{ n: number }>('ordering', 'SELECT count(*)::int AS n FROM orders'))[0].n;
    const before = await count();
    const bad: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['status=shipped', 'status'],
      ['status=pending,', 'status'],
      ['deliveryDate=2026-02-30', 'deliveryDate'],
      ['deliveryFrom=tomorrow', 'deliveryFrom'],
      ['placedTo=2026-1-1', 'placedTo'],
      ['deliveryFrom=2026-01-10&deliveryTo=2026-01-09', 'deliveryTo'],
      ['cursor=forged', 'cursor'],
      [`cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', 'x'])).toString('base64url')}`, 'cursor'],
      ['customerId=42', 'customerId'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['sort=price', 'sort'],
    ];
    for (const [query, field] of bad) {
      const res = await admin.get(`/api/orders?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect({ query, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ query, fields: [field] });
    }
    expect(await count()).toBe(before);
  });
});
