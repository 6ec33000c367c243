/**
 * The cross-origin attack of issue 12, replayed in chromium: a page on another port of the same
 * host (the same *site*, so the SameSite=Lax session cookie rides along) sends no-cors fetches,
 * submits a form and opens a websocket to the app while its victim is signed in. The gateway must
 * refuse every one (403, seen on the network), nothing may change, and the app's own pages must
 * keep working with the same cookie.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, signedInCustomer, type ApiClient } from '@bakery/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, newPage, seedCatalogue, startE2E, type E2E } from './support/harness';

jest.setTimeout(120_000);

interface Attack {
  method: string;
  path: string;
  /** no body, or a text/plain one: what a page may send without a CORS preflight */
  body?: string;
}

/** The attacker's page: every attack in `attacks`, then a form post and a websocket, results in window.done. */
function attackerPage(app: string, attacks: Attack[]): string {
  return `<!doctype html><html><body>
<iframe name="sink" style="display:none"></iframe>
<form id="form" method="POST" action="${app}/api/orders" target="sink" enctype="text/plain"><input name="deliveryDate" value="2030-01-01"></form>
<script>
const app = ${JSON.stringify(app)};
const attacks = ${JSON.stringify(attacks)};
window.done = (async () => {
  for (const a of attacks) {
    try { await fetch(app + a.path, { method: a.method, mode: 'no-cors', credentials: 'include', body: a.body }); } catch (e) {}
  }
  // a JSON request needs a preflight, which is never granted: it must not even be sent
  let corsJson = 'sent';
  try { await fetch(app + '/api/orders', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' }); }
  catch (e) { corsJson = 'blocked'; }
  document.getElementById('form').submit();
  const socket = await new Promise((resolve) => {
    const ws = new WebSocket(app.replace('http', 'ws') + '/socket.io/?EIO=4&transport=websocket');
    const seen = [];
    ws.onmessage = (m) => { seen.push(String(m.data)); if (String(m.data).startsWith('0')) ws.send('40'); if (String(m.data).startsWith('40')) resolve({ opened: true, seen }); };
    ws.onerror = () => resolve({ opened: false, seen });
    ws.onclose = () => resolve({ opened: seen.length > 0, seen });
    setTimeout(() => resolve({ opened: 'timeout', seen }), 5000);
  });
  return { corsJson, socket };
})();
</script></body></html>`;
}

describe('a page of another origin (same site) in chromium', () => {
  let e2e: E2E;
  let attacker: Server;
  let attackerUrl: string;
  let pageHtml = '';
  let productId: string;

  beforeAll(async () => {
    e2e = await startE2E();
    productId = (await seedCatalogue(e2e.admin, [{ name: 'Forgery Rye', price: '5.00', category: 'breads', stock: 50, description: 'Dense rye' }]))['Forgery Rye'].id;
    attacker = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(pageHtml));
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    attacker?.close();
    await e2e?.close();
  });

  /** A browser signed in with the client's session cookie (the victim). */
  /**
   * The victim's browser, and the requests it sent to the app (by "METHOD /path"). Their answers
   * cannot be read: chromium blocks a JSON answer to a no-cors request (ORB) before anyone sees
   * its status, so what the gateway answered is shown by what changed (nothing); the statuses
   * themselves are checked with the same headers in gateway/test/request-hardening.int.spec.ts.
   */
  async function victimBrowser(client: ApiClient): Promise<{ context: BrowserContext; page: Page; sent: Set<string> }> {
    const { context, page } = await newPage(e2e, DESKTOP);
    const [name, value] = client.cookie!.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: e2e.url, httpOnly: true, sameSite: 'Lax' }]);
    const sent = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === e2e.url && req.frame() !== null) sent.add(`${req.method()} ${url.pathname}`);
    });
    return { context, page, sent };
  }

  interface AttackResult {
    corsJson: string;
    socket: { opened: boolean | string; seen: string[] };
    /** what the gateway answered the form post (a navigation, so its answer is visible) */
    formStatus: number;
  }

  async function runAttack(page: Page, attacks: Attack[]): Promise<AttackResult> {
    pageHtml = attackerPage(e2e.url, attacks);
    const formAnswer = page.waitForResponse((res) => res.url() === `${e2e.url}/api/orders` && res.request().isNavigationRequest());
    await page.goto(`${attackerUrl}/evil.html`);
    const result = (await page.evaluate(() => (window as unknown as { done: Promise<unknown> }).done)) as Omit<AttackResult, 'formStatus'>;
    return { ...result, formStatus: (await formAnswer).status() };
  }

  it('cannot act as a signed-in customer: orders, cancel, cart, logout and the socket are refused', async () => {
    const customer = await signedInCustomer(e2e.url);
    expect((await customer.post('/api/cart', { productId, quantity: 3 })).status).toBe(201);
    const order = await customer.post('/api/orders', {});
    expect(order.status).toBe(201);
    expect((await customer.post('/api/cart', { productId, quantity: 2 })).status).toBe(201);
    const line = (await customer.get('/api/cart')).body[0];

    const { context, page, sent } = await victimBrowser(customer);
    const attacks: Attack[] = [
      { method: 'POST', path: '/api/orders' },
      { method: 'POST', path: '/api/orders', body: '{}' },
      { method: 'POST', path: `/api/orders/${order.body.id}/cancel` },
      { method: 'POST', path: '/api/cart', body: JSON.stringify({ productId, quantity: 40 }) },
      { method: 'PUT', path: `/api/cart/${line.id}`, body: JSON.stringify({ quantity: 9 }) },
      { method: 'DELETE', path: `/api/cart/${line.id}` },
      { method: 'POST', path: '/api/auth/logout' },
    ];
    const result = await runAttack(page, attacks);

    // the forged POSTs did leave the browser with the victim's cookie (DELETE and PUT in no-cors
    // mode are not sent at all: they need a preflight)
    for (const { method, path } of attacks.filter((a) => a.method === 'POST')) {
      expect({ method, path, sent: sent.has(`${method} ${path}`) }).toEqual({ method, path, sent: true });
    }
    expect(result.formStatus).toBe(403);
    expect(result.corsJson).toBe('blocked');
    expect(result.socket.opened).toBe(false);
    expect(result.socket.seen).toEqual([]);

    // nothing changed: one order, still pending, the cart line untouched, the session alive
    const orders = (await customer.get('/api/orders')).body;
    expect(orders.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[order.body.id, 'pending']]);
    expect((await customer.get('/api/cart')).body.map((l: { id: string; quantity: number }) => [l.id, l.quantity])).toEqual([[line.id, 2]]);

    // the app itself still works in the same browser, with the same cookie
    await page.goto(`${e2e.url}/cart`);
    await page.getByText('Forgery Rye').first().waitFor();
    const ownRequest = await page.evaluate(async (id) => {
      const res = await fetch('/api/cart', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId: id, quantity: 1 }) });
      return res.status;
    }, productId);
    expect(ownRequest).toBe(201);
    const ownSocket = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
          ws.onmessage = (m) => {
            if (String(m.data).startsWith('0')) ws.send('40');
            if (String(m.data).startsWith('40')) {
              ws.close();
              resolve('connected');
            }
          };
          ws.onerror = () => resolve('refused');
        }),
    );
    expect(ownSocket).toBe('connected');
    await context.close();
  });

  it('cannot act as a signed-in admin: mark-read, product and pricing changes are refused', async () => {
    // the first test's order reaches the admin's unread count through an event
    const unread = await eventually(async () => (await e2e.admin.get('/api/admin/notifications/count')).body.count);
    const before = {
      unread,
      product: (await e2e.admin.get(`/api/products/${productId}`)).body,
      pricing: (await e2e.admin.get('/api/config/pricing')).body,
    };
    const { context, page, sent } = await victimBrowser(e2e.admin);
    const attacks: Attack[] = [
      { method: 'POST', path: '/api/admin/notifications/mark-read' },
      { method: 'POST', path: '/api/products', body: JSON.stringify({ name: 'Forged', category: 'breads', price: '0.01', stock: 1 }) },
      { method: 'POST', path: '/api/customers', body: JSON.stringify({ email: 'forged@example.test', password: 'secret123' }) },
      { method: 'PATCH', path: `/api/products/${productId}/toggle-active` },
      { method: 'DELETE', path: `/api/products/${productId}` },
      { method: 'PUT', path: '/api/config/pricing', body: JSON.stringify({ deliveryFee: '0.00', taxRate: '0' }) },
    ];
    const result = await runAttack(page, attacks);
    for (const { method, path } of attacks.filter((a) => a.method === 'POST')) {
      expect({ method, path, sent: sent.has(`${method} ${path}`) }).toEqual({ method, path, sent: true });
    }
    expect(result.formStatus).toBe(403);
    expect(result.socket.opened).toBe(false);

    expect((await e2e.admin.get('/api/admin/notifications/count')).body.count).toBe(before.unread);
    expect((await e2e.admin.get(`/api/products/${productId}`)).body).toEqual(before.product);
    expect((await e2e.admin.get('/api/config/pricing')).body).toEqual(before.pricing);
    expect((await e2e.admin.get('/api/products')).body.map((p: { name: string }) => p.name)).not.toContain('Forged');
    await context.close();
  });
});
