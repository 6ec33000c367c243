/**
 * Issue 20's password reset in chromium: "Forgot password?" on the sign-in page, the link read
 * from the mail the stack wrote (no SMTP_URL: .eml files in the stack's own MAIL_DIR, parsed with
 * mailparser), a new password set on the page the link opens, then signing in with it; the old
 * password no longer works and the link cannot be used twice. On a phone (390 x 844), the same
 * from the admin login, whose reset leads back to the admin login.
 */
import { PasswordResetMessages } from '@bakery/contracts';
import { TEST_ADMIN_KEY } from '@bakery/testing';
import type { Page } from 'playwright-core';
import { PASSWORD, registerAdminApi, registerCustomerApi } from './support/admin';
import { mailedLink } from './support/mail';
import { DESKTOP, expectToast, MOBILE, newPage, reportFailure, screenshot, startE2E, type E2E } from './support/harness';

jest.setTimeout(180_000);

const SENT = 'If an account exists for that email, we have sent a link to reset its password. It expires in 1 hour.';
const NEW_PASSWORD = 'fresh-crust-42';

/** Nothing on the page is wider than the screen. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe('password reset in chromium', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** The path and query of the password link mailed to `email`. */
  const mailedResetLink = (email: string) => mailedLink(e2e, 'password_reset', email, '/reset-password');

  it('desktop: forgot password from the sign-in page, the mailed link, a new password, then sign in with it', async () => {
    const email = await registerCustomerApi(e2e);
    const { context, page, problems } = await newPage(e2e, DESKTOP);
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
      await screenshot(page, 'password-reset-sign-in-desktop');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      // the email field has the focus: typing goes there
      await page.keyboard.type(email);
      await screenshot(page, 'password-reset-forgot-desktop');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('status').filter({ hasText: SENT }).waitFor();
      await screenshot(page, 'password-reset-sent-desktop');

      const link = await mailedResetLink(email);
      expect(link).toMatch(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      // the registration's rules and a matching confirmation, before anything is sent
      await page.getByLabel('New password', { exact: true }).fill('12345');
      await page.getByLabel('Confirm new password', { exact: true }).fill('123456');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Password must be at least 6 characters').waitFor();
      await page.getByText('The passwords do not match').waitFor();
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('status').filter({ hasText: 'Your password has been reset' }).waitFor();
      await screenshot(page, 'password-reset-done-desktop');

      // the old password no longer signs in
      await page.getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectToast(page, 'Invalid email or password');
      expect(page.url()).toBe(`${e2e.url}/`);

      // the new one does
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectToast(page, 'Logged in successfully!');
      await page.waitForURL('**/products');

      // the link was used: the page says so, and offers a new one (a signed-in visitor may open it)
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('another-one-7');
      await page.getByLabel('Confirm new password', { exact: true }).fill('another-one-7');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').filter({ hasText: PasswordResetMessages.invalidToken }).waitFor();
      await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
      await screenshot(page, 'password-reset-used-desktop');
      expect(problems).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'password-reset-desktop-failure', problems);
      throw err;
    } finally {
      await context.close();
    }
  });

  it('phone: forgot password from the admin login, and back to the admin login to sign in', async () => {
    const email = await registerAdminApi(e2e, TEST_ADMIN_KEY);
    const { context, page, problems } = await newPage(e2e, MOBILE);
    try {
      await page.goto('/admin/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password?from=admin');
      // the URL changes before the lazy page replaces the admin login (whose Email field would take the typing)
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('status').filter({ hasText: SENT }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'password-reset-sent-mobile');
      expect(await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/admin/login');

      await page.goto(await mailedResetLink(email));
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'password-reset-form-mobile');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('status').filter({ hasText: 'Your password has been reset' }).waitFor();
      await page.getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL('**/admin/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Access Admin Portal' }).click();
      await page.waitForURL('**/admin/products');
      expect(problems).toEqual([]);
    } catch (err) {
      await reportFailure(page, 'password-reset-mobile-failure', problems);
      throw err;
    } finally {
      await context.close();
    }
  });
});
