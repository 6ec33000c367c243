/**
 * What an attack on the running stack found at the HTTP edge (issue 12): requests forged by a page
 * of another origin (same site, so the Lax cookie rides along), bodies built to burn CPU, answers
 * that browsers could keep, and headers that said more than they should. Each test sends what the
 * attacker sent and checks that nothing changed. The chromium version of the cross-origin attack
 * is web/e2e/cross-origin.e2e.spec.ts.
 */
import { REQUEST_MARKER_HEADER, REQUEST_MARKER_VALUE } from '@bakery/contracts';
import { ApiClient, api, eventually, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';
import { io } from 'socket.io-client';

const ATTACKER = 'http://127.0.0.1:1';
const ALLOWED = 'https://admin.bakery.example';

describe('requests from other origins', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let customer: ApiClient;
  let productId: string;

  beforeAll(async () => {
    stack = await TestStack.start({ env: { ALLOWED_ORIGINS: ALLOWED } });
    admin = await signedInAdmin(stack.url);
    const product = await admin.post('/api/products', {
      name: 'Origin Loaf',
      category: 'breads',
      price: '4.50',
      stock: 100,
      lowStockThreshold: 1,
    });
    expect(product.status).toBe(201);
    productId = product.body.id;
    customer = await signedInCustomer(stack.url);
  });
  afterAll(() => stack?.close());

  const own = () => stack.url;
  /** A raw request with the victim's cookie and the headers a browser page would add. */
  const forged = (client: ApiClient, method: string, path: string, headers: Record<string, string>, body?: string) =>
    fetch(`${stack.url}${path}`, { method, headers: { cookie: client.cookie!, ...headers }, body });

  async function cartCount(client: ApiClient): Promise<number> {
    const res = await client.get('/api/cart/count');
    expect(res.status).toBe(200);
    return res.body.count;
  }

  it('refuses every state-changing route family from another origin, and changes nothing', async () => {
    expect((await customer.post('/api/cart', { productId, quantity: 2 })).status).toBe(201);
    const order = await customer.post('/api/orders', {});
    expect(order.status).toBe(201);
    expect((await customer.post('/api/cart', { productId, quantity: 1 })).status).toBe(201);
    const line = (await customer.get('/api/cart')).body[0];
    // the order's notification is written when notifications reads the order's event: wait for it
    const unreadBefore = await eventually(async () => {
      const count: number = (await admin.get('/api/admin/notifications/count')).body.count;
      return count > 0 && count;
    });

    // the shapes a page can send without a preflight: a no-cors fetch with no body or a text
    // body, and a form; each with an attacker's Origin (what chromium sends), and the same
    // without Origin but with Sec-Fetch-Site or a Referer
    const disguises: Record<string, string>[] = [
      { origin: ATTACKER },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { referer: `${ATTACKER}/page.html` },
    ];
    const attempts: [ApiClient, string, string, string | undefined][] = [
      [customer, 'POST', '/api/orders', undefined],
      [customer, 'POST', `/api/orders/${order.body.id}/cancel`, undefined],
      [customer, 'POST', '/api/cart', JSON.stringify({ productId, quantity: 5 })],
      [customer, 'PUT', `/api/cart/${line.id}`, JSON.stringify({ quantity: 9 })],
      [customer, 'DELETE', `/api/cart/${line.id}`, undefined],
      [customer, 'POST', '/api/auth/logout', undefined],
      [admin, 'POST', '/api/admin/notifications/mark-read', undefined],
      [admin, 'PATCH', `/api/products/${productId}/toggle-active`, undefined],
      [admin, 'DELETE', `/api/products/${productId}`, undefined],
      [admin, 'PUT', '/api/config/pricing', JSON.stringify({ deliveryFee: '0.00', taxRate: '0.0000' })],
    ];
    for (const [client, method, path, body] of attempts) {
      for (const disguise of disguises) {
        const headers = body ? { ...disguise, 'content-type': 'application/json' } : disguise;
        const res = await forged(client, method, path, headers, body);
        expect({ method, path, disguise, status: res.status }).toEqual({ method, path, disguise, status: 403 });
        expect(await res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Requests from other origins are not allowed' });
      }
    }

    // nothing happened: one order, still pending; the cart as it was; the admin's unread count;
    // the product active; both sessions alive
    const orders = (await customer.get('/api/orders')).body;
    expect(orders.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[order.body.id, 'pending']]);
    expect((await customer.get('/api/cart')).body.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([[line.id, 1]]);
    expect((await admin.get('/api/admin/notifications/count')).body.count).toBe(unreadBefore);
    expect((await admin.get(`/api/products/${productId}`)).body.isActive).toBe(true);
    expect((await customer.get('/api/auth/user')).status).toBe(200);
  });

  it('lets the app’s own pages, allowed origins and non-browser clients through', async () => {
    const client = await signedInCustomer(stack.url);
    const host = new URL(own()).host;
    // same origin as the browser reports it: Origin, or Sec-Fetch-Site same-origin with the marker
    const viaOrigin = await forged(client, 'POST', '/api/cart', { origin: own(), 'content-type': 'application/json' }, JSON.stringify({ productId, quantity: 1 }));
    expect(viaOrigin.status).toBe(201);
    const viaFetchSite = await forged(client, 'DELETE', `/api/cart/${(await viaOrigin.json()).id}`, {
      'sec-fetch-site': 'same-origin',
      [REQUEST_MARKER_HEADER]: REQUEST_MARKER_VALUE,
    });
    expect(viaFetchSite.status).toBe(200);
    expect(await cartCount(client)).toBe(0);
    // an origin listed in ALLOWED_ORIGINS
    const allowed = await forged(client, 'POST', '/api/cart', { origin: ALLOWED, 'content-type': 'application/json' }, JSON.stringify({ productId, quantity: 1 }));
    expect(allowed.status).toBe(201);
    // the same host under another case, and a referer on our own host
    const upper = await forged(client, 'PUT', `/api/cart/${(await allowed.json()).id}`, { origin: own().toUpperCase(), 'content-type': 'application/json' }, JSON.stringify({ quantity: 3 }));
    expect(upper.status).toBe(200);
    expect((await client.get('/api/cart')).body.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
    const viaReferer = await forged(client, 'POST', '/api/auth/logout', { referer: `http://${host}/orders`, 'content-type': 'application/json' });
    expect(viaReferer.status).toBe(200);
    // curl and server-to-server calls send none of those headers: no victim's cookie can ride on them
    const plain = await signedInCustomer(stack.url);
    expect((await fetch(`${stack.url}/api/auth/logout`, { method: 'POST', headers: { cookie: plain.cookie! } })).status).toBe(200);
    expect((await plain.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses a body-less request from our own origin without JSON or the app’s marker header', async () => {
    const client = await signedInCustomer(stack.url);
    const bare = await forged(client, 'POST', '/api/auth/logout', { origin: own() });
    expect(bare.status).toBe(403);
    expect((await bare.json()).message).toMatch(/application\/json|x-requested-with/);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const marked = await forged(client, 'POST', '/api/auth/logout', { origin: own(), [REQUEST_MARKER_HEADER]: REQUEST_MARKER_VALUE });
    expect(marked.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses a socket.io handshake from another origin, accepts one from its own', async () => {
    const outcome = (origin: string | undefined, cookie: string) =>
      new Promise<string>((resolve) => {
        const socket = io(stack.url, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie, ...(origin ? { origin } : {}) },
          reconnection: false,
          forceNew: true,
        });
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (err) => resolve(`refused: ${err.message}`));
      }).finally(() => undefined);
    const victim = await signedInCustomer(stack.url);
    expect(await outcome(ATTACKER, victim.cookie!)).toMatch(/^refused/);
    expect(await outcome('null', victim.cookie!)).toMatch(/^refused/);
    expect(await outcome(own(), victim.cookie!)).toBe('connected');
    expect(await outcome(ALLOWED, victim.cookie!)).toBe('connected');
    // polling (the transport socket.io falls back to) is judged the same way
    const polling = await fetch(`${stack.url}/socket.io/?EIO=4&transport=polling`, { headers: { cookie: victim.cookie!, origin: ATTACKER } });
    expect(polling.status).toBe(403);
  });
});

describe('hostile bodies and what answers say', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog', 'ordering'] });
  });
  afterAll(() => stack?.close());

  it('refuses a body with thousands of keys before validation, with a short answer', async () => {
    const keys = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 1]));
    const res = await api(stack.url, 'POST', '/api/auth/register', { email: uniqueEmail('keys'), password: TEST_PASSWORD, ...keys });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body has too many fields (at most 256)' });
    // arrays count element by element
    const array = await api(stack.url, 'POST', '/api/auth/login', { email: Array.from({ length: 5_000 }, () => 'a'), password: 'x' });
    expect(array.status).toBe(413);
    // nothing was registered
    const signIn = await api(stack.url, 'POST', '/api/auth/login', { email: 'nobody@example.test', password: TEST_PASSWORD });
    expect(signIn.status).toBe(401);
  });

  it('answers at most 20 field errors, however many fields are wrong', async () => {
    const unknown = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`unknown${i}`, i]));
    const res = await api(stack.url, 'POST', '/api/auth/register', { email: 'not-an-email', password: 1, ...unknown });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).length).toBe(20);
    expect(JSON.stringify(res.body).length).toBeLessThan(4096);
  });

  it('marks API answers with personal data no-store; the web app and images keep their own caching', async () => {
    const customer = await signedInCustomer(stack.url);
    for (const path of ['/api/auth/user', '/api/orders', '/api/cart', '/api/dashboard/metrics']) {
      const res = await customer.get(path);
      expect({ path, status: res.status, cacheControl: res.headers.get('cache-control') }).toEqual({ path, status: 200, cacheControl: 'no-store' });
    }
    const error = await api(stack.url, 'GET', '/api/auth/user');
    expect(error.headers.get('cache-control')).toBe('no-store');
    const signIn = await api(stack.url, 'POST', '/api/auth/login', { email: uniqueEmail('x'), password: TEST_PASSWORD });
    expect(signIn.headers.get('cache-control')).toBe('no-store');
  });

  it('shows the public health check no host names or process ids; an admin sees the detail', async () => {
    const anonymous = await api(stack.url, 'GET', '/api/health/auth');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ service: 'auth', status: 'up' });
    const customer = await signedInCustomer(stack.url);
    expect((await customer.get('/api/health/auth')).body).toEqual({ service: 'auth', status: 'up' });
    const admin = await signedInAdmin(stack.url);
    const detail = await admin.get('/api/health/auth');
    expect(detail.body).toEqual({
      service: 'auth',
      status: 'up',
      instanceId: stack.instancesOf('auth')[0].instanceId,
      uptimeSeconds: expect.any(Number),
      deadLetters: 0,
      deadLetterPage: { service: 'auth', items: [], total: 0, offset: 0, limit: 20, nextOffset: null },
    });
  });

  it('names its own websocket origin in the CSP, not any ws: or wss:', async () => {
    const res = await fetch(`${stack.url}/api/health`);
    const csp = res.headers.get('content-security-policy')!;
    const connect = /connect-src ([^;]+)/.exec(csp)![1].split(' ');
    const host = new URL(stack.url).host;
    expect(connect).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
  });

  it('sends HSTS only over HTTPS', async () => {
    expect((await fetch(`${stack.url}/api/health`)).headers.get('strict-transport-security')).toBeNull();
    const proxied = await stack.startGateway({ TRUST_PROXY: 'true' });
    const overHttps = await fetch(`${proxied.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await fetch(`${proxied.url}/api/health`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('names a Secure session cookie __Host-, and then reads only that name', async () => {
    const proxied = await stack.startGateway({ TRUST_PROXY: 'true' });
    const https = { 'x-forwarded-proto': 'https' };
    const email = uniqueEmail('host-prefix');
    const register = await api(proxied.url, 'POST', '/api/auth/register', { email, password: TEST_PASSWORD }, https);
    expect(register.status).toBe(201);
    const setCookie = register.headers.getSetCookie().find((c) => c.includes('bakery_session='))!;
    expect(setCookie).toMatch(/^__Host-bakery_session=[^;]+;/);
    const flags = setCookie.split(';').slice(1).map((f) => f.trim().toLowerCase());
    expect(flags).toEqual(expect.arrayContaining(['secure', 'httponly', 'path=/', 'samesite=lax']));
    expect(flags.some((f) => f.startsWith('domain='))).toBe(false);

    const token = setCookie.split(';')[0].split('=').slice(1).join('=');
    const withName = (name: string) => api(proxied.url, 'GET', '/api/auth/user', undefined, { ...https, cookie: `${name}=${token}` });
    expect((await withName('__Host-bakery_session')).status).toBe(200);
    // over HTTPS a cookie without the prefix could have been planted by a sibling host: not read
    expect((await withName('bakery_session')).status).toBe(401);
    // over plain http nothing changes
    const plain = await api(proxied.url, 'POST', '/api/auth/login', { email, password: TEST_PASSWORD });
    expect(plain.headers.getSetCookie().find((c) => c.includes('bakery_session='))).toMatch(/^bakery_session=/);
  });
});
