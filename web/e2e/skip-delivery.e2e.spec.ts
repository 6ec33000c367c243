/**
 * Issue 20's standing-order preview in chromium: a customer's standing order delivers tomorrow, so
 * its preview is mailed at once (the stack writes .eml files); the "Skip this delivery" link from
 * that mail opens a public page (no sign-in) that shows the delivery, skips it with one click and,
 * opened again, says the link was used. Desktop and phone, with axe-core and a screenshot of each
 * state; the customer's standing orders then show the date skipped.
 */
import { SkipLinkMessages } from '@bakery/contracts';
import { createProduct, signedInCustomer } from '@bakery/testing';
import { axeSerious } from './support/axe';
import { mailedLink } from './support/mail';
import { DESKTOP, isoDateFromToday, MOBILE, newPage, reportFailure, screenshot, startE2E, uniqueEmail, type E2E } from './support/harness';

jest.setTimeout(180_000);

describe('the skip link of a standing-order preview, in chromium', () => {
  let e2e: E2E;
  let productId: string;

  beforeAll(async () => {
    // the sweep that mails previews runs every second here (30 s by default)
    e2e = await startE2E({ env: { STANDING_ORDER_INTERVAL_SECONDS: '1' } });
    productId = (await createProduct(e2e.admin, { name: 'Preview Sourdough', price: '6.50', stock: 500 })).id;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** A customer whose weekly standing order delivers tomorrow (so its preview is due now); answers the mailed link. */
  async function customerWithPreview(): Promise<{ email: string; link: string }> {
    const email = uniqueEmail('preview');
    const customer = await signedInCustomer(e2e.url, { email, businessName: 'Preview Cafe' });
    const tomorrow = isoDateFromToday(1);
    const weekday = (new Date(`${tomorrow}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const quantities = [0, 0, 0, 0, 0, 0, 0].map((_, day) => (day === weekday ? 4 : 0));
    const res = await customer.post('/api/standing-orders', { name: 'Morning loaves', startDate: tomorrow, everyWeeks: 1, lines: [{ productId, quantities }] });
    if (res.status !== 201) throw new Error(`standing order: ${res.status} ${JSON.stringify(res.body)}`);
    return { email, link: await mailedLink(e2e, 'standing_order_preview', email, '/skip-delivery') };
  }

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    it(`${label}: the mailed link shows the delivery, skips it with one click, then says it was used`, async () => {
      const { link } = await customerWithPreview();
      expect(link).toMatch(/^\/skip-delivery\?token=[A-Za-z0-9_-]{43}$/);
      const { context, page, problems } = await newPage(e2e, viewport);
      const findings: unknown[] = [];
      try {
        await page.goto(link);
        await page.getByRole('heading', { name: 'Skip a delivery' }).waitFor();
        await page.getByText('Morning loaves').waitFor();
        await page.getByText('Preview Sourdough').waitFor();
        expect(await page.title()).toContain('Skip a delivery');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await axeSerious(page, `skip link (${label})`, findings);
        await screenshot(page, `skip-delivery-${label}`);

        await page.getByRole('button', { name: 'Skip this delivery' }).click();
        await page.getByRole('status').filter({ hasText: SkipLinkMessages.skipped }).waitFor();
        await axeSerious(page, `skipped (${label})`, findings);
        await screenshot(page, `skip-delivery-done-${label}`);

        // the link again: used
        await page.goto(link);
        await page.getByRole('alert').filter({ hasText: SkipLinkMessages.used }).waitFor();
        expect(await page.getByRole('button', { name: 'Skip this delivery' }).count()).toBe(0);
        await screenshot(page, `skip-delivery-used-${label}`);
        expect(findings).toEqual([]);
        expect(problems).toEqual([]);
      } catch (err) {
        await reportFailure(page, `skip-delivery-${label}-failure`, problems);
        throw err;
      } finally {
        await context.close();
      }
    });
  }
});
