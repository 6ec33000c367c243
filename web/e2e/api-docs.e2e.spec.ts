/**
 * Issue 21 in chromium: the API reference at /api/docs (Swagger UI, every file from the gateway)
 * renders every operation of /api/openapi.json under the app's own Content-Security-Policy, with
 * no console error and no CSP violation (the page records `securitypolicyviolation` events from
 * before its first script runs); an operation opens with its access level and schemas, and "Try
 * it out" calls the API from the page. Screenshots: test-artifacts/screenshots/api-docs*.png.
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage, reportFailure, SCREENSHOT_DIR, screenshot, startE2E, type E2E } from './support/harness';

jest.setTimeout(300_000);

/** Counts every CSP violation of the page, from before its first script. */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });
`;

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []);
}

describe('the API reference in chromium', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('renders every operation under the app’s CSP, without a console error or a violation', async () => {
    const { context, page, problems } = await newPage(e2e, DESKTOP);
    const consoleErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    page.on('requestfailed', (req) => consoleErrors.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
    await page.addInitScript(RECORD_VIOLATIONS);
    try {
      const document = await (await context.request.get('/api/openapi.json')).json();
      const operations = Object.values(document.paths as Record<string, Record<string, unknown>>).reduce((n, item) => n + Object.keys(item).length, 0);

      const res = await page.goto('/api/docs');
      expect(res?.status()).toBe(200);
      // the page is served under the app's strict policy: scripts from the gateway only
      const csp = res?.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(csp).toMatch(/default-src 'self'/);

      await page.getByRole('heading', { name: /Bakery Wholesale API/ }).waitFor();
      // every operation of the document, each in its place
      await page.waitForFunction((n) => document.querySelectorAll('.opblock').length === n, operations);
      await expect(page.locator('.opblock-tag').count()).resolves.toBeGreaterThan(10);
      await screenshot(page, 'api-docs');

      // an operation opens with its access level, parameters and answers
      const placeOrder = page.locator('#operations-Orders-Orders_place');
      await placeOrder.locator('.opblock-summary').click();
      // Swagger UI shows an extension's value as JSON
      await placeOrder.getByRole('row').filter({ hasText: 'x-access' }).getByRole('cell', { name: '"customer"' }).waitFor();
      await placeOrder.getByText('Idempotency-Key', { exact: false }).first().waitFor();
      await placeOrder.locator('.responses-table').getByText('409', { exact: true }).first().waitFor();
      await placeOrder.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-docs-place-order.png') });

      // "Try it out" calls the API from the page (connect-src 'self')
      const health = page.locator('#operations-Health-Health_all');
      await health.locator('.opblock-summary').click();
      await health.getByRole('button', { name: 'Try it out' }).click();
      await health.getByRole('button', { name: 'Execute' }).click();
      await health.locator('.live-responses-table .response-col_status').getByText('200').waitFor();
      await expect(health.locator('.live-responses-table').textContent()).resolves.toContain('"status": "ok"');

      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'api-docs-failure', [...problems, ...consoleErrors, ...(await violations(page).catch(() => []))]);
      throw err;
    } finally {
      await context.close();
    }
  });

  it('keeps the app’s policy on the rest of the app, and refuses a script from anywhere else', async () => {
    const { context, page, problems } = await newPage(e2e, DESKTOP);
    await page.addInitScript(RECORD_VIOLATIONS);
    try {
      const res = await page.goto('/api/docs');
      expect(res?.headers()['content-security-policy']).toEqual((await context.request.get('/')).headers()['content-security-policy']);
      // an inline script on the reference page is refused, as everywhere in the app
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.appendChild(script);
      });
      expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
      await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
      expect(await violations(page)).toEqual([expect.stringMatching(/^script-src/)]);
      expect(problems).toEqual([expect.stringMatching(/Content Security Policy|Refused/)]);
    } finally {
      await context.close();
    }
  });
});
