/**
 * Issue 19 in chromium: the admin creates a price list on the Price Lists screen (90% of the
 * default prices, one product at a fixed price picked by searching the products), puts a customer
 * on it in Manage Customers (the customer's terms, in their details), and later sets a minimum
 * order there too (the change listed with who made it). The customer sees their own prices in
 * the catalogue and the cart; the cart, opened before the minimum was set, is refused by the
 * server (400 naming the minimum), shows why, then the "Add $X.XX more to reach the minimum
 * order" hint with Place Order disabled; with more in the cart the order is placed at their
 * prices, for the total the cart showed. The phone (390 x 844) too: Price Lists from the Main menu
 * (the tab bar keeps seven tabs), the terms set on a phone, the customer's hint and disabled Place
 * Order on a phone, nothing wider than the screen. Every expected price and total comes from the
 * contracts' own rule functions (customerPrice, termsTotals, cartHints).
 */
import { TEST_ADMIN_KEY } from '@bakery/testing';
import { cartHints, customerPrice, effectiveTerms, formatCents, termsTotals, type Order, type PriceList, type PriceListRule } from '@bakery/contracts';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { registerAdminApi, registerCustomerApi, signInContext } from './support/admin';
import { chooseOption, closeToast, DESKTOP, expectToast, MOBILE, newPage, openedDialog, reportFailure, screenshot, seedCatalogue, startE2E, type E2E } from './support/harness';

jest.setTimeout(300_000);

const CATALOGUE = [
  { name: 'Sourdough Loaf', price: '6.50', category: 'breads' as const, stock: 200, description: 'Naturally leavened, crackling crust' },
  { name: 'Classic Baguette', price: '3.25', category: 'breads' as const, stock: 200, description: 'Crisp French baguette' },
  { name: 'Butter Croissant', price: '2.75', category: 'pastries' as const, stock: 200, description: 'Flaky, laminated with French butter' },
];
/** The spec's pricing: a $12.50 delivery fee, 8.5% tax; no minimum and no free delivery unless set. */
const BAKERY = { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: null, freeDeliveryThreshold: null };

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  if (res.status() !== 200) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** "$1,234.50" from "1234.50". */
const dollars = (amount: string) => `$${amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** Nothing on the page is wider than the screen. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** Picks a product in the price list form's picker by typing part of its name (the picker empties itself after each pick). */
async function pickProduct(page: Page, dialog: Locator, typed: string, option: string): Promise<void> {
  const input = page.locator('#fixed-price-product');
  await input.click();
  await input.fill(typed);
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}$`) });
  await item.waitFor();
  // the drop-down opens with a motion: a click while it still moves can miss
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown')).some((d) => d.offsetParent !== null && !/-(enter|appear|leave)/.test(d.className)),
  );
  await item.click();
  await dialog.locator(`li.fixed-price-row[aria-label="${option.split(' · ')[0]}"]`).waitFor();
}

/** The admin's Price Lists screen: New Price List with a name, a percentage and fixed prices; answers the saved list. */
async function createPriceList(page: Page, name: string, percentage: string, fixed: { product: string; typed: string; default: string; price: string }[], shot: string): Promise<void> {
  await page.getByRole('button', { name: 'New Price List' }).click();
  const dialog = await openedDialog(page.getByRole('dialog', { name: 'New Price List' }));
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Percentage of default prices').fill(percentage);
  await dialog.getByText(`${100 - Number(percentage)}% off the default prices`).waitFor();
  for (const f of fixed) {
    await pickProduct(page, dialog, f.typed, `${f.product} · ${dollars(f.default)}`);
    const row = dialog.locator(`li.fixed-price-row[aria-label="${f.product}"]`);
    await row.getByText(`Default ${dollars(f.default)}`).waitFor();
    await row.getByLabel(`Fixed price of ${f.product}`, { exact: true }).fill(f.price);
  }
  await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Create Price List' }).click();
  await expectToast(page, `${name} has been created`);
  await dialog.waitFor({ state: 'hidden' });
  await closeToast(page);
}

/** Manage Customers → the customer's details → Edit terms: sets what `fill` fills in, saves, and answers the details dialog. */
async function editTerms(page: Page, email: string, businessName: string, fill: (dialog: Locator) => Promise<void>, shot?: string): Promise<Locator> {
  if (!page.url().includes('/admin/customers')) await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
  let details = page.getByRole('dialog', { name: businessName });
  if (!(await details.isVisible().catch(() => false))) {
    await page.getByRole('button', { name: `View ${businessName}` }).click();
    details = await openedDialog(details);
  }
  const terms = details.locator('section.customer-terms');
  await terms.locator('dl.customer-terms-grid').waitFor();
  await terms.getByRole('button', { name: 'Edit terms' }).click();
  const dialog = await openedDialog(page.getByRole('dialog', { name: 'Edit terms' }));
  await fill(dialog);
  if (shot) await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Save Terms' }).click();
  await expectToast(page, 'Terms saved');
  await dialog.waitFor({ state: 'hidden' });
  await closeToast(page);
  return details;
}

describe('customer terms in chromium', () => {
  let e2e: E2E;
  let products: Record<string, { id: string }>;
  const defaultPrice = (name: string) => CATALOGUE.find((p) => p.name === name)!.price;

  beforeAll(async () => {
    e2e = await startE2E();
    products = await seedCatalogue(e2e.admin, CATALOGUE);
    const pricing = await e2e.admin.put('/api/config/pricing', BAKERY);
    if (pricing.status !== 200) throw new Error(`pricing: ${pricing.status} ${JSON.stringify(pricing.body)}`);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function adminPage(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const email = await registerAdminApi(e2e, TEST_ADMIN_KEY);
    const admin = await newPage(e2e, viewport);
    await signInContext(admin.context, email, '/api/auth/admin-login');
    return admin;
  }

  /** The list as the server keeps it, by name, and the rule the contracts price it by. */
  async function savedList(request: APIRequestContext, name: string): Promise<{ list: PriceList; rule: PriceListRule }> {
    const lists = await getJson<PriceList[]>(request, '/api/admin/price-lists?limit=50');
    const list = lists.find((l) => l.name === name);
    if (!list) throw new Error(`no price list ${name}: ${JSON.stringify(lists.map((l) => l.name))}`);
    return { list, rule: { id: list.id, percentage: list.percentage, fixedPrices: list.fixedPrices } };
  }

  it('desktop: a 90% list with one fixed price, a customer on it, then a minimum; the customer sees their prices, is refused below the minimum, then orders', async () => {
    const email = await registerCustomerApi(e2e, { businessName: 'Corner Coffee' });
    const admin = await adminPage(DESKTOP);
    const shop = await newPage(e2e, DESKTOP);
    try {
      // ---- Price Lists, from the sidebar ----
      await admin.page.goto('/admin');
      const nav = admin.page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Price Lists' }).click();
      await admin.page.waitForURL('**/admin/price-lists');
      await admin.page.locator('h1.page-title', { hasText: /^Price Lists$/ }).waitFor();
      await nav.locator('a[aria-current="page"]', { hasText: 'Price Lists' }).waitFor();
      expect(await admin.page.title()).toBe('Price Lists · Bakery Wholesale');
      await admin.page.getByText('No price lists yet').waitFor();
      // the bakery's own terms beside the lists
      const bakeryTerms = admin.page.locator('.bakery-terms-card');
      expect(await bakeryTerms.getByLabel('Delivery fee').inputValue()).toBe('12.50');
      expect(await bakeryTerms.getByLabel('Tax rate').inputValue()).toBe('8.5');
      await screenshot(admin.page, 'customer-terms-desktop-01-empty');

      await createPriceList(admin.page, 'Cafe chain', '90', [{ product: 'Butter Croissant', typed: 'crois', default: '2.75', price: '1.99' }], 'customer-terms-desktop-02-form');
      const card = admin.page.locator('li.price-list-card[aria-label="Cafe chain"]');
      await card.getByText('10% off the default prices').waitFor();
      await card.getByText('1 fixed price', { exact: true }).waitFor();
      await card.getByText('No customers').waitFor();
      const { list, rule } = await savedList(admin.context.request, 'Cafe chain');
      expect(list).toMatchObject({ percentage: '90.00', fixedPrices: [{ productId: products['Butter Croissant'].id, price: '1.99' }] });
      await screenshot(admin.page, 'customer-terms-desktop-03-list');

      // ---- the customer on it, in Manage Customers ----
      await admin.page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
      const details = await editTerms(admin.page, email, 'Corner Coffee', (dialog) =>
        chooseOption(admin.page, 'customer-terms_priceListId', 'Cafe chain · 90% + 1 fixed').then(() => dialog.getByLabel('Price list', { exact: true }).waitFor()),
      );
      const terms = details.locator('section.customer-terms');
      await terms.locator('dl.customer-terms-grid').getByText('Cafe chain').waitFor();
      await terms.locator('ul.terms-audit li', { hasText: 'Price list: Default prices → changed to Cafe chain' }).waitFor();

      // ---- the customer: their prices in the catalogue, and in the cart ----
      await signInContext(shop.context, email);
      const price = (name: string) => customerPrice(products[name].id, defaultPrice(name), rule);
      expect([price('Butter Croissant'), price('Classic Baguette'), price('Sourdough Loaf')]).toEqual(['1.99', '2.93', '5.85']);
      await shop.page.goto('/products');
      for (const name of ['Butter Croissant', 'Classic Baguette', 'Sourdough Loaf']) {
        await shop.page.locator(`article[aria-label="${name}"] .product-price`, { hasText: new RegExp(`^\\${dollars(price(name))}$`) }).waitFor();
      }
      await screenshot(shop.page, 'customer-terms-desktop-04-catalogue');
      await shop.page.locator('article[aria-label="Butter Croissant"]').getByRole('button', { name: 'Add to Cart' }).click();
      await expectToast(shop.page, 'Product added to cart!');
      expect((await shop.context.request.post('/api/cart', { data: { productId: products['Classic Baguette'].id, quantity: 2 } })).status()).toBe(201);
      await shop.page.goto('/cart');
      const croissantLine = shop.page.getByRole('listitem', { name: 'Butter Croissant' });
      await croissantLine.getByText(`${dollars('1.99')} each`).waitFor();
      await shop.page.getByRole('listitem', { name: 'Classic Baguette' }).getByText(`${dollars('2.93')} each`).waitFor();
      const place = shop.page.getByRole('button', { name: 'Place Order' });
      expect(await place.isEnabled()).toBe(true);
      expect(await shop.page.getByTestId('minimum-hint').count()).toBe(0);

      // ---- the admin sets a minimum while the customer's cart is open ----
      await editTerms(admin.page, email, 'Corner Coffee', (dialog) => dialog.getByLabel('Minimum order', { exact: true }).fill('25'), 'customer-terms-desktop-05-terms');
      await terms.locator('dl.customer-terms-grid').getByText('$25.00').waitFor();
      const minimumChange = terms.locator('ul.terms-audit li', { hasText: 'Minimum order: Bakery default → changed to $25.00' });
      await minimumChange.waitFor();
      expect(await minimumChange.textContent()).toContain('Grace Miller');
      await screenshot(admin.page, 'customer-terms-desktop-06-customer', { scrollTo: terms });

      // ---- refused below it: the server says so, the cart reads the terms again and waits ----
      const own = { ...effectiveTerms(BAKERY, { minimumOrder: '25.00', deliveryFee: null, freeDeliveryThreshold: null }) };
      const small = termsTotals(
        [
          { unitPrice: '1.99', quantity: 1 },
          { unitPrice: '2.93', quantity: 2 },
        ],
        { taxRate: BAKERY.taxRate, ...own },
      );
      await shop.page.getByTestId('summary-total').getByText(dollars(formatCents(small.total))).waitFor();
      await place.click();
      const refusal = shop.page.locator('.cart-refusal');
      await refusal.getByText('Your order is below the minimum order: your order was not placed').waitFor();
      const shortBy = cartHints(small.subtotal, own).toMinimum!;
      await refusal.getByText(`The minimum order is $25.00: add $${shortBy} more to place this order`).waitFor();
      await shop.page.getByTestId('minimum-hint').getByText(`Add $${shortBy} more to reach the minimum order`).waitFor();
      await shop.page.waitForFunction(() => (document.querySelector('.delivery-form .ant-btn-primary') as HTMLButtonElement | null)?.disabled === true);
      expect(await place.isDisabled()).toBe(true);
      await closeToast(shop.page);
      await screenshot(shop.page, 'customer-terms-desktop-07-refused');
      // and the server refuses it however it is asked, placing nothing
      const direct = await shop.context.request.post('/api/orders', { data: {} });
      expect(direct.status()).toBe(400);
      expect((await direct.json()).message).toBe(`The minimum order is $25.00: add $${shortBy} more to place this order`);
      expect(await getJson<Order[]>(shop.context.request, '/api/orders')).toEqual([]);

      // ---- more in the cart: the hint goes, the order is placed at the customer's prices ----
      expect((await shop.context.request.post('/api/cart', { data: { productId: products['Sourdough Loaf'].id, quantity: 3 } })).status()).toBe(201);
      await shop.page.reload();
      await shop.page.getByRole('listitem', { name: 'Sourdough Loaf' }).getByText(`${dollars('5.85')} each`).waitFor();
      const lines = [
        { unitPrice: '1.99', quantity: 1 },
        { unitPrice: '2.93', quantity: 2 },
        { unitPrice: '5.85', quantity: 3 },
      ];
      const enough = termsTotals(lines, { taxRate: BAKERY.taxRate, ...own });
      await shop.page.getByTestId('summary-total').getByText(dollars(formatCents(enough.total))).waitFor();
      expect(await shop.page.getByTestId('minimum-hint').count()).toBe(0);
      await shop.page.waitForFunction(() => (document.querySelector('.delivery-form .ant-btn-primary') as HTMLButtonElement | null)?.disabled === false);
      await screenshot(shop.page, 'customer-terms-desktop-08-enough');
      await shop.page.getByRole('button', { name: 'Place Order' }).click();
      await expectToast(shop.page, 'Order placed successfully!');
      await shop.page.waitForURL('**/orders');
      const [order] = await getJson<Order[]>(shop.context.request, '/api/orders');
      expect(order).toMatchObject({ subtotal: formatCents(enough.subtotal), deliveryFee: '12.50', tax: formatCents(enough.tax), total: formatCents(enough.total) });
      expect(order.orderItems.map((i) => [i.product.name, i.unitPrice]).sort()).toEqual([
        ['Butter Croissant', '1.99'],
        ['Classic Baguette', '2.93'],
        ['Sourdough Loaf', '5.85'],
      ]);

      // ---- the list now has a customer: deleting it is refused, and the screen says why ----
      await admin.page.goto('/admin/price-lists');
      await card.getByText('Used by 1 customer').waitFor();
      await card.getByRole('button', { name: 'Delete Cafe chain' }).click();
      const confirm = await openedDialog(admin.page.getByRole('dialog', { name: 'Delete Cafe chain?' }));
      await confirm.getByRole('button', { name: 'Delete Price List' }).click();
      await confirm.getByText('This price list is assigned to customers: move them to another list first').waitFor();
      await screenshot(admin.page, 'customer-terms-desktop-09-in-use');
      expect((await getJson<PriceList>(admin.context.request, `/api/admin/price-lists/${list.id}`)).id).toBe(list.id);
      expect(admin.problems).toEqual([]);
      expect(shop.problems).toEqual([]);
    } catch (err) {
      await reportFailure(admin.page, 'customer-terms-desktop-admin-FAILED', admin.problems);
      await reportFailure(shop.page, 'customer-terms-desktop-FAILED', shop.problems);
      throw err;
    } finally {
      await admin.context.close();
      await shop.context.close();
    }
  });

  it('phone (390 x 844): Price Lists from the Main menu, the terms set on a phone; the customer sees their prices, the minimum hint, and cannot place below it', async () => {
    const email = await registerCustomerApi(e2e, { businessName: 'Bagel Bar' });
    const admin = await adminPage(MOBILE);
    const shop = await newPage(e2e, MOBILE);
    try {
      const { page } = admin;
      await page.goto('/admin/orders');
      const tabs = page.getByRole('navigation', { name: 'Bottom navigation' });
      await tabs.getByRole('link', { name: 'Customers' }).waitFor();
      expect(await tabs.locator('.bottom-tab-label').allTextContents()).toEqual(['Products', 'Orders', 'Overview', 'Inventory', 'Fulfilment', 'Schedule', 'Customers']);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Main menu' });
      await menu.getByRole('link', { name: 'Price Lists' }).click();
      await menu.waitFor({ state: 'hidden' });
      await page.waitForURL('**/admin/price-lists');
      await page.locator('h1.page-title', { hasText: /^Price Lists$/ }).waitFor();
      await page.locator('.bakery-terms-card input').first().waitFor();

      await createPriceList(page, 'Bagel shops', '80', [{ product: 'Sourdough Loaf', typed: 'sour', default: '6.50', price: '5.00' }], 'customer-terms-mobile-01-form');
      const card = page.locator('li.price-list-card[aria-label="Bagel shops"]');
      await card.getByText('20% off the default prices').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'customer-terms-mobile-02-lists', { scrollTo: card });
      const { rule } = await savedList(admin.context.request, 'Bagel shops');

      // the list and a minimum of $30 in one change, on the phone
      await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
      const details = await editTerms(
        page,
        email,
        'Bagel Bar',
        async (dialog) => {
          await chooseOption(page, 'customer-terms_priceListId', 'Bagel shops · 80% + 1 fixed');
          await dialog.getByLabel('Minimum order', { exact: true }).fill('30');
        },
        'customer-terms-mobile-03-terms',
      );
      const grid = details.locator('dl.customer-terms-grid');
      await grid.getByText('Bagel shops').waitFor();
      await grid.getByText('$30.00').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'customer-terms-mobile-04-customer', { scrollTo: details.locator('section.customer-terms') });

      // ---- the customer, on a phone ----
      await signInContext(shop.context, email);
      const price = (name: string) => customerPrice(products[name].id, defaultPrice(name), rule);
      expect([price('Sourdough Loaf'), price('Classic Baguette')]).toEqual(['5.00', '2.60']);
      await shop.page.goto('/products');
      for (const name of ['Sourdough Loaf', 'Classic Baguette']) {
        await shop.page.locator(`article[aria-label="${name}"] .product-price`, { hasText: new RegExp(`^\\${dollars(price(name))}$`) }).waitFor();
      }
      await screenshot(shop.page, 'customer-terms-mobile-05-catalogue');
      for (const [name, quantity] of [['Sourdough Loaf', 2], ['Classic Baguette', 3]] as const) {
        expect((await shop.context.request.post('/api/cart', { data: { productId: products[name].id, quantity } })).status()).toBe(201);
      }
      await shop.page.goto('/cart');
      const own = effectiveTerms(BAKERY, { minimumOrder: '30.00', deliveryFee: null, freeDeliveryThreshold: null });
      const totals = termsTotals(
        [
          { unitPrice: '5.00', quantity: 2 },
          { unitPrice: '2.60', quantity: 3 },
        ],
        { taxRate: BAKERY.taxRate, ...own },
      );
      await shop.page.getByTestId('summary-total').getByText(dollars(formatCents(totals.total))).waitFor();
      const shortBy = cartHints(totals.subtotal, own).toMinimum!;
      expect(shortBy).toBe('12.20');
      const hint = shop.page.getByTestId('minimum-hint');
      await hint.getByText(`Add $${shortBy} more to reach the minimum order`).waitFor();
      const place = shop.page.getByRole('button', { name: 'Place Order' });
      expect(await place.isDisabled()).toBe(true);
      expect(await scrollsSideways(shop.page)).toBe(false);
      await screenshot(shop.page, 'customer-terms-mobile-06-cart', { scrollTo: hint });
      const refused = await shop.context.request.post('/api/orders', { data: { expectedTotal: formatCents(totals.total) } });
      expect(refused.status()).toBe(400);
      expect((await refused.json()).message).toBe(`The minimum order is $30.00: add $${shortBy} more to place this order`);
      expect(await getJson<Order[]>(shop.context.request, '/api/orders')).toEqual([]);
      expect(admin.problems).toEqual([]);
      expect(shop.problems).toEqual([]);
    } catch (err) {
      await reportFailure(admin.page, 'customer-terms-mobile-admin-FAILED', admin.problems);
      await reportFailure(shop.page, 'customer-terms-mobile-FAILED', shop.problems);
      throw err;
    } finally {
      await admin.context.close();
      await shop.context.close();
    }
  });
});
