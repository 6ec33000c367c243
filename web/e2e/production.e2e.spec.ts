/**
 * Issue 18 in chromium: two customers order for tomorrow (through the API); the admin opens
 * Production, which shows tomorrow (the next delivery date) with the day's totals by category and
 * a product's batches, the customers of a product, the packing slips, the run sheet in drop order
 * (set in Manage Customers' data through the API) and the week; downloads the bake list's PDF (its
 * bytes start with %PDF and pdftotext reads the products back; the print is recorded); marks an
 * order delivered in Manage Orders, which issues its invoice; and the customer downloads that
 * invoice from Orders (its number and total read back from the PDF). The phone (390 x 844): every
 * tab of Production without sideways scroll, the tab bar still seven tabs, Production in the Main menu.
 */
import { TEST_ADMIN_KEY } from '@bakery/testing';
import { addDays, type BakeList, type Invoice, type Order, type RunSheet } from '@bakery/contracts';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Download, Page } from 'playwright-core';
import { registerAdminApi, registerCustomerApi, signInContext } from './support/admin';
import { closeToast, DESKTOP, expectToast, MOBILE, newPage, openedDialog, reportFailure, screenshot, seedCatalogue, startE2E, type E2E } from './support/harness';

jest.setTimeout(300_000);

const ZONE = 'America/New_York';
const SLOT = '6:00 AM - 8:00 AM';

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  if (res.status() !== 200) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A downloaded file's bytes and, for a PDF, its text as pdftotext reads it. */
function readPdf(path: string): { bytes: Buffer; text: string } {
  const bytes = readFileSync(path);
  return { bytes, text: execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }) };
}

async function downloaded(download: Download): Promise<{ name: string; bytes: Buffer; text: string }> {
  const path = await download.path();
  if (!path) throw new Error(`download ${download.suggestedFilename()} failed: ${await download.failure()}`);
  return { name: download.suggestedFilename(), ...readPdf(path) };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the page as it is: its serious and critical violations go into `findings` (as layout.e2e.spec.ts does). */
async function axeSerious(page: Page, screen: string, findings: string[]): Promise<void> {
  // evaluated over the DevTools protocol: the app's CSP (script-src 'self') refuses an added <script>
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[]; html: string }[] };
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
  });
  for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') findings.push(...v.nodes.map((n) => `${screen}: ${v.id}: ${n}`));
}

/** Whether the page scrolls sideways (it must not on a phone). */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe('production documents and invoices in chromium', () => {
  let e2e: E2E;
  let products: Record<string, { id: string }>;
  let tomorrow: string;
  /** Corner Coffee's and Bistro Forno's orders for tomorrow, and their accounts */
  let corner: { email: string; order: Order };
  let bistro: { email: string; order: Order };

  /** A customer with a drop position who orders `lines` for tomorrow's first slot. */
  async function customerOrders(businessName: string, dropPosition: number, lines: [string, number][], instructions: string): Promise<{ email: string; order: Order }> {
    const email = await registerCustomerApi(e2e, { businessName });
    const context = await e2e.browser.newContext({ baseURL: e2e.url });
    try {
      await signInContext(context, email);
      const me = await getJson<{ id: string }>(context.request, '/api/auth/user');
      // the address, phone and drop position as an admin sets them in Manage Customers
      const set = await e2e.admin.patch(`/api/customers/${me.id}`, { phone: `555-010${dropPosition}`, address: `${dropPosition} Mill Lane`, dropPosition });
      if (set.status !== 200) throw new Error(`drop position: ${set.status} ${JSON.stringify(set.body)}`);
      for (const [product, quantity] of lines) {
        const added = await context.request.post('/api/cart', { data: { productId: products[product].id, quantity } });
        if (added.status() !== 201 && added.status() !== 200) throw new Error(`add to cart: ${added.status()} ${await added.text()}`);
      }
      const placed = await context.request.post('/api/orders', {
        data: { deliveryDate: tomorrow, deliveryTimeSlot: SLOT, specialInstructions: instructions },
        headers: { 'Idempotency-Key': `production-${dropPosition}-${Date.now()}` },
      });
      if (placed.status() !== 201) throw new Error(`placing the order failed: ${placed.status()} ${await placed.text()}`);
      return { email, order: (await placed.json()) as Order };
    } finally {
      await context.close();
    }
  }

  beforeAll(async () => {
    e2e = await startE2E({ env: { BAKERY_TIMEZONE: ZONE } });
    // the bakery's day must not change under the file: a run across New York's midnight read
    // "tomorrow" before it and opened Production on the day after (TestStack.setClock stops it)
    e2e.stack.setClock(new Date());
    products = await seedCatalogue(e2e.admin, [
      { name: 'Classic Baguette', price: '3.25', category: 'breads', stock: 500, description: 'Crisp French baguette' },
      { name: 'Butter Croissant', price: '2.75', category: 'pastries', stock: 500, description: 'Flaky, laminated with French butter' },
      { name: 'Everything Bagel', price: '1.95', category: 'bagels', stock: 500, description: 'Sesame, poppy, garlic' },
    ]);
    // baguettes are mixed a dozen at a time
    const batch = await e2e.admin.patch(`/api/products/${products['Classic Baguette'].id}`, { batchSize: 12 });
    if (batch.status !== 200) throw new Error(`batch size: ${batch.status} ${JSON.stringify(batch.body)}`);
    const calendar = await e2e.admin.get<{ today: string }>('/api/calendar');
    tomorrow = addDays(calendar.body.today, 1);
    corner = await customerOrders('Corner Coffee', 2, [['Classic Baguette', 20], ['Butter Croissant', 6]], 'Back door, ring twice');
    bistro = await customerOrders('Bistro Forno', 1, [['Classic Baguette', 6], ['Everything Bagel', 12]], 'Kitchen entrance');
  });
  afterAll(async () => {
    e2e?.stack.setClock(null);
    await e2e?.close();
  });

  async function adminPage(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const email = await registerAdminApi(e2e, TEST_ADMIN_KEY);
    const admin = await newPage(e2e, viewport);
    await signInContext(admin.context, email, '/api/auth/admin-login');
    return admin;
  }

  it('desktop: Production opens on tomorrow with its totals, the PDF downloads; delivered in Manage Orders, the customer downloads the invoice', async () => {
    const admin = await adminPage(DESKTOP);
    const customer = await newPage(e2e, DESKTOP);
    const { page } = admin;
    const findings: string[] = [];
    try {
      // ---- the sidebar's Production entry opens tomorrow's bake list ----
      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const bakeListRead = page.waitForResponse((res) => res.url().includes(`/api/admin/production/bake-list?date=${tomorrow}`) && res.status() === 200);
      await nav.getByRole('link', { name: 'Production' }).click();
      await page.waitForURL('**/admin/production');
      await bakeListRead;
      await page.locator('h1.page-title', { hasText: /^Production$/ }).waitFor();
      expect(await page.title()).toBe('Production · Bakery Wholesale');
      await nav.locator('a[aria-current="page"]', { hasText: 'Production' }).waitFor();

      // ---- the day's totals, by category ----
      const total = (product: string) => page.locator(`tr[data-product-id="${products[product].id}"] [data-testid="bake-total"]`);
      await total('Classic Baguette').filter({ hasText: /^26$/ }).waitFor();
      expect(await total('Butter Croissant').textContent()).toBe('6');
      expect(await total('Everything Bagel').textContent()).toBe('12');
      expect(await page.getByTestId('bake-list-units').textContent()).toBe('44');
      expect(await page.locator('.bake-category h2').allTextContents()).toEqual(['Bagels', 'Breads', 'Pastries']);
      const baguette = page.locator(`tr[data-product-id="${products['Classic Baguette'].id}"]`);
      await baguette.getByText('3 batches of 12, 10 spare').waitFor();
      expect((await baguette.locator('td').allTextContents())[4]).toBe('2');
      await page.getByTestId('bake-list-printed').filter({ hasText: 'Not printed yet' }).waitFor();
      await screenshot(page, 'production-desktop-01-bake-list');
      await axeSerious(page, 'bake list', findings);

      // ---- a product's customers ----
      await page.getByRole('button', { name: 'Customers for Classic Baguette' }).click();
      const drill = await openedDialog(page.getByRole('dialog'));
      await drill.getByRole('row', { name: /Corner Coffee/ }).getByText('20', { exact: true }).waitFor();
      await drill.getByRole('row', { name: /Bistro Forno/ }).getByText('6', { exact: true }).waitFor();
      await screenshot(page, 'production-desktop-02-customers');
      await axeSerious(page, 'customers of a product', findings);
      await drill.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await drill.waitFor({ state: 'hidden' });

      // ---- Download PDF: the print is recorded, then the PDF comes ----
      const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
      const pdf = await downloaded(pdfDownload);
      expect(pdf.name).toBe(`bake-list-${tomorrow}.pdf`);
      expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      for (const name of ['Classic Baguette', 'Butter Croissant', 'Everything Bagel']) expect(pdf.text).toContain(name);
      await page.getByTestId('bake-list-printed').filter({ hasText: 'Last printed' }).waitFor();
      const printed = await getJson<BakeList>(admin.context.request, `/api/admin/production/bake-list?date=${tomorrow}`);
      expect(printed.printedAt).not.toBeNull();
      expect(printed.changes).toEqual([]);
      // the CSV is a plain link to the same API
      expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(`/api/admin/production/bake-list?date=${tomorrow}&format=csv`);

      // ---- packing slips: one per order, no prices ----
      await page.getByRole('tab', { name: 'Packing slips' }).click();
      const slips = page.locator('li.slip-card');
      await slips.first().waitFor();
      expect(await slips.count()).toBe(2);
      // Bistro Forno is the first stop
      expect(await slips.locator('.slip-customer').allTextContents()).toEqual(['Bistro Forno', 'Corner Coffee']);
      await page.getByRole('listitem', { name: `Packing slip for order #${corner.order.id.slice(-8).toUpperCase()}` }).getByText('Back door, ring twice').waitFor();
      expect(await page.locator('.packing-slips').textContent()).not.toContain('$');
      await screenshot(page, 'production-desktop-03-packing-slips');
      await axeSerious(page, 'packing slips', findings);

      // ---- run sheet: the stops in drop order ----
      await page.getByRole('tab', { name: 'Run sheet' }).click();
      const slot = page.getByRole('region', { name: SLOT });
      await slot.getByRole('listitem', { name: 'Stop 1: Bistro Forno' }).getByText('18 items').waitFor();
      await slot.getByRole('listitem', { name: 'Stop 2: Corner Coffee' }).getByText('26 items').waitFor();
      const sheet = await getJson<RunSheet>(admin.context.request, `/api/admin/production/run-sheet?date=${tomorrow}`);
      expect(sheet.slots.map((s) => [s.slot, s.stops.map((stop) => stop.businessName)])).toEqual([[SLOT, ['Bistro Forno', 'Corner Coffee']]]);
      await screenshot(page, 'production-desktop-04-run-sheet');
      await axeSerious(page, 'run sheet', findings);

      // ---- the week: tomorrow's column holds the day's totals ----
      await page.getByRole('tab', { name: 'Week' }).click();
      const weekRow = page.getByRole('row', { name: 'Classic Baguette' });
      await weekRow.waitFor();
      expect((await weekRow.locator('td').allTextContents())[0]).toBe('26');
      await screenshot(page, 'production-desktop-05-week');
      await axeSerious(page, 'week', findings);

      // ---- Manage Orders: Corner Coffee's order delivered, which issues its invoice ----
      const shortId = corner.order.id.slice(-8);
      await page.goto(`/admin/orders?q=${shortId}`);
      const card = page.locator(`li[data-order-id="${corner.order.id}"]`);
      await card.waitFor();
      // a final status asks first (chooseOption waits for the select to show it: it shows it once confirmed)
      await card.locator('.ant-select').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Delivered$/ }).click();
      const confirm = await openedDialog(page.getByRole('dialog', { name: `Mark order #${shortId} as Delivered?` }));
      await confirm.getByRole('button', { name: 'Mark as Delivered' }).click();
      await expectToast(page, 'Order status updated successfully');
      await card.locator('.status-badge', { hasText: 'delivered' }).waitFor();
      await closeToast(page);
      const [invoice] = await getJson<Invoice[]>(admin.context.request, `/api/invoices?orderId=${corner.order.id}`);
      expect(invoice).toMatchObject({ kind: 'invoice', orderId: corner.order.id, total: corner.order.total, subtotal: corner.order.subtotal, paid: false });
      expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
      // the admin sees it in the order's details
      await card.getByRole('button', { name: `View order #${shortId}` }).click();
      const details = await openedDialog(page.getByRole('dialog', { name: `Order #${shortId}` }));
      await details.getByTestId('details-invoice-number').filter({ hasText: invoice.number }).waitFor();
      await screenshot(page, 'production-desktop-06-admin-invoice');
      await page.keyboard.press('Escape');
      // and on the Invoices page
      await page.goto('/admin/invoices');
      await page.getByRole('listitem', { name: `Invoice ${invoice.number}` }).getByText('Corner Coffee').waitFor();
      await screenshot(page, 'production-desktop-07-invoices');
      await axeSerious(page, 'invoices', findings);

      // ---- the customer downloads the invoice from Orders ----
      await signInContext(customer.context, corner.email);
      await customer.page.goto('/orders');
      await customer.page.getByRole('button', { name: `View order #${shortId}` }).click();
      const theirs = await openedDialog(customer.page.getByRole('dialog', { name: `Order #${shortId}` }));
      const [invoiceDownload] = await Promise.all([customer.page.waitForEvent('download'), theirs.getByRole('link', { name: 'Invoice', exact: true }).click()]);
      const invoicePdf = await downloaded(invoiceDownload);
      expect(invoicePdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(invoicePdf.text).toContain(invoice.number);
      expect(invoicePdf.text).toContain('Classic Baguette');
      expect(invoicePdf.text).toContain(corner.order.total);
      await screenshot(customer.page, 'production-desktop-08-customer-invoice');
      // the pointer off the link it clicked: axe judges the page at rest, not a hovered button
      await customer.page.mouse.move(0, 0);
      await axeSerious(customer.page, 'order details with its invoice', findings);
      await customer.page.keyboard.press('Escape');
      // the Invoices tab lists it; another customer's invoice is nobody else's
      await customer.page.getByRole('tab', { name: 'Invoices' }).click();
      await customer.page.getByRole('listitem', { name: `Invoice ${invoice.number}` }).waitFor();
      const bistroContext = await e2e.browser.newContext({ baseURL: e2e.url });
      try {
        await signInContext(bistroContext, bistro.email);
        expect([403, 404]).toContain((await bistroContext.request.get(`/api/invoices/${invoice.id}/pdf`)).status());
      } finally {
        await bistroContext.close();
      }
      expect(findings).toEqual([]);
      expect(admin.problems).toEqual([]);
      expect(customer.problems).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'production-desktop-FAILED', admin.problems);
      await reportFailure(customer.page, 'production-desktop-customer-FAILED', customer.problems);
      throw err;
    } finally {
      await admin.context.close();
      await customer.context.close();
    }
  });

  it('phone (390 x 844): every tab of Production fits the screen; Production is in the Main menu, the tab bar keeps seven tabs', async () => {
    const admin = await adminPage(MOBILE);
    const { page } = admin;
    const findings: string[] = [];
    try {
      await page.goto('/admin/orders');
      const tabs = page.getByRole('navigation', { name: 'Bottom navigation' });
      await tabs.getByRole('link', { name: 'Customers' }).waitFor();
      expect(await tabs.locator('.bottom-tab-label').allTextContents()).toEqual(['Products', 'Orders', 'Overview', 'Inventory', 'Fulfilment', 'Schedule', 'Customers']);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Main menu' });
      await menu.getByRole('link', { name: 'Production' }).click();
      await menu.waitFor({ state: 'hidden' });
      await page.waitForURL('**/admin/production');

      // the bake list as cards
      const card = page.locator(`li.bake-card[data-product-id="${products['Classic Baguette'].id}"]`);
      await card.getByTestId('bake-total').filter({ hasText: /^26$/ }).waitFor();
      expect(await page.locator('table.bake-table').count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'production-mobile-01-bake-list');
      await axeSerious(page, 'phone: bake list', findings);

      for (const [tab, ready] of [
        ['Packing slips', 'li.slip-card'],
        ['Run sheet', 'li.run-stop'],
        ['Week', '.week-table'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await page.locator(ready).first().waitFor();
        expect({ tab, sideways: await scrollsSideways(page) }).toEqual({ tab, sideways: false });
        await axeSerious(page, `phone: ${tab}`, findings);
        await screenshot(page, `production-mobile-0${['Packing slips', 'Run sheet', 'Week'].indexOf(tab) + 2}-${tab.toLowerCase().replace(' ', '-')}`);
      }
      // the week's table scrolls inside its own box
      const box = await page.locator('.week-scroll').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
      // the invoices too
      await page.goto('/admin/invoices');
      await page.getByRole('list', { name: 'Invoices' }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'production-mobile-05-invoices');
      await axeSerious(page, 'phone: invoices', findings);
      expect(findings).toEqual([]);
      expect(admin.problems).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'production-mobile-FAILED', admin.problems);
      throw err;
    } finally {
      await admin.context.close();
    }
  });
});
