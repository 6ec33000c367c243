/**
 * Issue 16 in chromium: the admin sets the bakery's ordering windows on the Delivery Schedule
 * screen (Monday to Saturday, orders by 2:00 PM the day before, a closure) and sees the next days
 * as customers will; a customer's cart disables the dates that cannot be ordered (Sundays, the
 * closure, a passed cut-off) with the reasons, counts down to the chosen date's cut-off, moves on
 * when the cut-off passes with the cart open, and places the order for the next orderable date;
 * the phone (390 x 844) too. The bakery is in New York; the stack's clock is fixed on a Friday at
 * 11:47 AM there (TestStack.setClock), the browser's own clock runs (and is moved by
 * page.clock), and every expected date comes from the contracts' own rule functions.
 */
import { ORDER_BY_2PM_THE_DAY_BEFORE, TEST_ADMIN_KEY } from '@bakery/testing';
import {
  addDays,
  calendarDay,
  dateInTimeZone,
  DEFAULT_DELIVERY_SCHEDULE,
  longDate,
  nextOrderableDate,
  type Closure,
  type ScheduleContext,
} from '@bakery/contracts';
import { DateTime } from 'luxon';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { registerAdminApi, registerCustomerApi, signInContext } from './support/admin';
import { chooseOption, closeToast, DESKTOP, expectToast, MOBILE, newPage, reportFailure, screenshot, seedCatalogue, startE2E, type E2E } from './support/harness';

jest.setTimeout(300_000);

const ZONE = 'America/New_York';
const STOCKTAKE = 'Closed for stocktake';
const BAKERY = ORDER_BY_2PM_THE_DAY_BEFORE;

/** The coming Friday (not today), 11:47 AM in the bakery's zone. */
function comingFriday(): Date {
  const now = DateTime.now().setZone(ZONE).startOf('day');
  const days = ((5 - now.weekday + 7) % 7) || 7;
  return now.plus({ days }).set({ hour: 11, minute: 47 }).toJSDate();
}

/** "Wed 25 Nov", as the cart writes a date. */
const shortDate = (date: string) => DateTime.fromISO(date, { zone: 'UTC' }).setLocale('en-GB').toFormat('ccc d LLL');

interface Plan {
  now: Date;
  today: string;
  sunday: string;
  closure: Closure;
  ctx: (now: Date) => ScheduleContext;
  /** the next orderable date at `now` */
  next: (now: Date) => string;
}

function plan(): Plan {
  const now = comingFriday();
  const today = dateInTimeZone(now, ZONE);
  // the Tuesday and Wednesday after
  const closure: Closure = { id: 'e2e', from: addDays(today, 4), to: addDays(today, 5), message: STOCKTAKE };
  const ctx = (at: Date): ScheduleContext => ({ schedule: BAKERY, closures: [closure], timeZone: ZONE, now: at });
  const next = (at: Date) => nextOrderableDate(today, addDays(today, 90), ctx(at))!;
  return { now, today, sunday: addDays(today, 2), closure, ctx, next };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is (as layout.e2e.spec.ts runs it). */
async function axeSerious(page: Page): Promise<string[]> {
  // evaluated over the DevTools protocol: the app's CSP (script-src 'self') refuses an added <script>
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.slice(0, 4).map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

/** One weekday's fields on the Delivery Schedule screen. */
const weekdayRule = (page: Page, name: string) => page.locator('fieldset', { has: page.locator('legend', { hasText: new RegExp(`^${name}$`) }) });
const previewDay = (page: Page, date: string) => page.getByRole('list', { name: 'Next 14 days as customers see them' }).locator(`li[aria-label="${shortDate(date)}"]`);

/** Opens the cart's date picker and shows the month of `date`. */
async function pickerShowing(page: Page, date: string): Promise<Locator> {
  const dropdown = page.locator('.ant-picker-dropdown:visible');
  if (!(await dropdown.isVisible())) await page.locator('#delivery-date').click();
  await dropdown.waitFor();
  // at most two months on (the dates are within days of today): each click waits for the month it shows
  const cell = dropdown.locator(`td.ant-picker-cell-in-view[title="${date}"]`);
  for (let i = 0; i < 2; i++) {
    const shown = await cell.waitFor({ timeout: 2000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    await dropdown.locator('.ant-picker-header-next-btn').click();
  }
  return cell;
}

async function expectRefused(page: Page, date: string, reason: string): Promise<void> {
  const cell = await pickerShowing(page, date);
  expect(await cell.getAttribute('class')).toContain('ant-picker-cell-disabled');
  expect(await cell.locator('.ant-picker-cell-inner').getAttribute('title')).toBe(reason);
}

async function expectOffered(page: Page, date: string): Promise<void> {
  const cell = await pickerShowing(page, date);
  expect(await cell.getAttribute('class')).not.toContain('ant-picker-cell-disabled');
}

/** The customer's order: answers its delivery date and cut-off as the API has them. */
async function lastOrder(page: Page): Promise<{ id: string; deliveryDate: string; cutoffAt: string; deliveryTimeSlot: string }> {
  const res = await page.context().request.get('/api/orders');
  const [order] = (await res.json()) as { id: string; deliveryDate: string; cutoffAt: string; deliveryTimeSlot: string }[];
  return order;
}

describe('ordering windows in chromium', () => {
  let e2e: E2E;
  let products: Record<string, { id: string }>;
  const p = plan();

  beforeAll(async () => {
    e2e = await startE2E({ env: { BAKERY_TIMEZONE: ZONE } });
    e2e.stack.setClock(p.now);
    products = await seedCatalogue(e2e.admin, [
      { name: 'Sourdough Loaf', price: '6.50', category: 'breads', stock: 40, description: 'Naturally leavened' },
      { name: 'Everything Bagel', price: '1.95', category: 'bagels', stock: 120, description: 'Sesame, poppy, garlic' },
    ]);
  });
  afterAll(async () => {
    // the stack is this file's own; put the default back all the same
    await e2e?.admin.put('/api/admin/delivery-schedule', DEFAULT_DELIVERY_SCHEDULE).catch(() => undefined);
    e2e?.stack.setClock(null);
    await e2e?.close();
  });

  it('desktop: the admin sets Monday to Saturday by 2:00 PM the day before and a closure; the cart refuses those dates, counts down, moves on at the cut-off, and orders for the next date', async () => {
    // ---- the admin ----
    const adminEmail = await registerAdminApi(e2e, TEST_ADMIN_KEY);
    const admin = await newPage(e2e, DESKTOP);
    try {
      await signInContext(admin.context, adminEmail, '/api/auth/admin-login');
      await admin.page.goto('/admin/schedule');
      const page = admin.page;
      await weekdayRule(page, 'Monday').getByLabel('Cut-off time').waitFor();
      expect(await page.title()).toBe('Delivery Schedule · Bakery Wholesale');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.locator('a[aria-current="page"]', { hasText: 'Delivery Schedule' }).waitFor();
      // nothing configured yet: the spec's rule
      expect(await weekdayRule(page, 'Monday').getByLabel('Cut-off time').inputValue()).toBe('24:00');

      for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
        await weekdayRule(page, name).getByLabel('Lead days').fill('1');
        await weekdayRule(page, name).getByLabel('Cut-off time').fill('14:00');
        await weekdayRule(page, name).getByText('Orders close at 2:00 PM the day before').waitFor();
      }
      await weekdayRule(page, 'Sunday').getByLabel('Deliveries').click();
      await weekdayRule(page, 'Sunday').getByText('No deliveries').waitFor();
      await page.getByRole('button', { name: 'Save Schedule' }).click();
      await expectToast(page, 'Delivery schedule saved');
      expect((await e2e.admin.get('/api/admin/delivery-schedule')).body).toEqual(BAKERY);

      await page.getByLabel('From', { exact: true }).fill(p.closure.from);
      await page.getByLabel('To', { exact: true }).fill(p.closure.to);
      await page.getByLabel('Message to customers').fill(STOCKTAKE);
      await page.getByRole('button', { name: 'Add Closure' }).click();
      await expectToast(page, 'Closure added');
      const closures = page.getByRole('list', { name: 'Planned closures' });
      await closures.getByText(`${shortDate(p.closure.from)} – ${shortDate(p.closure.to)}`).waitFor();
      expect((await e2e.admin.get<Closure[]>('/api/admin/closures')).body).toEqual([{ ...p.closure, id: expect.any(String) }]);

      // the next 14 days as customers see them, by the server's clock (Friday 11:47 AM)
      const first = p.next(p.now);
      await previewDay(page, p.today).getByText('Cut-off passed').waitFor();
      await previewDay(page, first).getByText('Orderable').waitFor();
      expect(await previewDay(page, first).textContent()).toContain('Order by Fri 2:00 PM');
      await previewDay(page, p.sunday).getByText('There are no deliveries on Sundays.').waitFor();
      await previewDay(page, p.closure.from).getByText(STOCKTAKE).waitFor();
      await closeToast(page);
      expect(await axeSerious(page)).toEqual([]);
      await screenshot(page, 'schedule-desktop-01-admin');
      expect(admin.problems).toEqual([]);
    } catch (err) {
      await reportFailure(admin.page, 'schedule-desktop-admin-FAILED', admin.problems);
      throw err;
    } finally {
      await admin.context.close();
    }

    // ---- a customer ----
    const email = await registerCustomerApi(e2e);
    const { context, page, problems } = await newPage(e2e, DESKTOP);
    try {
      // the browser's clock runs from the real time, and the test moves it on below
      await page.clock.install();
      await signInContext(context, email);
      expect((await context.request.post('/api/cart', { data: { productId: products['Sourdough Loaf'].id, quantity: 3 } })).status()).toBe(201);
      await page.goto('/cart');
      await page.getByRole('listitem', { name: 'Sourdough Loaf' }).waitFor();

      // the next date that can be ordered is chosen, and its cut-off counts down (Friday 2:00 PM, 2 h 13 min away by
      // the fixed server clock; rounded up to the minute, and the answer took a moment to arrive)
      const first = p.next(p.now);
      const firstCutoff = calendarDay(first, p.ctx(p.now)).cutoffAt!;
      await page.waitForFunction((date) => (document.querySelector('#delivery-date') as HTMLInputElement | null)?.value === date, first);
      const countdown = page.getByTestId('delivery-cutoff');
      expect(await countdown.locator('strong').textContent()).toMatch(new RegExp(`^Order within 2 h 1[234] min for delivery on ${shortDate(first)}$`));
      expect(await countdown.textContent()).toContain('orders close Fri 2:00 PM');

      // refused dates, each with its reason
      await expectRefused(page, p.today, `Orders for ${longDate(p.today)} closed at 2:00 PM on ${longDate(addDays(p.today, -1))}.`);
      await expectRefused(page, p.sunday, 'There are no deliveries on Sundays.');
      await expectOffered(page, first);
      const notes = page.getByRole('list', { name: 'Dates that cannot be ordered' });
      expect(await notes.getByRole('listitem').allTextContents()).toEqual(
        expect.arrayContaining(['There are no deliveries on Sundays.', `${shortDate(p.closure.from)} – ${shortDate(p.closure.to)}: ${STOCKTAKE}`]),
      );
      await screenshot(page, 'schedule-desktop-02-cart-picker');
      await expectRefused(page, p.closure.from, STOCKTAKE);
      await expectRefused(page, p.closure.to, STOCKTAKE);
      await page.keyboard.press('Escape');
      await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' }).catch(() => undefined);

      // 2:00 PM passes with the cart open: the page says so and moves to the next date
      await page.clock.fastForward(Date.parse(firstCutoff) - p.now.getTime() + 60_000);
      const afterCutoff = new Date(Date.parse(firstCutoff) + 60_000);
      const second = p.next(afterCutoff);
      expect(second).not.toBe(first);
      const moved = page.getByRole('alert').filter({ hasText: `Orders for ${shortDate(first)} have closed` });
      await moved.waitFor();
      expect(await moved.textContent()).toContain(
        `Orders for ${longDate(first)} closed at 2:00 PM on ${longDate(dateInTimeZone(new Date(firstCutoff), ZONE))}. Your delivery date is now ${longDate(second)}.`,
      );
      await page.waitForFunction((date) => (document.querySelector('#delivery-date') as HTMLInputElement | null)?.value === date, second);
      expect(await countdown.locator('strong').textContent()).toMatch(new RegExp(`for delivery on ${shortDate(second)}$`));
      await screenshot(page, 'schedule-desktop-03-cart-moved');

      // the server's clock agrees, and the order is placed for that date
      e2e.stack.setClock(new Date(afterCutoff.getTime() + 5_000));
      await chooseOption(page, 'delivery-slot', '8:00 AM - 10:00 AM');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expectToast(page, 'Order placed successfully! You will receive a confirmation email shortly.');
      await page.waitForURL('**/orders');
      const order = await lastOrder(page);
      expect(order.deliveryDate).toBe(second);
      expect(order.deliveryTimeSlot).toBe('8:00 AM - 10:00 AM');
      expect(order.cutoffAt).toBe(calendarDay(second, p.ctx(afterCutoff)).cutoffAt);
      // until when it can be cancelled, by the bakery's clock
      const card = page.getByRole('listitem', { name: `Order #${order.id.slice(-8)}` });
      const until = DateTime.fromISO(order.cutoffAt, { zone: ZONE }).setLocale('en-US').toFormat('ccc h:mm a');
      await card.getByText(`Can be changed until ${until}`).waitFor();
      await card.getByRole('button', { name: `Cancel order #${order.id.slice(-8)}` }).waitFor();
      await closeToast(page);
      await screenshot(page, 'schedule-desktop-04-orders');
      expect(problems).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'schedule-desktop-customer-FAILED', problems);
      throw err;
    } finally {
      await context.close();
      e2e.stack.setClock(p.now);
    }
  });

  it('phone (390 x 844): the Schedule tab, the rules and the preview; the cart refuses the same dates, counts down, and orders for the next date', async () => {
    // the schedule of the first test, set here through the API if this test runs alone
    await e2e.admin.put('/api/admin/delivery-schedule', BAKERY);
    if (((await e2e.admin.get<Closure[]>('/api/admin/closures')).body ?? []).length === 0) {
      await e2e.admin.post('/api/admin/closures', { from: p.closure.from, to: p.closure.to, message: STOCKTAKE });
    }
    e2e.stack.setClock(p.now);
    const first = p.next(p.now);

    const adminEmail = await registerAdminApi(e2e, TEST_ADMIN_KEY);
    const admin = await newPage(e2e, MOBILE);
    try {
      await signInContext(admin.context, adminEmail, '/api/auth/admin-login');
      const page = admin.page;
      await page.goto('/admin/orders');
      const tabs = page.getByRole('navigation', { name: 'Bottom navigation' });
      await tabs.getByRole('link', { name: 'Schedule' }).click();
      await page.waitForURL('**/admin/schedule');
      await tabs.locator('a[aria-current="page"]', { hasText: 'Schedule' }).waitFor();
      expect(await page.locator('h1.page-title').textContent()).toBe('Delivery Schedule');
      await weekdayRule(page, 'Sunday').getByText('No deliveries').waitFor();
      expect(await weekdayRule(page, 'Wednesday').getByLabel('Cut-off time').inputValue()).toBe('14:00');
      await previewDay(page, first).getByText('Orderable').waitFor();
      await previewDay(page, p.sunday).getByText('There are no deliveries on Sundays.').waitFor();
      // no sideways scroll, and the screen's controls are 44 px tap targets
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.schedule .ant-btn, .setting-row label, .rule-delivers label, .slot-choices .ant-checkbox-wrapper, .bottom-tab'))
          .filter((el) => el.offsetParent !== null)
          .map((el) => ({ text: el.getAttribute('aria-label') ?? el.textContent?.trim(), box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.height < 44 || box.width < 44)
          .map(({ text, box }) => `${text}: ${Math.round(box.width)}x${Math.round(box.height)}`),
      );
      expect(small).toEqual([]);
      expect(await axeSerious(page)).toEqual([]);
      await screenshot(page, 'schedule-mobile-01-admin');
      await screenshot(page, 'schedule-mobile-02-admin-preview', { scrollTo: page.getByRole('list', { name: 'Next 14 days as customers see them' }) });
      expect(admin.problems).toEqual([]);
    } catch (err) {
      await reportFailure(admin.page, 'schedule-mobile-admin-FAILED', admin.problems);
      throw err;
    } finally {
      await admin.context.close();
    }

    const email = await registerCustomerApi(e2e);
    const { context, page, problems } = await newPage(e2e, MOBILE);
    try {
      await signInContext(context, email);
      await context.request.post('/api/cart', { data: { productId: products['Everything Bagel'].id, quantity: 12 } });
      await page.goto('/cart');
      await page.getByRole('listitem', { name: 'Everything Bagel' }).waitFor();
      await page.waitForFunction((date) => (document.querySelector('#delivery-date') as HTMLInputElement | null)?.value === date, first);
      expect(await page.getByTestId('delivery-cutoff').locator('strong').textContent()).toMatch(
        new RegExp(`^Order within \\d+ h \\d+ min for delivery on ${shortDate(first)}$`),
      );
      await expectRefused(page, p.sunday, 'There are no deliveries on Sundays.');
      await page.getByRole('list', { name: 'Dates that cannot be ordered' }).getByText(`${shortDate(p.closure.from)} – ${shortDate(p.closure.to)}: ${STOCKTAKE}`).waitFor();
      await screenshot(page, 'schedule-mobile-03-cart-picker');
      await expectRefused(page, p.closure.from, STOCKTAKE);
      await page.keyboard.press('Escape');
      await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' }).catch(() => undefined);
      await screenshot(page, 'schedule-mobile-04-cart', { scrollTo: page.getByRole('button', { name: 'Place Order' }) });

      await page.getByRole('button', { name: 'Place Order' }).click();
      await expectToast(page, 'Order placed successfully! You will receive a confirmation email shortly.');
      await page.waitForURL('**/orders');
      const order = await lastOrder(page);
      expect(order.deliveryDate).toBe(first);
      await page.getByRole('listitem', { name: `Order #${order.id.slice(-8)}` }).getByText('Can be changed until Fri 2:00 PM').waitFor();
      expect(problems).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'schedule-mobile-customer-FAILED', problems);
      throw err;
    } finally {
      await context.close();
    }
  });
});
