/**
 * Pages rendered by the gateway (issue 14's cart at phone speed): a page load of /cart or /products
 * with a session gets index.html with the page in it (gateway/src/http/first-screen.ts,
 * web/src/ssr/first-screen.tsx), each with its own session's data however many load at once; a
 * visitor's / gets the landing page, the same for all; everyone and everything else gets the plain
 * index.html. Needs the web app built with its
 * renderer (`npm run build`, which `npm test` runs first).
 */
import { ApiClient, createProduct, signedInAdmin, signedInCustomer, TEST_PASSWORD, TestStack, uniqueEmail } from '@bakery/testing';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FIRST_SCREEN_MAX_IN_FLIGHT } from '../src/http/first-screen';

const DIST = path.resolve(__dirname, '..', '..', 'web', 'dist');
const PHONE = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
// a name that would end the page's data script, were it not escaped, and with what String.replace
// reads as patterns in a replacement ($& the match, $' what follows it)
const HOSTILE = `</script><script>window.owned = 1</script><!-- $& $' Loaf`;
/** Text as React writes it into markup. */
const asMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

interface Page {
  status: number;
  headers: Headers;
  html: string;
}

interface FirstScreenState {
  queries: { queryKey: unknown[]; state: { data: unknown } }[];
}

/** A page load as a browser makes it: the session's cookie, the browser's user agent. */
async function pageLoad(baseUrl: string, pagePath: string, client?: ApiClient, userAgent = PHONE, headers: Record<string, string> = {}): Promise<Page> {
  const res = await fetch(`${baseUrl}${pagePath}`, {
    headers: { accept: 'text/html', 'user-agent': userAgent, ...(client?.cookie ? { cookie: client.cookie } : {}), ...headers },
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The server's reads the page carries (react-query's dehydrated cache), by query key. */
function stateOf(html: string): Map<string, unknown> {
  const json = /<script type="application\/json" id="first-screen-state">([^<]*)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error('the page has no first screen state');
  const state = JSON.parse(json) as FirstScreenState;
  return new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
}

/** The markup React rendered into the page's root. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="first-screen-state">');
  if (start < 0 || end < start) throw new Error('the page has no rendered root');
  return html.slice(start, end);
}

const cartLinesOf = (html: string) => stateOf(html).get('["/api/cart"]') as { product: { name: string } | null; quantity: number }[];
const userOf = (html: string) => stateOf(html).get('["/api/auth/user"]') as { email: string; businessName: string };

describe('first screens rendered by the gateway', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let alpha: ApiClient;
  let beta: ApiClient;
  let plainIndex: string;

  beforeAll(async () => {
    if (!existsSync(path.join(DIST, '.server', 'first-screen.cjs'))) {
      throw new Error('web/dist/.server/first-screen.cjs is missing: run npm run build first');
    }
    plainIndex = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    stack = await TestStack.start();
    admin = await signedInAdmin(stack.url);
    const rye = await createProduct(admin, { name: 'First Screen Rye', price: '4.25', stock: 500 });
    const hostile = await createProduct(admin, { name: HOSTILE, price: '3.10', stock: 500 });
    alpha = await signedInCustomer(stack.url, { businessName: 'Alpha Cafe' });
    beta = await signedInCustomer(stack.url, { businessName: 'Beta Bistro' });
    expect((await alpha.post('/api/cart', { productId: rye.id, quantity: 3 })).status).toBe(201);
    expect((await beta.post('/api/cart', { productId: hostile.id, quantity: 2 })).status).toBe(201);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("puts a customer's cart into the page: the phone's layout, the page's title and styles, never cached", async () => {
    const page = await pageLoad(stack.url, '/cart', alpha);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('vary')).toMatch(/Cookie/);
    expect(page.html).toContain('<title>Shopping Cart · Bakery Wholesale</title>');
    const root = rootOf(page.html);
    expect(root).toContain('class="shell-mobile"');
    expect(root).toContain('First Screen Rye');
    expect(root).toContain('Order Summary');
    expect(root).toContain('Delivery Details');
    // 3 x 4.25 on the line
    expect(root).toContain('$12.75');
    // the page's own stylesheets inline, so its first paint waits for no request of its own
    expect(page.html).toMatch(/<style data-first-screen>[^<]*\.cart-line/);
    // the app starts from the boot script once the page has painted, not from index.html's module script
    expect(page.html).not.toContain('<script type="module"');
    expect(page.html).toMatch(/<script src="\/first-screen-boot\.js" data-entry="\/assets\/index-[\w-]+\.js"/);
    expect(cartLinesOf(page.html)).toEqual([expect.objectContaining({ quantity: 3, product: expect.objectContaining({ name: 'First Screen Rye' }) })]);
    expect(userOf(page.html).businessName).toBe('Alpha Cafe');
  });

  it("renders the desktop layout for a desktop browser, and the catalogue's products on /products", async () => {
    const desktop = await pageLoad(stack.url, '/cart', alpha, DESKTOP);
    expect(rootOf(desktop.html)).toContain('class="shell-desktop"');
    const catalogue = await pageLoad(stack.url, '/products', alpha);
    expect(catalogue.html).toContain('<title>Products · Bakery Wholesale</title>');
    expect(rootOf(catalogue.html)).toContain('First Screen Rye');
  });

  it('gives each page load its own session, with as many renders at once as the gateway makes', async () => {
    const loads = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? alpha : beta));
    const pages: Page[] = [];
    for (let wave = 0; wave < loads.length; wave += FIRST_SCREEN_MAX_IN_FLIGHT) {
      pages.push(...(await Promise.all(loads.slice(wave, wave + FIRST_SCREEN_MAX_IN_FLIGHT).map((client) => pageLoad(stack.url, '/cart', client)))));
    }
    pages.forEach((page, i) => {
      const own = loads[i] === alpha;
      expect(userOf(page.html).businessName).toBe(own ? 'Alpha Cafe' : 'Beta Bistro');
      expect(cartLinesOf(page.html).map((l) => l.product?.name)).toEqual([own ? 'First Screen Rye' : HOSTILE]);
      const root = rootOf(page.html);
      expect(root.includes('First Screen Rye')).toBe(own);
    });
  });

  it("keeps a product's name inside the page's data: no script of its own", async () => {
    const page = await pageLoad(stack.url, '/cart', beta);
    // the data script and the boot script, and nothing the name brought
    expect(page.html.match(/<script/g)).toHaveLength(2);
    expect(cartLinesOf(page.html)[0].product?.name).toBe(HOSTILE);
    // React's escaped text in the markup
    expect(rootOf(page.html)).toContain(`<div class="cart-line-name" title="${asMarkup(HOSTILE)}">${asMarkup(HOSTILE)}</div>`);
    // the page is index.html once, with the page in it once
    expect(page.html.match(/<div id="root">/g)).toHaveLength(1);
    expect(page.html.match(/<\/html>/g)).toHaveLength(1);
  });

  it("renders a visitor's landing page: the brand, the forms' place held, no one's data, the same for every visitor", async () => {
    const page = await pageLoad(stack.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const root = rootOf(page.html);
    expect(root).toContain('class="auth-brand"');
    expect(root).toContain('Streamlining bread ordering and delivery for coffee shops, bakeries and restaurants.');
    expect(root).toContain('auth-card-loading');
    // index.html's own title until the forms say which tab is open
    expect(page.html).toContain('<title>Bakery Wholesale</title>');
    expect([...stateOf(page.html).entries()]).toEqual([['["/api/auth/user"]', null]]);
    // made once: the next visitor gets the same page
    expect((await pageLoad(stack.url, '/')).html).toBe(page.html);
    // a signed-in user's / is the dashboard, which the gateway does not render
    expect((await pageLoad(stack.url, '/', alpha)).html).toBe(plainIndex);
  });

  it('sends the plain index.html to a visitor, an admin, a signed-out session and a page not rendered', async () => {
    expect((await pageLoad(stack.url, '/cart')).html).toBe(plainIndex);
    expect((await pageLoad(stack.url, '/cart', admin)).html).toBe(plainIndex);
    expect((await pageLoad(stack.url, '/orders', alpha)).html).toBe(plainIndex);
    const forged = new ApiClient(stack.url);
    forged.cookie = `${alpha.cookie!.split('=')[0]}=not-a-token`;
    expect((await pageLoad(stack.url, '/cart', forged)).html).toBe(plainIndex);

    const leaving = await signedInCustomer(stack.url, { businessName: 'Leaving Cafe' });
    const revoked = leaving.cookie!;
    expect((await leaving.post('/api/auth/logout')).status).toBeLessThan(300);
    leaving.cookie = revoked;
    const page = await pageLoad(stack.url, '/cart', leaving);
    expect(page.status).toBe(200);
    expect(page.html).toBe(plainIndex);
  });

  it('renders behind a TLS proxy too, where the session cookie has its __Host- name', async () => {
    const proxied = await stack.startGateway({ TRUST_PROXY: 'true' });
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
    const customer = new ApiClient(proxied.url);
    const registered = await customer.call(
      'POST',
      '/api/auth/register',
      { email: uniqueEmail('proxied'), password: TEST_PASSWORD, businessName: 'Proxied Cafe', businessType: 'coffee_shop' },
      https,
    );
    expect(registered.status).toBe(201);
    expect(customer.cookie).toMatch(/^__Host-bakery_session=/);
    const page = await pageLoad(proxied.url, '/cart', customer, PHONE, https);
    expect(userOf(page.html).businessName).toBe('Proxied Cafe');
    expect(rootOf(page.html)).toContain('Your cart is empty');
  });

  it('sends the plain index.html when a read fails, and when the gateway is told not to render', async () => {
    const off = await stack.startGateway({ SERVER_RENDERING: 'off' });
    expect((await pageLoad(off.url, '/cart', alpha.on(off.url))).html).toBe(plainIndex);

    // the cart is ordering's: its read fails, and the page would paint its error
    await stack.stopService('ordering');
    try {
      const page = await pageLoad(stack.url, '/cart', alpha);
      expect(page.status).toBe(200);
      expect(page.html).toBe(plainIndex);
    } finally {
      await stack.startService('ordering');
    }
  });
});
