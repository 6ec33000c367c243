/**
 * Layout and accessibility of every screen at 320 x 640, 390 x 844 and 1280 x 800, with names,
 * business names and special instructions made of very long unbroken words: no page scrolls
 * sideways, nothing is cut (Manage Products' actions, the stock badge), the full text is there as a
 * title, two rows of products fit above the fold, each route has its own title, the skip link
 * works, phone tap targets are 44 x 44, dialogs fit the viewport, and axe-core finds no serious or
 * critical violation. A screenshot of each screen: test-artifacts/screenshots/layout-<width>-<screen>.png.
 */
import { TEST_ADMIN_KEY } from '@bakery/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, isoDateFromToday, MOBILE, newPage, openedDialog, reportFailure, screenshot, seedCatalogue, startE2E, type E2E } from './support/harness';
import { registerAdminApi, registerCustomerApi, signInContext } from './support/admin';
import { axeSerious } from './support/axe';

jest.setTimeout(300_000);

const SMALL_PHONE = { width: 320, height: 640 };
const LONG_NAME = 'Roggenvollkornsauerteigbrotmitsonnenblumenkernenundkuerbiskernenausdemsteinofen';
const LONG_BUSINESS = 'Kaffeehausundkonditoreiamaltenmarktplatzgegenueberdemrathausbrunnen';
const LONG_INSTRUCTIONS = 'Bitteanderhintertuerklingelnunddiebrotkistenimkuehlraumlinksnebendemregalabstellen';

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect({ screen, scrollWidth }).toEqual({ screen, scrollWidth: Math.min(scrollWidth, innerWidth) });
}

/** Every element matching `inner` lies across inside its `outer` box (or the viewport), 1 px of rounding allowed. */
async function expectInside(page: Page, inner: string, outer: string, what: string): Promise<void> {
  const { count, outside } = await page.evaluate(
    ({ inner, outer }) => {
      const elements = Array.from(document.querySelectorAll<HTMLElement>(inner)).filter((el) => el.getClientRects().length > 0);
      const outside = elements.flatMap((el) => {
        const a = el.getBoundingClientRect();
        const b = outer === 'viewport' ? { left: 0, right: window.innerWidth } : (el.closest(outer) ?? document.documentElement).getBoundingClientRect();
        return a.left >= b.left - 1 && a.right <= b.right + 1
          ? []
          : [`${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}: ${Math.round(a.left)}..${Math.round(a.right)} in ${Math.round(b.left)}..${Math.round(b.right)}`];
      });
      return { count: elements.length, outside };
    },
    { inner, outer },
  );
  expect(count).toBeGreaterThan(0);
  expect({ what, outside }).toEqual({ what, outside: [] });
}

/**
 * The (long) text is there in full: the element showing it carries it in a title, or shows all of
 * it (nothing clipped by the element or a box around it).
 */
async function expectFullTextAvailable(page: Page, text: string, what: string): Promise<void> {
  const available = await page.evaluate((text) => {
    const holders = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter(
      (el) => el.offsetParent !== null && el.textContent?.includes(text) && !Array.from(el.children).some((c) => c.textContent?.includes(text)),
    );
    const whole = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) return false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible' && getComputedStyle(up).overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 1 || box.right > clip.right + 1) return false;
      }
      return true;
    };
    return holders.length > 0 && holders.every((el) => el.closest('[title]')?.getAttribute('title')?.includes(text) || whole(el));
  }, text);
  expect({ what, available }).toEqual({ what, available: true });
}

/** The cart's placeholder thumbnail is a tinted box with its icon in the middle. */
async function expectCenteredPlaceholder(page: Page): Promise<void> {
  const offsets = await page.locator('.cart-thumb.image-placeholder').first().evaluate((el) => {
    const box = el.getBoundingClientRect();
    const icon = el.querySelector('svg')!.getBoundingClientRect();
    return {
      x: Math.abs(box.left + box.width / 2 - (icon.left + icon.width / 2)) <= 1,
      y: Math.abs(box.top + box.height / 2 - (icon.top + icon.height / 2)) <= 1,
      tinted: getComputedStyle(el).backgroundImage !== 'none',
    };
  });
  expect(offsets).toEqual({ x: true, y: true, tinted: true });
}

/** A toast does not cover the header's controls (the bell, Sign Out, the cart). */
async function expectToastClearOfHeader(page: Page): Promise<void> {
  const toast = page.getByTestId('toast');
  await toast.first().waitFor();
  const overlaps = await page.evaluate(() => {
    const t = document.querySelector('[data-testid="toast"]')!.getBoundingClientRect();
    return Array.from(document.querySelectorAll('.page-header a, .page-header button, .mobile-header a, .mobile-header button'))
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top)
      .map(({ el }) => el.getAttribute('aria-label') ?? el.textContent?.trim());
  });
  expect(overlaps).toEqual([]);
}

/** Phone tap targets: every visible button and link in the header, the bottom tabs and the page's steppers. */
async function expectTapTargets(page: Page, selector: string, what: string): Promise<void> {
  const small = await page.evaluate((selector) => {
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent?.trim()}: ${Math.round(box.width)}x${Math.round(box.height)}`);
  }, selector);
  expect({ what, small }).toEqual({ what, small: [] });
}

/** Each route has a document title of its own. */
async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((title) => document.title === title, title, { timeout: 5000 }).catch(() => undefined);
  expect(await page.title()).toBe(title);
}

/** The skip link is the first thing Tab reaches, shows itself, and moves focus to the main content. */
async function expectSkipLink(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
  const box = await skip.boundingBox();
  expect(box && box.width > 20 && box.height > 20 && box.y >= 0).toBe(true);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
}

async function waitForScreen(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
}

interface Seeded {
  customerEmail: string;
  adminEmail: string;
}

async function seed(e2e: E2E): Promise<Seeded> {
  const products = await seedCatalogue(e2e.admin, [
    { name: 'Sonnenblumenkernvollkornbrot', price: '6.50', category: 'breads', stock: 40, description: 'Naturally leavened', crust: [196, 132, 66] },
    { name: LONG_NAME, price: '7.25', category: 'breads', stock: 8, description: `${LONG_NAME} with a description` },
    { name: 'Butter Croissant', price: '2.75', category: 'pastries', stock: 0, description: 'Flaky and buttery' },
    { name: 'Everything Bagel', price: '1.95', category: 'bagels', stock: 120, description: 'Sesame, poppy, garlic' },
    { name: 'Classic Baguette', price: '3.25', category: 'breads', stock: 60, description: 'Crisp French baguette' },
    { name: 'Blueberry Muffin', price: '2.95', category: 'pastries', stock: 30, description: 'Wild blueberries' },
    { name: 'Cinnamon Danish', price: '3.50', category: 'pastries', stock: 4, description: 'Cinnamon swirl' },
    { name: 'Rye Bagel', price: '2.10', category: 'bagels', stock: 50, description: 'Dark rye' },
  ]);
  const customerEmail = await registerCustomerApi(e2e, { businessName: LONG_BUSINESS });
  const adminEmail = await registerAdminApi(e2e, TEST_ADMIN_KEY);
  // one placed order with the long product and instructions, and the same product again in the cart
  const shopper = await e2e.browser.newContext({ baseURL: e2e.url });
  try {
    await signInContext(shopper, customerEmail);
    const add = async () => {
      const res = await shopper.request.post('/api/cart', { data: { productId: products[LONG_NAME].id, quantity: 2 } });
      if (res.status() !== 201 && res.status() !== 200) throw new Error(`add to cart failed: ${res.status()} ${await res.text()}`);
    };
    await add();
    const order = await shopper.request.post('/api/orders', {
      data: { deliveryDate: isoDateFromToday(2), specialInstructions: LONG_INSTRUCTIONS },
      headers: { 'Idempotency-Key': `layout-${Date.now()}` },
    });
    if (order.status() !== 201) throw new Error(`placing the order failed: ${order.status()} ${await order.text()}`);
    await add();
  } finally {
    await shopper.close();
  }
  return { customerEmail, adminEmail };
}

async function signedIn(e2e: E2E, viewport: { width: number; height: number }, email: string, admin: boolean): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const opened = await newPage(e2e, viewport);
  await signInContext(opened.context, email, admin ? '/api/auth/admin-login' : '/api/auth/login');
  return opened;
}

describe('layout and accessibility with very long names', () => {
  let e2e: E2E;
  let seeded: Seeded;

  beforeAll(async () => {
    e2e = await startE2E();
    seeded = await seed(e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('gives the pages outside the shell their own titles', async () => {
    const { context, page } = await newPage(e2e, DESKTOP);
    try {
      await page.goto('/');
      await page.getByRole('tab', { name: 'Register' }).waitFor();
      await expectTitle(page, 'Sign In · Bakery Wholesale');
      await page.goto('/admin/login');
      await expectTitle(page, 'Admin Portal · Bakery Wholesale');
      await page.goto('/admin/register');
      await expectTitle(page, 'Admin Registration · Bakery Wholesale');
    } finally {
      await context.close();
    }
  });

  for (const viewport of [SMALL_PHONE, MOBILE, DESKTOP]) {
    const mobile = viewport.width < 768;
    const runAxe = viewport !== SMALL_PHONE; // the two widths of the walk: 390 and 1280
    const shot = (page: Page, screen: string) => screenshot(page, `layout-${viewport.width}-${screen}`);

    /** Every screen's serious and critical axe violations, asserted at the end of each test (all of them at once). */
    const axeFindings: unknown[] = [];

    /** What every screen must satisfy. */
    async function checkScreen(page: Page, screen: string, title: string): Promise<void> {
      await expectTitle(page, `${title} · Bakery Wholesale`);
      await expectNoSidewaysScroll(page, screen);
      if (mobile) {
        await expectInside(page, '.bottom-tabs', 'viewport', `${screen}: bottom tabs`);
        await expectTapTargets(page, '.mobile-header button, .mobile-header a, .bottom-tab', `${screen}: header and tabs`);
      }
      if (runAxe) await axeSerious(page, screen, axeFindings);
      await shot(page, screen);
    }

    it(`customer screens at ${viewport.width} x ${viewport.height}`, async () => {
      const { context, page, problems } = await signedIn(e2e, viewport, seeded.customerEmail, false);
      try {
        await waitForScreen(page, '/', '.recent-order, .metric-card');
        await checkScreen(page, 'dashboard', 'Dashboard');
        await expectSkipLink(page);

        await waitForScreen(page, '/products', 'article.product-row, article[aria-label] .product-name');
        await checkScreen(page, 'products', 'Products');
        await expectFullTextAvailable(page, LONG_NAME, 'product card name');
        if (mobile) {
          await expectInside(page, '.product-row .stock-badge', '.product-row', 'stock badge in its row');
        } else {
          await expectInside(page, '.product-card .stock-badge', '.product-card', 'stock badge in its card');
          // at least two rows of cards above the fold
          const rows = await page.evaluate(() => {
            const tops = Array.from(document.querySelectorAll('.product-card'))
              .map((el) => el.getBoundingClientRect())
              .filter((r) => r.bottom <= window.innerHeight)
              .map((r) => Math.round(r.top));
            return new Set(tops).size;
          });
          expect(rows).toBeGreaterThanOrEqual(2);
        }

        await page.getByRole('article', { name: 'Everything Bagel' }).getByRole('button', { name: 'Add to Cart' }).click();
        await expectToastClearOfHeader(page);
        await shot(page, 'products-toast');

        await waitForScreen(page, '/cart', '.cart-line');
        // Place Order is enabled once the pricing and the calendar have answered (checked as the customer sees it then)
        await page.waitForFunction(() => Array.from(document.querySelectorAll('button')).some((b) => b.textContent?.trim() === 'Place Order' && !b.disabled));
        await checkScreen(page, 'cart', 'Shopping Cart');
        await expectFullTextAvailable(page, LONG_NAME, 'cart item name');
        await expectCenteredPlaceholder(page);
        // the stepper's + and the line's total sit side by side, neither over the other
        const overlapping = await page.locator('.cart-line').evaluateAll((lines) =>
          lines.filter((line) => {
            const stepper = line.querySelector('.qty-stepper button:last-of-type')!.getBoundingClientRect();
            const total = line.querySelector('.cart-line-total')!.getBoundingClientRect();
            return stepper.right > total.left && stepper.left < total.right && stepper.bottom > total.top && stepper.top < total.bottom;
          }).length,
        );
        expect(overlapping).toBe(0);
        if (mobile) await expectTapTargets(page, '.cart-line button', 'cart steppers');

        await waitForScreen(page, '/orders', '.order-card');
        await checkScreen(page, 'orders', 'Order History');
        await expectFullTextAvailable(page, LONG_NAME, 'order item name');
        await page.getByRole('button', { name: /^View order/ }).first().click();
        const dialog = await openedDialog(page.getByRole('dialog'));
        await dialog.getByText(LONG_INSTRUCTIONS).waitFor();
        await expectNoSidewaysScroll(page, 'order details');
        await expectInside(page, '.ant-modal-container .details-instructions, .ant-modal-container .details-items', '.ant-modal-container', 'order details content');
        await expectInside(page, '.ant-modal-container', 'viewport', 'order details dialog');
        if (runAxe) await axeSerious(page, 'order details', axeFindings);
        await shot(page, 'order-details');
        expect(problems).toEqual([]);
        expect(axeFindings.splice(0)).toEqual([]);
      } catch (err) {
        await reportFailure(page, `layout-${viewport.width}-customer-failure`, problems);
        throw err;
      } finally {
        await context.close();
      }
    });

    it(`admin screens at ${viewport.width} x ${viewport.height}`, async () => {
      const { context, page, problems } = await signedIn(e2e, viewport, seeded.adminEmail, true);
      try {
        await waitForScreen(page, '/admin', '.recent-order');
        await checkScreen(page, 'admin-dashboard', 'Admin Dashboard');
        await expectFullTextAvailable(page, LONG_BUSINESS, 'recent order business name');
        await expectSkipLink(page);

        await waitForScreen(page, '/admin/products', mobile ? '.product-admin-card' : '.ant-table-row');
        await checkScreen(page, 'manage-products', 'Manage Products');
        await expectFullTextAvailable(page, LONG_NAME, 'manage products name');
        for (const name of ['Deactivate', 'Delete']) {
          const buttons = page.getByRole('button', { name: new RegExp(`^${name}`) });
          expect(await buttons.count()).toBeGreaterThan(0);
        }
        // every action button lies wholly inside the viewport and inside the table's scroll area
        const scroller = mobile ? 'viewport' : '.ant-table-content, .ant-table-body, .ant-table-container';
        await expectInside(page, 'button', 'viewport', 'manage products buttons in the viewport');
        if (!mobile) await expectInside(page, '.ant-table-row button', scroller, 'actions inside the table');

        await waitForScreen(page, '/admin/orders', '.ant-table-row, .order-card');
        await checkScreen(page, 'manage-orders', 'Manage Orders');
        await expectFullTextAvailable(page, LONG_BUSINESS, 'manage orders business name');

        await waitForScreen(page, '/admin/customers', '.customer-card');
        await checkScreen(page, 'manage-customers', 'Manage Customers');
        await expectFullTextAvailable(page, LONG_BUSINESS, 'customer card name');
        await page.getByRole('button', { name: `View ${LONG_BUSINESS}` }).click();
        await openedDialog(page.getByRole('dialog'));
        await expectNoSidewaysScroll(page, 'customer details');
        await expectInside(page, '.ant-modal-container', 'viewport', 'customer details dialog');
        if (runAxe) await axeSerious(page, 'customer details', axeFindings);
        await shot(page, 'customer-details');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });

        await page.getByRole('button', { name: /Add (New )?Customer$/ }).click();
        const add = await openedDialog(page.getByRole('dialog'));
        const inView = await add.evaluate((el) => {
          const modal = el.closest('.ant-modal') ?? el;
          const title = modal.querySelector('.ant-modal-title')!.getBoundingClientRect();
          const footer = modal.querySelector('.ant-modal-footer')!.getBoundingClientRect();
          return { title: title.top >= 0 && title.bottom <= window.innerHeight, footer: footer.top >= 0 && footer.bottom <= window.innerHeight };
        });
        expect(inView).toEqual({ title: true, footer: true });
        await expectNoSidewaysScroll(page, 'add customer');
        if (runAxe) await axeSerious(page, 'add customer', axeFindings);
        await shot(page, 'add-customer');
        expect(problems).toEqual([]);
        expect(axeFindings.splice(0)).toEqual([]);
      } catch (err) {
        await reportFailure(page, `layout-${viewport.width}-admin-failure`, problems);
        throw err;
      } finally {
        await context.close();
      }
    });
  }
});
