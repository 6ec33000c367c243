import type { Page } from 'playwright-core';
import {
  reportFailure,
  chooseDate,
  chooseOption,
  closeToast,
  DESKTOP,
  expectToast,
  isoDateFromToday,
  newPage,
  productNames,
  screenshot,
  shownDate,
  uniqueEmail,
  type E2E,
} from './harness';

/** Integer-cent arithmetic of the test's own, to check the screens against. */
const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (c: number) => `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;

export interface JourneyResult {
  email: string;
  orderId: string;
}

/**
 * A visitor registers, browses, filters, adds three products, changes a quantity, places an order
 * for tomorrow's 6:00 AM - 8:00 AM slot, sees it in Orders with the right total, and cancels it.
 * Desktop goes through the sidebar; mobile (390 x 844) through the bottom tabs and the Main menu.
 */
export async function customerJourney(e2e: E2E, viewport: { width: number; height: number }, shots: string): Promise<JourneyResult> {
  const mobile = viewport.width < DESKTOP.width && viewport.width < 768;
  const { context, page, problems } = await newPage(e2e, viewport);
  try {
    // ---- sign-in page, then register ----
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
    await page.getByRole('link', { name: 'Administrator Access' }).waitFor();
    await screenshot(page, `${shots}-01-sign-in`);

    await page.getByRole('tab', { name: 'Register' }).click();
    const email = uniqueEmail(mobile ? 'mobile' : 'desktop');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret123');
    await page.getByLabel('Business Name').fill('Corner Coffee');
    await page.getByLabel('Business Type').selectOption('coffee_shop');
    await screenshot(page, `${shots}-02-register`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Account created and logged in successfully!');
    await page.waitForURL('**/products');

    // ---- the shell ----
    if (mobile) {
      await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: 'Cart' }).waitFor();
      expect(await page.locator('aside.sidebar').count()).toBe(0);
      const tabs = await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link').allTextContents();
      expect(tabs).toEqual(['Products', 'Orders', 'Standing', 'Cart']);
      expect(await page.locator('.mobile-brand').textContent()).toContain('Bakery Wholesale');
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    } else {
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Cart' }).waitFor();
      expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Products', 'Orders', 'Standing Orders', 'Cart', 'Account']);
      expect(await nav.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
      expect(await page.locator('.sidebar-footer .user-name').textContent()).toBe('Corner Coffee');
      expect(await page.locator('.sidebar-footer .user-avatar').textContent()).toBe(email.slice(0, 2).toUpperCase());
      expect(await page.locator('.sidebar-footer .user-role').textContent()).toBe('Customer');
      await page.getByRole('button', { name: 'Log out' }).waitFor();
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
      await page.getByRole('link', { name: 'Notifications' }).waitFor();
    }
    expect(await page.locator('h1.page-title').textContent()).toBe('Products');

    // ---- browse and filter ----
    await page.getByRole('article', { name: 'Sourdough Loaf' }).waitFor();
    await closeToast(page);
    expect((await productNames(page)).sort()).toEqual(
      ['Blueberry Muffin', 'Butter Croissant', 'Cinnamon Danish', 'Classic Baguette', 'Everything Bagel', 'Sourdough Loaf'].sort(),
    );
    const card = (name: string) => page.getByRole('article', { name });
    expect(await card('Butter Croissant').locator('.stock-badge').textContent()).toBe('Low Stock');
    expect(await card('Cinnamon Danish').locator('.stock-badge').textContent()).toBe('Out of Stock');
    expect(await card('Everything Bagel').locator('.stock-badge').textContent()).toBe('Available');
    expect(await card('Cinnamon Danish').getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    expect(await card('Sourdough Loaf').getByText('$6.50').count()).toBe(1);
    await screenshot(page, `${shots}-03-products`);

    await chooseOption(page, 'category-filter', 'Pastries');
    expect((await productNames(page)).sort()).toEqual(['Blueberry Muffin', 'Butter Croissant', 'Cinnamon Danish']);
    await chooseOption(page, 'search-filter', 'Croissant');
    expect(await productNames(page)).toEqual(['Butter Croissant']);
    await screenshot(page, `${shots}-04-products-filtered`);
    await chooseOption(page, 'category-filter', 'Bagels');
    await page.getByText('No products found').waitFor();
    await page.getByText('Try adjusting your search or filter criteria').waitFor();
    await screenshot(page, `${shots}-05-products-none-found`);
    await chooseOption(page, 'search-filter', 'Bagel');
    expect(await productNames(page)).toEqual(['Everything Bagel']);
    await chooseOption(page, 'category-filter', 'All Categories');
    await chooseOption(page, 'search-filter', 'All Products');
    expect(await productNames(page)).toHaveLength(6);

    // ---- add three products ----
    // Sourdough Loaf × 2 with the stepper; the request is held back a moment to see 'Adding...'
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cart', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const sourdough = card('Sourdough Loaf');
    expect(await sourdough.getByRole('button', { name: 'Decrease quantity of Sourdough Loaf' }).isDisabled()).toBe(true);
    await sourdough.getByRole('button', { name: 'Increase quantity of Sourdough Loaf' }).click();
    await sourdough.getByRole('button', { name: 'Add to Cart' }).click();
    await sourdough.getByRole('button', { name: 'Adding...' }).waitFor();
    expect(await sourdough.getByRole('button', { name: 'Adding...' }).isDisabled()).toBe(true);
    release();
    await expectToast(page, 'Product added to cart!');
    await page.unroute('**/api/cart');

    await card('Butter Croissant').getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Product added to cart!');
    await waitForCartCount(page, mobile, 2);

    const bagel = card('Everything Bagel');
    if (mobile) {
      await bagel.getByRole('button', { name: 'Increase quantity of Everything Bagel' }).click();
      await bagel.getByRole('button', { name: 'Increase quantity of Everything Bagel' }).click();
      expect(await bagel.getByTestId('quantity').textContent()).toBe('3');
    } else {
      await bagel.getByRole('spinbutton', { name: 'Quantity of Everything Bagel' }).fill('3');
    }
    await bagel.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Product added to cart!');
    await waitForCartCount(page, mobile, 3);
    await closeToast(page);

    // ---- cart: change a quantity, check the summary ----
    if (mobile) await page.getByRole('navigation', { name: 'Bottom navigation' }).getByRole('link', { name: /Cart/ }).click();
    else await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Cart/ }).click();
    await page.waitForURL('**/cart');
    const line = (name: string) => page.getByRole('listitem', { name });
    await line('Everything Bagel').waitFor();
    expect(await line('Sourdough Loaf').getByTestId('quantity').textContent()).toBe('2');
    expect(await line('Everything Bagel').getByTestId('quantity').textContent()).toBe('3');
    await line('Butter Croissant').getByRole('button', { name: 'Increase quantity of Butter Croissant' }).click();
    await page.waitForFunction(
      () => document.querySelector('li[aria-label="Butter Croissant"] [data-testid=quantity]')?.textContent === '2',
    );
    const subtotal = cents('6.50') * 2 + cents('2.75') * 2 + cents('1.95') * 3; // 2435
    const tax = Math.floor((subtotal * 85 * 2 + 1000) / 2000); // 8.5%, half-up: 206.975 → 207
    const total = subtotal + 1250 + tax;
    await page.waitForFunction((text) => document.querySelector('[data-testid=summary-total]')?.textContent === text, dollars(total));
    expect(await page.getByTestId('summary-subtotal').textContent()).toBe(dollars(subtotal));
    expect(await page.getByTestId('summary-delivery-fee').textContent()).toBe('$12.50');
    expect(await page.getByTestId('summary-tax').textContent()).toBe(dollars(tax));
    expect(await line('Butter Croissant').getByTestId('line-total').textContent()).toBe('$5.50');
    await screenshot(page, `${shots}-06-cart`);

    // ---- delivery for tomorrow, 6:00 AM - 8:00 AM; place the order ----
    const tomorrow = isoDateFromToday(1);
    await chooseDate(page, 'delivery-date', tomorrow);
    expect(await page.locator('#delivery-date').inputValue()).toBe(tomorrow);
    await chooseOption(page, 'delivery-slot', '6:00 AM - 8:00 AM');
    await page.getByLabel('Special Instructions').fill('Leave at the back door');
    await screenshot(page, `${shots}-07-cart-delivery`, { scrollTo: page.getByRole('button', { name: 'Place Order' }) });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(page, 'Order placed successfully! You will receive a confirmation email shortly.');
    await page.waitForURL('**/orders');

    // ---- orders: the new order with the right total ----
    const orders = await context.request.get('/api/orders');
    const [placed] = (await orders.json()) as { id: string; total: string; deliveryDate: string; deliveryTimeSlot: string }[];
    expect(placed.total).toBe((total / 100).toFixed(2));
    expect(placed.deliveryDate).toBe(tomorrow);
    expect(placed.deliveryTimeSlot).toBe('6:00 AM - 8:00 AM');
    const shortId = placed.id.slice(-8);
    const order = page.getByRole('listitem', { name: `Order #${shortId}` });
    await order.waitFor();
    expect(await order.getByTestId('order-total').textContent()).toBe(dollars(total));
    expect(await order.locator('.status-badge').textContent()).toBe('pending');
    expect(await order.locator('.order-delivery').textContent()).toContain(`${shownDate(tomorrow)} · 6:00 AM - 8:00 AM`);
    const items = await order.locator('.order-items li').allTextContents();
    expect(items).toEqual(['2 × Sourdough Loaf', '2 × Butter Croissant', '+1 more items']);
    await closeToast(page);
    await screenshot(page, `${shots}-08-orders`);

    // the cart is empty now, and its badge is gone
    await waitForCartCount(page, mobile, 0);

    // ---- View: every item, totals, delivery and instructions ----
    await order.getByRole('button', { name: `View order #${shortId}` }).click();
    const details = page.getByRole('dialog', { name: `Order #${shortId}` });
    await details.waitFor();
    expect(await details.locator('tbody tr').count()).toBe(3);
    expect(await details.getByTestId('details-total').textContent()).toBe(dollars(total));
    await details.getByText('Leave at the back door').waitFor();
    await screenshot(page, `${shots}-09-order-details`);
    await details.getByRole('button', { name: 'Close' }).first().click();
    await details.waitFor({ state: 'hidden' });

    // ---- Cancel, with confirmation ----
    await order.getByRole('button', { name: `Cancel order #${shortId}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await confirm.waitFor();
    await screenshot(page, `${shots}-10-cancel-confirm`);
    await confirm.getByRole('button', { name: 'Cancel Order' }).click();
    await expectToast(page, 'Order cancelled');
    await page.waitForFunction(
      (label) => document.querySelector(`li[aria-label="${label}"] .status-badge`)?.textContent === 'cancelled',
      `Order #${shortId}`,
    );
    expect(await order.getByRole('button', { name: `Cancel order #${shortId}` }).count()).toBe(0);
    const after = (await (await context.request.get(`/api/orders/${placed.id}`)).json()) as { status: string };
    expect(after.status).toBe('cancelled');
    await closeToast(page);
    await screenshot(page, `${shots}-11-orders-cancelled`);

    // ---- dashboard ----
    if (mobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Main menu' });
      await menu.waitFor();
      await screenshot(page, `${shots}-12-main-menu`);
      await menu.getByRole('link', { name: 'Dashboard' }).click();
      await menu.waitFor({ state: 'hidden' });
    } else {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    }
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('metric-total-orders').waitFor();
    expect(await page.getByTestId('metric-total-orders').textContent()).toBe('1');
    expect(await page.getByTestId('metric-pending-orders').textContent()).toBe('0');
    await page.getByText('Requires attention').waitFor();
    await page.locator('.recent-order', { hasText: `#${placed.id.slice(-4)}` }).waitFor();
    expect(await page.locator('.recent-order .status-badge').first().textContent()).toBe('cancelled');
    expect(await page.getByRole('link', { name: 'View All Orders' }).getAttribute('href')).toBe('/orders');
    expect(await page.getByRole('link', { name: /Browse Products/ }).getAttribute('href')).toBe('/products');
    expect(await page.getByText('Manage Inventory').count()).toBe(0);
    await screenshot(page, `${shots}-13-dashboard`);

    // ---- an empty cart ----
    await page.goto('/cart');
    await page.getByText('Your cart is empty').waitFor();
    expect(await page.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/products');
    await screenshot(page, `${shots}-14-cart-empty`);

    // ---- 404 ----
    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await screenshot(page, `${shots}-15-not-found`);

    // ---- sign out ----
    await page.goto('/orders');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    expect(problems).toEqual([]);
    return { email, orderId: placed.id };
  } catch (err) {
    await reportFailure(page, `${shots}-FAILED`, problems);
    throw err;
  } finally {
    await context.close();
  }
}

/** The cart count: the sidebar's Cart badge on desktop, the header's cart shortcut on mobile. */
export async function waitForCartCount(page: Page, mobile: boolean, count: number): Promise<void> {
  if (mobile) {
    const label = count > 0 ? `Cart: ${count} items` : 'Cart';
    await page.locator('header.mobile-header').getByRole('link', { name: label, exact: true }).waitFor();
  } else {
    const badge = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Cart/ }).locator('.nav-badge');
    if (count > 0) await badge.filter({ hasText: new RegExp(`^${count}$`) }).waitFor();
    else await badge.waitFor({ state: 'detached' });
  }
}
