/**
 * Issue 17 in chromium: a customer makes a standing order from the cart ("Make this a standing
 * order", the delivery days picked on the form), sees the next four weeks with each date's
 * quantities and cut-off, and skips one date; the server's clock then passes the cut-offs and
 * ordering (sweeping every second, STANDING_ORDER_INTERVAL_SECONDS=1) makes the orders: the first
 * date's appears in the customer's Orders and on the admin's Manage Orders marked "Standing order",
 * the skipped date gets none, and a product short of stock gives a partial order, the admin's
 * alert and the shortfall on the card. The phone (390 x 844) too. The bakery is in New York and
 * delivers Monday to Saturday, orders by 2:00 PM the day before (set by the admin through the
 * API); the stack's clock is fixed on a Sunday morning (TestStack.setClock), and every expected
 * date and cut-off comes from the contracts' own rule functions.
 */
import { ORDER_BY_2PM_THE_DAY_BEFORE, TEST_ADMIN_KEY } from '@bakery/testing';
import {
  addDays,
  dateInTimeZone,
  occurrencesBetween,
  type Occurrence,
  type Order,
  type ScheduleContext,
  type StandingOrder,
  type UpcomingDelivery,
} from '@bakery/contracts';
import { DateTime } from 'luxon';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { registerAdminApi, registerCustomerApi, signInContext, waitForSocket } from './support/admin';
import { chooseOption, closeToast, DESKTOP, expectToast, MOBILE, newPage, openedDialog, reportFailure, screenshot, seedCatalogue, startE2E, type E2E } from './support/harness';

jest.setTimeout(300_000);

const ZONE = 'America/New_York';
const BAKERY = ORDER_BY_2PM_THE_DAY_BEFORE;
const ctx = (now: Date): ScheduleContext => ({ schedule: BAKERY, closures: [], timeZone: ZONE, now });

/** The coming Sunday (not today) `weeksLater` weeks on, 10:00 AM in the bakery's zone: no delivery today, Monday's orders close at 2:00 PM. */
function sundayMorning(weeksLater: number): Date {
  const today = DateTime.now().setZone(ZONE).startOf('day');
  const days = (7 - today.weekday) || 7;
  return today.plus({ days: days + weeksLater * 7 }).set({ hour: 10 }).toJSDate();
}

/** "Wed 25 Nov", as the screens write a date. */
const shortDate = (date: string) => DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en-GB').toFormat('ccc d LLL');
const after = (cutoff: Date) => new Date(cutoff.getTime() + 60_000);

/** A standing order's deliveries for the next four weeks by the contracts' rules, from the bakery's `now`. */
function deliveriesOf(so: StandingOrder, now: Date): Occurrence[] {
  const today = dateInTimeZone(now, ZONE);
  const terms = { startDate: so.startDate, endDate: so.endDate, everyWeeks: so.everyWeeks, lines: so.lines, paused: false, pausedUntil: null };
  return occurrencesBetween(terms, [], today, addDays(today, 27), ctx(now));
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  if (res.status() !== 200) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The customer's order for that standing order and date, once ordering's sweep (every second) has
 * made it: the sweep runs on its own, so the test asks until it is there.
 */
async function orderMadeFor(request: APIRequestContext, standingOrderId: string, date: string): Promise<Order> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const orders = await getJson<Order[]>(request, '/api/orders?limit=50');
    const found = orders.find((o) => o.standingOrderId === standingOrderId && o.deliveryDate === date);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no order for ${date} after 30 s; orders: ${JSON.stringify(orders.map((o) => [o.deliveryDate, o.standingOrderId]))}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Keeps every toast the page shows in `window.shownToasts` (one toast at a time: a later one replaces it). */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = shown;
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll('[data-testid="toast"]'))) {
        const text = toast.textContent ?? '';
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** One standing order's row on one date of the calendar. */
const calendarRow = (page: Page, date: string, name: string) => page.locator(`li.so-date[aria-label="${shortDate(date)}"] li.so-delivery[aria-label="${name}"]`);

/** From the cart to a saved standing order: "Make this a standing order", the days, a bigger Saturday, a slot. */
async function makeFromCart(page: Page, name: string, days: string[], mobile: boolean): Promise<void> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Make this a standing order' }).click();
  await page.waitForURL('**/standing-orders/new?fromCart=1');
  await page.locator('h1.page-title', { hasText: /^New Standing Order$/ }).waitFor();
  expect(await page.title()).toBe('New Standing Order · Bakery Wholesale');
  const nameField = page.getByLabel('Name', { exact: true });
  await nameField.waitFor();
  expect(await nameField.inputValue()).toBe('My regular order');
  await nameField.fill(name);
  for (const day of days) await page.getByLabel(day, { exact: true }).check();
  await chooseOption(page, 'so-slot', '6:00 AM - 8:00 AM');
  if (mobile) {
    // a block per product, its days four to a row; nothing wider than the phone
    await page.locator('li.so-line-block').first().waitFor();
    expect(await page.locator('table.so-grid').count()).toBe(0);
  }
  await screenshot(page, `standing-orders-${mobile ? 'mobile' : 'desktop'}-01-form`);
  await page.getByRole('button', { name: 'Create Standing Order' }).click();
  await expectToast(page, `${name} has been created`);
  await page.waitForURL('**/standing-orders');
}

describe('standing orders in chromium', () => {
  let e2e: E2E;
  let products: Record<string, { id: string }>;

  beforeAll(async () => {
    e2e = await startE2E({ env: { BAKERY_TIMEZONE: ZONE, STANDING_ORDER_INTERVAL_SECONDS: '1' } });
    e2e.stack.setClock(sundayMorning(0));
    const schedule = await e2e.admin.put('/api/admin/delivery-schedule', BAKERY);
    if (schedule.status !== 200) throw new Error(`delivery schedule: ${schedule.status} ${JSON.stringify(schedule.body)}`);
    products = await seedCatalogue(e2e.admin, [
      { name: 'Classic Baguette', price: '3.25', category: 'breads', stock: 500, description: 'Crisp French baguette' },
      // 6 a day with 8 in stock: the second delivery is 4 short
      { name: 'Butter Croissant', price: '2.75', category: 'pastries', stock: 8, description: 'Flaky, laminated with French butter' },
      { name: 'Everything Bagel', price: '1.95', category: 'bagels', stock: 500, description: 'Sesame, poppy, garlic' },
    ]);
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

  it('desktop: from the cart to a standing order, one date skipped; at the cut-offs the orders come, marked, the skipped date without one, a short product partial', async () => {
    const sunday = sundayMorning(0);
    e2e.stack.setClock(sunday);
    const name = 'Corner Coffee weekdays';
    const email = await registerCustomerApi(e2e);
    const { context, page, problems } = await newPage(e2e, DESKTOP);
    const admin = await adminPage(DESKTOP);
    try {
      await signInContext(context, email);
      for (const [product, quantity] of [['Classic Baguette', 20], ['Butter Croissant', 6]] as const) {
        expect((await context.request.post('/api/cart', { data: { productId: products[product].id, quantity } })).status()).toBe(201);
      }

      // ---- the form, from the cart ----
      await makeFromCart(page, name, ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], false);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.locator('a[aria-current="page"]', { hasText: 'Standing Orders' }).waitFor();
      await page.locator('h1.page-title', { hasText: /^Standing Orders$/ }).waitFor();
      expect(await page.title()).toBe('Standing Orders · Bakery Wholesale');
      const [so] = await getJson<StandingOrder[]>(context.request, '/api/standing-orders');
      expect(so).toMatchObject({
        name,
        status: 'active',
        startDate: dateInTimeZone(sunday, ZONE),
        everyWeeks: 1,
        deliveryTimeSlot: '6:00 AM - 8:00 AM',
        lines: [
          { productId: products['Classic Baguette'].id, quantities: [20, 20, 20, 20, 20, 0, 0] },
          { productId: products['Butter Croissant'].id, quantities: [6, 6, 6, 6, 6, 0, 0] },
        ],
      });
      // the cart is as it was
      expect((await getJson<unknown[]>(context.request, '/api/cart')).length).toBe(2);

      // ---- the list and the next four weeks ----
      const card = page.locator(`li.so-card[aria-label="${name}"]`);
      await card.getByText('Active').waitFor();
      await card.getByText('Every week · Mon, Tue, Wed, Thu, Fri').waitFor();
      await card.getByText('20 Mon–Fri').waitFor();
      const [monday, tuesday, wednesday] = deliveriesOf(so, sunday);
      expect([monday.date, tuesday.date, wednesday.date]).toEqual([1, 2, 3].map((n) => addDays(dateInTimeZone(sunday, ZONE), n)));
      const first = calendarRow(page, monday.date, name);
      await first.getByText('20 × Classic Baguette, 6 × Butter Croissant').waitFor();
      // Monday's orders close today at 2:00 PM
      await first.getByText('Change or skip until Sun 2:00 PM').waitFor();
      expect(await page.locator('li.so-date').count()).toBe(deliveriesOf(so, sunday).length);
      await screenshot(page, 'standing-orders-desktop-02-list');

      // ---- skip Tuesday ----
      await page.getByRole('button', { name: `Skip ${name} on ${shortDate(tuesday.date)}` }).click();
      await expectToast(page, `${name} will not deliver on ${shortDate(tuesday.date)}`);
      await calendarRow(page, tuesday.date, name).getByText('Skipped').waitFor();
      await page.getByRole('button', { name: `Unskip ${name} on ${shortDate(tuesday.date)}` }).waitFor();
      const upcoming = await getJson<UpcomingDelivery[]>(context.request, '/api/standing-orders/upcoming?weeks=4');
      expect(upcoming.find((d) => d.date === tuesday.date)).toMatchObject({ standingOrderId: so.id, skipped: true });
      await closeToast(page);
      await screenshot(page, 'standing-orders-desktop-03-skipped', { scrollTo: calendarRow(page, tuesday.date, name) });

      // ---- Monday's cut-off passes: its order is made ----
      e2e.stack.setClock(after(monday.cutoffAt));
      const mondayOrder = await orderMadeFor(context.request, so.id, monday.date);
      expect(mondayOrder).toMatchObject({ status: 'pending', deliveryTimeSlot: '6:00 AM - 8:00 AM' });
      expect(mondayOrder.orderItems.map((i) => [i.product.name, i.quantity, i.shortfall]).sort()).toEqual([
        ['Butter Croissant', 6, 0],
        ['Classic Baguette', 20, 0],
      ]);
      await page.goto('/orders');
      const orderCard = page.getByRole('listitem', { name: `Order #${mondayOrder.id.slice(-8)}` });
      await orderCard.waitFor();
      await orderCard.getByRole('button', { name: `View order #${mondayOrder.id.slice(-8)}` }).click();
      const details = await openedDialog(page.getByRole('dialog'));
      await details.locator('.standing-order-tag', { hasText: 'Standing order' }).waitFor();
      await details.getByRole('button', { name: 'Repeat this order' }).waitFor();
      await screenshot(page, 'standing-orders-desktop-04-order');
      // the standing orders page: Monday is being prepared now
      await page.goto('/standing-orders');
      await calendarRow(page, monday.date, name).getByText('Being prepared', { exact: true }).waitFor();
      expect(await calendarRow(page, monday.date, name).getByRole('button').count()).toBe(0);

      // ---- the admin's Manage Orders, with the tag ----
      await admin.page.goto('/admin/orders');
      const adminCard = admin.page.locator(`li[data-order-id="${mondayOrder.id}"]`);
      await adminCard.locator('.standing-order-tag', { hasText: 'Standing order' }).waitFor();
      expect(await adminCard.locator('.order-shortfall').count()).toBe(0);
      await waitForSocket(admin.page);
      await recordToasts(admin.page);

      // ---- past Tuesday's cut-off: Tuesday (skipped) has no order; Wednesday's is 4 croissants short ----
      e2e.stack.setClock(after(wednesday.cutoffAt));
      const wednesdayOrder = await orderMadeFor(context.request, so.id, wednesday.date);
      expect(wednesdayOrder.orderItems.map((i) => [i.product.name, i.quantity, i.shortfall]).sort()).toEqual([
        ['Butter Croissant', 2, 4],
        ['Classic Baguette', 20, 0],
      ]);
      // the missing units are not charged: 20 × 3.25 + 2 × 2.75
      expect(wednesdayOrder.subtotal).toBe('70.50');
      const orders = await getJson<Order[]>(context.request, '/api/orders?limit=50');
      expect(orders.filter((o) => o.standingOrderId === so.id).map((o) => o.deliveryDate).sort()).toEqual([monday.date, wednesday.date]);
      // the admin is told, by push (a stock alert may replace the toast at once: every toast shown counts)
      await admin.page.waitForFunction(
        (text) => ((window as unknown as { shownToasts: string[] }).shownToasts ?? []).some((t) => t.includes('Standing Order Short') && t.includes(text)),
        `4 short of Butter Croissant (order #${wednesdayOrder.id.slice(-8)})`,
      );
      await admin.page.reload();
      const shortCard = admin.page.locator(`li[data-order-id="${wednesdayOrder.id}"]`);
      await shortCard.locator('.standing-order-tag').waitFor();
      await shortCard.locator('.order-shortfall').getByText('Butter Croissant: 2 of 6 (4 short)').waitFor();
      await closeToast(admin.page);
      await screenshot(admin.page, 'standing-orders-desktop-05-admin');
      // and in the order's details
      await shortCard.getByRole('button', { name: `View order #${wednesdayOrder.id.slice(-8)}` }).click();
      const adminDetails = await openedDialog(admin.page.getByRole('dialog'));
      await adminDetails.getByText('2 of 6 available: 4 short, not charged').waitFor();
      await screenshot(admin.page, 'standing-orders-desktop-06-admin-details');
      await admin.page.keyboard.press('Escape');

      // ---- Manage Customers: the customer's standing orders, in their details ----
      await admin.page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
      await admin.page.getByRole('button', { name: 'View Corner Coffee' }).click();
      const customerDetails = await openedDialog(admin.page.getByRole('dialog'));
      const theirs = customerDetails.locator(`li.so-card[aria-label="${name}"]`);
      await theirs.getByText('Every week · Mon, Tue, Wed, Thu, Fri').waitFor();
      await theirs.getByRole('button', { name: `Pause ${name}` }).waitFor();
      await screenshot(admin.page, 'standing-orders-desktop-07-admin-customer', { scrollTo: theirs });
      expect(problems).toEqual([]);
      expect(admin.problems).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'standing-orders-desktop-FAILED', problems);
      await reportFailure(admin.page, 'standing-orders-desktop-admin-FAILED', admin.problems);
      throw err;
    } finally {
      await context.close();
      await admin.context.close();
    }
  });

  it('phone (390 x 844): the Standing tab, the form from the cart, skip a date; the order comes at the cut-off, in Orders and on Manage Orders', async () => {
    // a week after the first test's: the bakery's clock only moves on
    const sunday = sundayMorning(1);
    e2e.stack.setClock(sunday);
    const name = 'Bagel mornings';
    const email = await registerCustomerApi(e2e, { businessName: 'Bagel Bar' });
    const { context, page, problems } = await newPage(e2e, MOBILE);
    try {
      await signInContext(context, email);
      expect((await context.request.post('/api/cart', { data: { productId: products['Everything Bagel'].id, quantity: 24 } })).status()).toBe(201);
      await page.goto('/orders');
      const tabs = page.getByRole('navigation', { name: 'Bottom navigation' });
      await tabs.getByRole('link', { name: 'Standing' }).waitFor();
      expect(await tabs.locator('.bottom-tab-label').allTextContents()).toEqual(['Products', 'Orders', 'Standing', 'Cart']);

      await makeFromCart(page, name, ['Monday', 'Tuesday', 'Wednesday'], true);
      await tabs.locator('a[aria-current="page"]', { hasText: 'Standing' }).waitFor();
      await page.locator('h1.page-title', { hasText: /^Standing Orders$/ }).waitFor();
      const [so] = await getJson<StandingOrder[]>(context.request, '/api/standing-orders');
      const [monday, tuesday] = deliveriesOf(so, sunday);
      await calendarRow(page, monday.date, name).getByText('24 × Everything Bagel').waitFor();

      // no sideways scroll, and the screen's controls are 44 px tap targets
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.standing-orders .ant-btn, .bottom-tab'))
          .filter((el) => el.offsetParent !== null)
          .map((el) => ({ text: el.getAttribute('aria-label') ?? el.textContent?.trim(), box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.height < 44 || box.width < 44)
          .map(({ text, box }) => `${text}: ${Math.round(box.width)}x${Math.round(box.height)}`),
      );
      expect(small).toEqual([]);
      await screenshot(page, 'standing-orders-mobile-02-list');

      await page.getByRole('button', { name: `Skip ${name} on ${shortDate(tuesday.date)}` }).click();
      await expectToast(page, `${name} will not deliver on ${shortDate(tuesday.date)}`);
      await calendarRow(page, tuesday.date, name).getByText('Skipped').waitFor();
      await closeToast(page);
      await screenshot(page, 'standing-orders-mobile-03-skipped', { scrollTo: calendarRow(page, tuesday.date, name) });

      // Monday's cut-off passes
      e2e.stack.setClock(after(monday.cutoffAt));
      const order = await orderMadeFor(context.request, so.id, monday.date);
      await tabs.getByRole('link', { name: 'Orders' }).click();
      await page.waitForURL('**/orders');
      const card = page.getByRole('listitem', { name: `Order #${order.id.slice(-8)}` });
      await card.getByText('24 × Everything Bagel').waitFor();
      await card.getByRole('button', { name: `View order #${order.id.slice(-8)}` }).click();
      const details = await openedDialog(page.getByRole('dialog'));
      await details.locator('.standing-order-tag', { hasText: 'Standing order' }).waitFor();
      await screenshot(page, 'standing-orders-mobile-04-order');

      // past Tuesday's cut-off: the skipped Tuesday has no order
      e2e.stack.setClock(after(deliveriesOf(so, sunday)[2].cutoffAt));
      await orderMadeFor(context.request, so.id, deliveriesOf(so, sunday)[2].date);
      const orders = await getJson<Order[]>(context.request, '/api/orders?limit=50');
      expect(orders.some((o) => o.deliveryDate === tuesday.date)).toBe(false);
      expect(problems).toEqual([]);

      // the admin, on a phone
      const admin = await adminPage(MOBILE);
      try {
        await admin.page.goto('/admin/orders');
        const adminCard = admin.page.locator(`li[data-order-id="${order.id}"]`);
        await adminCard.locator('.standing-order-tag', { hasText: 'Standing order' }).waitFor();
        await screenshot(admin.page, 'standing-orders-mobile-05-admin', { scrollTo: adminCard });
        expect(admin.problems).toEqual([]);
      } catch (err) {
        await reportFailure(admin.page, 'standing-orders-mobile-admin-FAILED', admin.problems);
        throw err;
      } finally {
        await admin.context.close();
      }
    } catch (err) {
      await reportFailure(page, 'standing-orders-mobile-FAILED', problems);
      throw err;
    } finally {
      await context.close();
    }
  });
});
