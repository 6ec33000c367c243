/** Helpers of the administrator journeys: accounts, signing a browser context in, pushes, the shell's badges. */
import type { BrowserContext, Page } from 'playwright-core';
import { uniqueEmail, type E2E } from './harness';

export const PASSWORD = 'secret123';

/** The pages of the customer directory (GET /api/customers?limit=...&q=...&cursor=...), for page.route; not /api/customers/:id. */
export const CUSTOMER_LIST_URL = /\/api\/customers(\?[^/]*)?$/;

/** A customer account made through the API; answers its email. */
export async function registerCustomerApi(e2e: E2E, fields: Record<string, unknown> = {}): Promise<string> {
  const email = uniqueEmail('customer');
  const res = await fetch(`${e2e.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, businessName: 'Corner Coffee', businessType: 'coffee_shop', ...fields }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return email;
}

/** Signs a browser context in through the API (the cookie lands in the context), for pages that are not under test. */
export async function signInContext(context: BrowserContext, email: string, path: '/api/auth/login' | '/api/auth/admin-login' = '/api/auth/login'): Promise<void> {
  const res = await context.request.post(path, { data: { email, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

/** Registers an administrator with the test key through the API; answers the email. */
export async function registerAdminApi(e2e: E2E, registrationKey: string): Promise<string> {
  const email = uniqueEmail('admin');
  const res = await fetch(`${e2e.url}/api/auth/admin-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Grace', lastName: 'Miller', registrationKey }),
  });
  if (res.status !== 201) throw new Error(`admin register failed: ${res.status} ${await res.text()}`);
  return email;
}

/**
 * Resolves once the page's socket.io connection is up (the app marks `<html data-realtime>`): the
 * gateway joins a socket to its rooms before it answers the handshake, so pushes reach it from then on.
 */
export async function waitForSocket(page: Page): Promise<void> {
  await page.locator('html[data-realtime="connected"]').waitFor({ state: 'attached' });
}

/** The Manage Orders entry's unread badge in the desktop sidebar: a number, or 0 when there is none. */
export async function sidebarOrdersBadge(page: Page): Promise<number> {
  const badge = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Manage Orders/ }).locator('.nav-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

/** Accepts (or dismisses) the next browser confirmation, answering its text. */
export function answerNextConfirm(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      const text = dialog.message();
      void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(text));
    });
  });
}
