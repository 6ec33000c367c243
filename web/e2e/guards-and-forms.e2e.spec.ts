import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  closeToast,
  DESKTOP,
  expectToast,
  MOBILE,
  newPage,
  screenshot,
  seedCatalogue,
  startE2E,
  uniqueEmail,
  openedDialog,
  type E2E,
} from './support/harness';
import { bakePng } from './support/png';

jest.setTimeout(120_000);

const PASSWORD = 'secret123';
const DRAFT_KEY = 'bakery:submit-product-draft';

/** A customer account made through the API; the browser signs in with it. */
async function registerCustomer(e2e: E2E, businessName = 'Bistro Forno'): Promise<string> {
  const email = uniqueEmail('customer');
  const res = await fetch(`${e2e.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, businessName, businessType: 'bakery' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Logged in successfully!');
  await page.waitForURL('**/products');
}

describe('guards, validation and the product submission dialog in chromium', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
    await seedCatalogue(e2e.admin, [
      { name: 'Sourdough Loaf', price: '6.50', category: 'breads', stock: 40, description: 'Naturally leavened', crust: [196, 132, 66] },
    ]);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  describe.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ])('%s', (shots, viewport) => {
    it("sends a visitor on /cart and /orders through the 'Unauthorized' toast to /api/login, which lands on /", async () => {
      const { context, page, problems } = await newPage(e2e, viewport);
      // When each page's toast appeared, on the wall clock the browser also stamps requests with,
      // so a busy test runner noticing late cannot skew the 500 ms check.
      // What the page showed when the toast appeared, recorded by the page itself: the toast is up
      // for only 500 ms, which a busy test runner can miss by polling.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          const key = `toastAt:${location.pathname}`;
          if (!sessionStorage.getItem(key) && document.body?.textContent?.includes('You are logged out')) {
            const toast = Array.from(document.querySelectorAll('[data-testid="toast"]')).find((t) => t.textContent?.includes('You are logged out'));
            sessionStorage.setItem(key, String(Date.now()));
            sessionStorage.setItem(
              `toastSeen:${location.pathname}`,
              JSON.stringify({
                text: toast?.textContent ?? '',
                role: toast?.getAttribute('role') ?? null,
                main: document.querySelectorAll('main').length,
                h1: document.querySelectorAll('h1').length,
              }),
            );
          }
        }).observe(document, { childList: true, subtree: true, characterData: true }); // no documentElement yet
      });
      try {
        for (const path of ['/cart', '/orders', '/admin']) {
          const loginRedirect = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/login');
          await page.goto(path);
          if (path === '/cart') await screenshot(page, `${shots}-20-unauthorized`);
          const login = await loginRedirect;
          await page.waitForURL((url) => url.pathname === '/');
          const seen = JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), `toastSeen:${path}`)) ?? '{}');
          expect(seen.text).toContain('Unauthorized');
          expect(seen.text).toContain('You are logged out. Logging in again...');
          expect(seen.role).toBe('alert');
          // nothing else is rendered
          expect(seen.main).toBe(0);
          expect(seen.h1).toBe(0);
          const toastAt = Number(await page.evaluate((key) => sessionStorage.getItem(key), `toastAt:${path}`));
          expect(toastAt).toBeGreaterThan(0);
          expect(login.timing().startTime - toastAt).toBeGreaterThanOrEqual(450); // 500 ms after the toast
          expect(login.timing().startTime - toastAt).toBeLessThan(10_000); // (a sane stamp, not a stray value)
          await page.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
        }
        // /products is only registered for signed-in users: a visitor gets the 404 card
        await page.goto('/products');
        await page.getByText('404 Page Not Found').waitFor();
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it("turns a customer away from the admin pages with 'Access Denied', then goes to /", async () => {
      const { context, page, problems } = await newPage(e2e, viewport);
      try {
        await signIn(page, await registerCustomer(e2e));
        await closeToast(page);
        await page.goto('/admin/orders');
        await expectToast(page, 'Access Denied', 'Admin access required for this page');
        expect(await page.locator('main').count()).toBe(0);
        await screenshot(page, `${shots}-21-access-denied`);
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByTestId('metric-total-orders').waitFor();
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('shows the sign-in and registration messages of spec sections 5 and 8', async () => {
      const { context, page, problems } = await newPage(e2e, viewport);
      try {
        await page.goto('/');
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.getByText('Please enter a valid email').waitFor();
        await page.getByText('Password must be at least 6 characters').waitFor();
        await screenshot(page, `${shots}-22-sign-in-validation`);

        const taken = await registerCustomer(e2e);
        await page.getByLabel('Email').fill(taken);
        await page.getByLabel('Password').fill('not-the-password');
        await page.getByRole('button', { name: 'Sign In' }).click();
        const failed = await expectToast(page, 'Error', 'Invalid email or password');
        expect(await failed.getAttribute('role')).toBe('alert');
        expect(new URL(page.url()).pathname).toBe('/');

        await page.getByRole('tab', { name: 'Register' }).click();
        await page.getByLabel('Email').fill('not-an-email');
        await page.getByLabel('Password').fill('12345');
        await page.getByLabel('Business Name').fill('A');
        await page.getByLabel('Business Name').blur();
        await page.getByRole('button', { name: 'Create Account' }).click();
        await page.getByText('Please enter a valid email').waitFor();
        await page.getByText('Password must be at least 6 characters').waitFor();
        await page.getByText('Business name must be at least 2 characters').waitFor();
        await closeToast(page);
        await screenshot(page, `${shots}-23-register-validation`);

        await page.getByLabel('Email').fill(taken);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByLabel('Business Name').fill('Corner Coffee');
        await page.getByRole('button', { name: 'Create Account' }).click();
        await expectToast(page, 'Error', 'Registration failed. Email may already exist.');
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it('submits a product: photo through the upload flow, price, quantity, a draft kept until the dialog closes', async () => {
      const { context, page, problems } = await newPage(e2e, viewport);
      try {
        await signIn(page, await registerCustomer(e2e, `Submitter ${shots}`));
        await closeToast(page);
        await page.getByRole('button', { name: 'Submit Product' }).click();
        const dialog = page.getByRole('dialog', { name: 'Submit Product' });
        await openedDialog(dialog);
        await dialog.getByText('JPG, PNG, GIF up to 10MB').waitFor();

        // nothing filled in
        await dialog.getByLabel('Quantity').fill('');
        await dialog.getByRole('button', { name: 'Submit Product' }).click();
        await expectToast(page, 'Please upload a product photo first');
        await dialog.getByText('Product photo is required').waitFor();
        await dialog.getByText('Price is required').waitFor();
        await dialog.getByText('Quantity must be at least 1').waitFor();
        await dialog.getByLabel('Quantity').fill('501');
        await dialog.getByLabel('Quantity').blur();
        await dialog.getByText('Quantity cannot exceed 500').waitFor();
        await closeToast(page);
        await screenshot(page, `${shots}-24-submit-product-validation`);

        // an upload that fails at its first step says so
        await page.route('**/api/objects/upload', (route) => route.fulfill({ status: 500, body: 'down' }));
        await dialog.locator('input[type=file]').setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: bakePng([200, 140, 70], [240, 232, 220]) });
        await expectToast(page, 'Error', 'Failed to get upload URL');
        await page.unroute('**/api/objects/upload');

        // the real thing
        await dialog.locator('input[type=file]').setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: bakePng([200, 140, 70], [240, 232, 220]) });
        await expectToast(page, 'Product photo uploaded successfully!');
        const preview = dialog.getByRole('img', { name: 'Product photo preview' });
        const shown = await preview.getAttribute('src');
        expect(shown).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}\/thumbnail$/);
        await dialog.getByLabel('Price ($)').fill('4.50');
        await dialog.getByLabel('Quantity').fill('12');
        await dialog.getByLabel('Quantity').blur();
        const draft = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)) ?? 'null');
        expect(draft).toEqual({ price: '4.50', quantity: '12', imageUrl: shown!.replace(/\/thumbnail$/, '') });

        // the draft survives a reload and comes back when the dialog opens again
        await page.reload();
        await page.getByRole('button', { name: 'Submit Product' }).click();
        await openedDialog(dialog);
        expect(await dialog.getByLabel('Price ($)').inputValue()).toBe('4.50');
        expect(await dialog.getByLabel('Quantity').inputValue()).toBe('12');
        await closeToast(page);
        await screenshot(page, `${shots}-25-submit-product`);

        await dialog.getByRole('button', { name: 'Submit Product' }).click();
        await expectToast(page, 'Product submitted successfully! Our admin team will review it.');
        await dialog.waitFor({ state: 'hidden' });
        expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();

        // the admins have it, waiting for review
        const { body: products } = await e2e.admin.get<{ price: string; stock: number; reviewStatus: string; imageUrl: string }[]>('/api/products');
        expect(products).toContainEqual(expect.objectContaining({ price: '4.50', stock: 12, reviewStatus: 'pending_review', imageUrl: draft.imageUrl }));

        // closing clears the draft
        await page.getByRole('button', { name: 'Submit Product' }).click();
        await dialog.getByLabel('Price ($)').fill('9.99');
        expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toContain('9.99');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  it('loads at most 290 KB of gzipped JavaScript before the sign-in page shows (the catalogue’s libraries among it), no other screen, then prefetches the catalogue', async () => {
    const { context, page } = await newPage(e2e, DESKTOP);
    try {
      const scripts = new Map<string, number>();
      page.on('response', async (res) => {
        if (res.request().resourceType() !== 'script') return;
        const body = await res.body().catch(() => Buffer.alloc(0));
        scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
      });
      // the moment the sign-in form is in the page, on the page's own clock (before any effect runs)
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.querySelector('[role="tab"][aria-selected="true"]')) {
            (window as unknown as { signInShownAt: number }).signInShownAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      // the catalogue's chunk, fetched ahead once the sign-in page is up and the browser idle
      const prefetched = page.waitForResponse((res) => /products-page/.test(new URL(res.url()).pathname));
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
      await prefetched;
      const { before, after } = await page.evaluate(() => {
        const shownAt = (window as unknown as { signInShownAt: number }).signInShownAt;
        const js = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js'));
        const path = (e: PerformanceEntry) => new URL(e.name).pathname;
        return { before: js.filter((e) => e.startTime < shownAt).map(path), after: js.filter((e) => e.startTime >= shownAt).map(path) };
      });
      const total = before.reduce((sum, url) => sum + (scripts.get(url) ?? 0), 0);
      console.log(`[e2e] sign-in page: ${before.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped; ${after.length} prefetched after it showed`);
      expect(before.every((url) => scripts.has(url))).toBe(true);
      expect(total).toBeLessThanOrEqual(290 * 1024);
      expect(before.filter((u) => /(products-page|cart-page|orders-page|dashboard-page|app-shell)/.test(u))).toEqual([]);
      // the next screen is fetched once the sign-in page is up, so signing in does not wait for it
      expect(after.filter((u) => /products-page/.test(u))).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('answers crawlers’ /robots.txt with rules, not the app’s page, and the tab icon needs no request', async () => {
    const robots = await fetch(`${e2e.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = (await robots.text()).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(rules).toEqual(['User-agent: *', 'Disallow: /api/', 'Disallow: /objects/']);

    const { context, page } = await newPage(e2e, DESKTOP);
    try {
      const asked: string[] = [];
      page.on('request', (req) => asked.push(new URL(req.url()).pathname));
      await page.goto('/', { waitUntil: 'networkidle' });
      expect(asked).not.toContain('/favicon.ico');
    } finally {
      await context.close();
    }
  });

  it('a tab left open across a deploy: a screen whose code is gone loads the new version once, else says so with Reload', async () => {
    const { context, page, problems } = await newPage(e2e, DESKTOP);
    try {
      // what the first screen loads after it is shown (the cart's code, the push channel's) is in
      // before the deploy: it is the screens opened later whose code goes
      const cartCode = page.waitForResponse((res) => /\/assets\/cart-page-/.test(new URL(res.url()).pathname));
      const pushChannel = page.waitForEvent('websocket');
      await signIn(page, await registerCustomer(e2e, 'Night Owl Cafe'));
      await Promise.all([cartCode, pushChannel]);

      // the deploy: every file of the old build not loaded yet is gone, until the page loads again
      let deployed = false;
      const documents: string[] = [];
      await context.route('**/*', (route) => {
        const request = route.request();
        if (request.resourceType() === 'document') {
          documents.push(new URL(request.url()).pathname);
          deployed = true;
        }
        if (!deployed && new URL(request.url()).pathname.startsWith('/assets/')) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
        return route.continue();
      });
      await page.locator('a[href="/orders"]').first().click();
      await page.getByRole('heading', { level: 1, name: 'Order History' }).waitFor();
      expect(documents).toEqual(['/orders']);
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);

      // the same again right after that reload: not a deploy (the server is down); no reload loop
      await context.unroute('**/*');
      documents.length = 0;
      await context.route(/\/assets\/account-page-/, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));
      page.on('request', (request) => request.resourceType() === 'document' && documents.push(new URL(request.url()).pathname));
      await page.locator('a[href="/account"]').first().click();
      await page.getByRole('heading', { level: 1, name: 'This page could not be opened' }).waitFor();
      expect(documents).toEqual([]);
      expect(await page.title()).toBe('Page could not be opened · Bakery Wholesale');
      await screenshot(page, 'desktop-route-error');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'mobile-route-error');

      // Reload once the code is back: the screen opens
      await context.unroute(/\/assets\/account-page-/);
      await page.getByRole('button', { name: /Reload/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keyboard: the sign-in form works without a mouse', async () => {
    const { context, page } = await newPage(e2e, DESKTOP);
    try {
      const email = await registerCustomer(e2e);
      await page.goto('/');
      await page.getByRole('tab', { name: 'Sign In' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Tab');
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await expectToast(page, 'Logged in successfully!');
      await page.waitForURL('**/products');
    } finally {
      await context.close();
    }
  });
});
