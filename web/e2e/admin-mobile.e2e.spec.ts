/**
 * The administrator's screens at 390 x 844: the mobile shell (bottom tabs with the admin entries
 * and the unread badge, Main menu with its Admin section, no cart), and each screen's mobile
 * layout (cards, not tables), with a screenshot of each.
 */
import { ApiClient, TEST_ADMIN_KEY } from '@bakery/testing';
import type { Page } from 'playwright-core';
import {
  chooseOption,
  closeToast,
  expectToast,
  MOBILE,
  newPage,
  reportFailure,
  screenshot,
  seedCatalogue,
  startE2E,
  uploadPhoto,
  uniqueEmail,
  openedDialog,
  type E2E,
} from './support/harness';
import { CUSTOMER_LIST_URL, PASSWORD, registerAdminApi, waitForSocket } from './support/admin';
import { bakePng } from './support/png';

jest.setTimeout(180_000);

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Bottom navigation' });

describe('administrator screens in chromium (mobile, 390 x 844)', () => {
  let e2e: E2E;
  let products: Record<string, { id: string }>;

  beforeAll(async () => {
    e2e = await startE2E();
    products = await seedCatalogue(e2e.admin, [
      { name: 'Sourdough Loaf', price: '6.50', category: 'breads', stock: 40, description: 'Naturally leavened', crust: [196, 132, 66] },
      { name: 'Classic Baguette', price: '3.25', category: 'breads', stock: 60, description: 'Crisp French baguette', crust: [214, 160, 84] },
      { name: 'Butter Croissant', price: '2.75', category: 'pastries', stock: 12, description: 'Flaky and buttery', crust: [226, 168, 72] },
      { name: 'Everything Bagel', price: '1.95', category: 'bagels', stock: 120, description: 'Sesame, poppy, garlic', crust: [184, 134, 80] },
    ]);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('uses the mobile layouts for every admin screen, with the admin tabs, the unread badge and no cart', async () => {
    const { context, page, problems } = await newPage(e2e, MOBILE);
    let shop: ApiClient;
    try {
      // ---- admin login and registration pages ----
      await page.goto('/admin/register');
      await page.getByRole('heading', { name: 'Admin Registration' }).waitFor();
      await screenshot(page, 'mobile-31-admin-register');
      const email = await registerAdminApi(e2e, TEST_ADMIN_KEY);
      await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
      await page.waitForURL('**/admin/login');
      await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
      await screenshot(page, 'mobile-30-admin-login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Access Admin Portal' }).click();
      await expectToast(page, 'Welcome', 'Admin login successful!');
      await page.waitForURL('**/admin/products');

      // ---- the mobile shell for an admin ----
      await tabs(page).getByRole('link', { name: 'Customers' }).waitFor();
      expect(await page.locator('aside.sidebar').count()).toBe(0);
      expect(await tabs(page).getByRole('link').allTextContents()).toEqual(['Products', 'Orders', 'Overview', 'Inventory', 'Fulfilment', 'Schedule', 'Customers']);
      expect(await page.locator('header.mobile-header').getByRole('link', { name: /Cart/ }).count()).toBe(0);
      await page.locator('header.mobile-header').getByRole('button', { name: 'Sign Out' }).waitFor();

      // ---- Manage Customers, before there are any: loading (3 placeholders), then the mobile empty state ----
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(CUSTOMER_LIST_URL, async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue();
      });
      await tabs(page).getByRole('link', { name: 'Customers' }).click();
      await page.waitForURL('**/admin/customers');
      await page.getByTestId('customer-skeleton').first().waitFor();
      expect(await page.getByTestId('customer-skeleton').count()).toBe(3);
      await closeToast(page);
      await screenshot(page, 'mobile-32-customers-loading');
      release();
      await page.getByText('No customers yet').waitFor();
      await page.unroute(CUSTOMER_LIST_URL);
      await page.getByText('Start by adding your first customer to manage their account').waitFor();
      expect(await page.locator('h1.page-title').textContent()).toBe('Manage Customers');
      expect(await page.locator('.mobile-page-heading .page-subtitle').textContent()).toBe('View and manage customer accounts');
      await screenshot(page, 'mobile-33-customers-empty');

      // ---- a customer orders four products and submits one of their own (through the API) ----
      const shopEmail = uniqueEmail('corner');
      const created = await e2e.admin.post('/api/customers', {
        email: shopEmail,
        password: PASSWORD,
        businessName: 'Corner Coffee',
        businessType: 'coffee_shop',
        phone: '555-0101',
        address: '1 Main Street',
      });
      expect(created.status).toBe(201);
      shop = new ApiClient(e2e.url);
      expect((await shop.post('/api/auth/login', { email: shopEmail, password: PASSWORD })).status).toBe(200);
      await waitForSocket(page);
      for (const name of ['Sourdough Loaf', 'Classic Baguette', 'Butter Croissant', 'Everything Bagel']) {
        const added = await shop.post('/api/cart', { productId: products[name].id, quantity: 2 });
        expect(added.status).toBe(201);
      }
      const placed = await shop.call<{ id: string }>('POST', '/api/orders', {}, { 'Idempotency-Key': `mobile-${Date.now()}` });
      expect(placed.status).toBe(201);
      const orderId = placed.body.id;
      const imageUrl = await uploadPhoto(shop, bakePng([120, 82, 52], [232, 224, 210]));
      expect((await shop.post('/api/products/customer', { price: '4.25', stock: 24, imageUrl })).status).toBe(201);

      // Butter Croissant fell to its threshold (12 - 2 = 10): the inventory:alert push names it
      await expectToast(page, 'Low Stock Alert', 'Butter Croissant is running low: 10 left (minimum 10)');
      await screenshot(page, 'mobile-42-inventory-alert');
      // the Fulfilment tab's badge goes up by itself
      await tabs(page).getByRole('link', { name: /Fulfilment/ }).locator('.ant-badge-count').filter({ hasText: '1' }).waitFor({ timeout: 5000 });

      // ---- Main menu with the Admin section ----
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Main menu' });
      await menu.waitFor();
      expect(await menu.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Products', 'Orders', 'Admin Dashboard', 'Manage Products', 'Manage Orders1', 'Production', 'Delivery Schedule', 'Manage Customers', 'Price Lists', 'Invoices']);
      await menu.getByText('Administrator').waitFor();
      await screenshot(page, 'mobile-34-admin-menu');
      await menu.getByRole('link', { name: 'Admin Dashboard' }).click();
      await menu.waitFor({ state: 'hidden' });

      // ---- Admin dashboard ----
      await page.waitForURL((url) => url.pathname === '/admin');
      // each count is read again as the screen opens (the cached figure shows meanwhile): wait for each
      for (const [count, value] of [['count-total-orders', '1'], ['count-total-products', '4'], ['count-total-customers', '1'], ['count-low-stock', '1']]) {
        await page.getByTestId(count).filter({ hasText: new RegExp(`^${value}$`) }).waitFor();
      }
      await page.getByRole('list', { name: 'Low-stock products' }).getByRole('listitem', { name: 'Butter Croissant' }).waitFor();
      await page.locator('.recent-order', { hasText: 'Corner Coffee' }).waitFor();
      await screenshot(page, 'mobile-35-admin-dashboard');

      // ---- Manage Products: cards, not a table ----
      await tabs(page).getByRole('link', { name: 'Inventory' }).click();
      await page.waitForURL('**/admin/products');
      const card = (name: string) => page.getByRole('article', { name });
      await card('Sourdough Loaf').waitFor();
      expect(await page.locator('.products-table').count()).toBe(0);
      expect(await card('Sourdough Loaf').locator('.admin-badge').textContent()).toBe('In Stock');
      // 10 left after the order: 20 or less
      expect(await card('Butter Croissant').locator('.admin-badge').textContent()).toBe('Low Stock');
      await page.getByRole('region', { name: 'Customer Submissions' }).getByRole('listitem', { name: /\$4\.25$/ }).waitFor();
      await screenshot(page, 'mobile-36-manage-products');
      await card('Classic Baguette').getByRole('button', { name: 'Restock Classic Baguette' }).click();
      const restock = page.getByRole('dialog', { name: 'Restock Classic Baguette' });
      await restock.waitFor();
      await restock.getByLabel('Quantity to add').fill('12');
      await restock.getByRole('button', { name: 'Restock' }).click();
      await expectToast(page, 'Stock updated', 'Classic Baguette now has 70 in stock');
      await closeToast(page);
      await page.getByRole('button', { name: 'Add Product' }).click();
      const add = page.getByRole('dialog', { name: 'Add Product' });
      await add.waitFor();
      await add.getByLabel('Name', { exact: true }).fill('Cinnamon Roll');
      await add.getByLabel('Price ($)').fill('3.10');
      await chooseOption(page, 'add-product_category', 'Pastries');
      await screenshot(page, 'mobile-37-add-product');
      await add.getByRole('button', { name: 'Cancel' }).click();
      await add.waitFor({ state: 'hidden' });

      // ---- Manage Orders: cards with 3 items, opening it clears the badge ----
      await tabs(page).getByRole('link', { name: /Fulfilment/ }).click();
      await page.waitForURL('**/admin/orders');
      await tabs(page).getByRole('link', { name: /Fulfilment/ }).locator('.ant-badge-count').waitFor({ state: 'detached' });
      const order = page.getByRole('listitem', { name: `Order #${orderId.slice(-8)}` });
      await order.waitFor();
      const items = await order.locator('.order-items li').allTextContents();
      expect(items).toHaveLength(4);
      expect(items[3]).toBe('+1 more items');
      expect(await order.locator('.admin-order-contact').textContent()).toContain('555-0101');
      await chooseOption(page, `status-${orderId}`, 'Confirmed');
      await expectToast(page, 'Order status updated successfully');
      await order.locator('.status-badge', { hasText: 'confirmed' }).waitFor();
      await closeToast(page);
      await screenshot(page, 'mobile-38-manage-orders');

      // ---- Manage Customers: mobile cards, 'Add New Customer' ----
      await tabs(page).getByRole('link', { name: 'Customers' }).click();
      await page.waitForURL('**/admin/customers');
      const customer = page.getByRole('listitem', { name: 'Corner Coffee' });
      await customer.waitFor();
      expect(await customer.locator('.customer-avatar').textContent()).toBe('CO');
      await customer.getByText(`Since ${new Date().getFullYear()}`, { exact: true }).waitFor();
      expect(await customer.locator('.customer-type-value').textContent()).toBe('coffee shop');
      expect(await customer.locator('.customer-active').textContent()).toBe('Active');
      expect(await customer.locator('.customer-status').count()).toBe(0); // Account Status is desktop's
      await customer.getByText('1 Main Street').waitFor();
      await screenshot(page, 'mobile-39-manage-customers');
      await page.getByRole('button', { name: 'Add New Customer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Customer' });
      await openedDialog(dialog);
      await dialog.getByText('Create a new customer account. All fields except email and password are optional.').waitFor();
      await screenshot(page, 'mobile-40-add-customer');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await customer.getByRole('button', { name: 'View Corner Coffee' }).click();
      const view = page.getByRole('dialog', { name: 'Corner Coffee' });
      await view.waitFor();
      await view.getByRole('listitem', { name: `Order #${orderId.slice(-8)}` }).waitFor();
      await screenshot(page, 'mobile-41-customer-details');

      expect(problems).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'mobile-admin-FAILED', problems);
      throw err;
    } finally {
      await context.close();
    }
  });
});
