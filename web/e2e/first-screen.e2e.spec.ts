/**
 * The cart, the catalogue and a visitor's landing page rendered by the gateway (web/src/ssr,
 * gateway/src/http/first-screen.ts): at phone width the page is on screen before any of the app's code has run, and the app then takes
 * it over with no 'Loading...' in between, nothing moved, nothing read a second time, and works.
 * Screenshots: test-artifacts/screenshots/first-screen-*.png.
 */
import { REQUEST_MARKER_HEADER, REQUEST_MARKER_VALUE } from '@bakery/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { registerCustomerApi, signInContext } from './support/admin';
import { DESKTOP, MOBILE, newPage, phoneUserAgent, reportFailure, screenshot, seedCatalogue, startE2E, type E2E } from './support/harness';

jest.setTimeout(180_000);

interface Watch {
  loadingSeen: boolean;
  shift: number;
}

/** From the page's first byte: whether 'Loading...' was ever in the page, and the layout shift so far. */
async function watchTakeOver(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch = { loadingSeen: false, shift: 0 };
    (window as unknown as { __watch: Watch }).__watch = watch;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Loading...')) watch.loadingSeen = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) watch.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Resolves once React has rendered `selector`'s element (the server's markup carries no React of its own). */
async function takenOver(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

describe('first screens rendered by the gateway', () => {
  let e2e: E2E;
  let email: string;
  let baguette: string;

  beforeAll(async () => {
    e2e = await startE2E();
    baguette = (await seedCatalogue(e2e.admin))['Classic Baguette'].id;
    email = await registerCustomerApi(e2e, { businessName: 'Crumb Cafe' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** A context signed in as the customer, with `quantity` baguettes in the cart. */
  async function customerWithCart(context: BrowserContext, quantity: number): Promise<void> {
    await signInContext(context, email);
    const cart = (await (await context.request.get('/api/cart')).json()) as { id: string }[];
    for (const line of cart) await context.request.delete(`/api/cart/${line.id}`, { headers: { [REQUEST_MARKER_HEADER]: REQUEST_MARKER_VALUE } });
    const added = await context.request.post('/api/cart', { data: { productId: baguette, quantity } });
    if (added.status() !== 201) throw new Error(`adding to the cart failed: ${added.status()} ${await added.text()}`);
  }

  it("shows a phone the cart before any of the app's code has run", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: MOBILE, userAgent: phoneUserAgent(e2e.browser), isMobile: true, hasTouch: true, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await customerWithCart(context, 2);
      await page.goto('/cart');
      expect(await page.title()).toBe('Shopping Cart · Bakery Wholesale');
      const line = page.getByRole('listitem', { name: 'Classic Baguette' });
      expect(await line.isVisible()).toBe(true);
      expect(await line.getByTestId('quantity').textContent()).toBe('2');
      // 2 x 3.25 + 12.50 delivery + 8.5 % tax on the goods
      expect(await page.getByTestId('summary-total').textContent()).toBe('$19.55');
      // the phone's layout, its own styles applied (the tab bar is fixed at the bottom)
      expect(await page.locator('.shell-mobile').count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Delivery Details' }).isVisible()).toBe(true);
      await screenshot(page, 'first-screen-cart-390-no-script');
    } catch (err) {
      await reportFailure(page, 'first-screen-no-script-failure', []);
      throw err;
    } finally {
      await context.close();
    }
  });

  for (const [label, viewport] of [
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`is taken over by the app on a ${label}: no Loading..., nothing moves, nothing read twice, and it works`, async () => {
      const { context, page, problems } = await newPage(e2e, viewport);
      try {
        await customerWithCart(context, 2);
        await watchTakeOver(page);
        const reads: string[] = [];
        page.on('request', (req) => {
          const url = new URL(req.url());
          if (url.pathname.startsWith('/api/')) reads.push(`${req.method()} ${url.pathname}`);
        });
        await page.goto('/cart');
        await takenOver(page, '.cart-line');
        // one page: React's first commit took the server's markup away
        expect(await page.locator('.cart').count()).toBe(1);
        expect(await page.locator('#root > [inert]').count()).toBe(0);
        // the server read these for the page: the app does not ask again as it takes over
        expect(reads.filter((r) => ['GET /api/auth/user', 'GET /api/cart', 'GET /api/cart/count', 'GET /api/config/pricing', 'GET /api/calendar'].includes(r))).toEqual([]);

        await page.getByRole('button', { name: 'Increase quantity of Classic Baguette' }).click();
        await page.getByRole('listitem', { name: 'Classic Baguette' }).getByTestId('quantity').filter({ hasText: '3' }).waitFor();
        await page.getByTestId('summary-total').filter({ hasText: '$23.08' }).waitFor();

        const watch = await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
        expect(watch.loadingSeen).toBe(false);
        expect(watch.shift).toBeLessThan(0.01);
        expect(problems).toEqual([]);
        await screenshot(page, `first-screen-cart-${viewport.width}-taken-over`);
      } catch (err) {
        await reportFailure(page, `first-screen-${label}-failure`, problems);
        throw err;
      } finally {
        await context.close();
      }
    });
  }

  it("shows a visitor the landing page's brand before any code has run, then the app's Sign In form", async () => {
    const noScript = await e2e.browser.newContext({ baseURL: e2e.url, viewport: MOBILE, userAgent: phoneUserAgent(e2e.browser), isMobile: true, javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto('/');
      expect(await page.locator('.auth-tagline').textContent()).toBe('Streamlining bread ordering and delivery for coffee shops, bakeries and restaurants.');
    } finally {
      await noScript.close();
    }
    const { context, page, problems } = await newPage(e2e, MOBILE);
    try {
      await watchTakeOver(page);
      await page.goto('/');
      await page.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
      await page.getByLabel('Email').fill(email);
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      const watch = await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
      expect(watch.shift).toBeLessThan(0.01);
      expect(problems).toEqual([]);
      await screenshot(page, 'first-screen-landing-390-taken-over');
    } catch (err) {
      await reportFailure(page, 'first-screen-landing-failure', problems);
      throw err;
    } finally {
      await context.close();
    }
  });

  it('renders the catalogue the same way', async () => {
    const { context, page, problems } = await newPage(e2e, MOBILE);
    try {
      await customerWithCart(context, 1);
      await watchTakeOver(page);
      await page.goto('/products');
      expect(await page.title()).toBe('Products · Bakery Wholesale');
      await takenOver(page, '.product-list');
      expect(await page.getByText('Sourdough Loaf', { exact: true }).first().isVisible()).toBe(true);
      const watch = await page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);
      expect(watch.loadingSeen).toBe(false);
      expect(watch.shift).toBeLessThan(0.01);
      expect(problems).toEqual([]);
      await screenshot(page, 'first-screen-products-390-taken-over');
    } catch (err) {
      await reportFailure(page, 'first-screen-catalogue-failure', problems);
      throw err;
    } finally {
      await context.close();
    }
  });
});
