/**
 * End-to-end harness: a real stack (five services and a gateway serving web/dist) started inside
 * the jest worker, and Debian's chromium driven by playwright-core.
 */
import { signedInAdmin, TestStack, type ApiClient } from '@bakery/testing';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { bakePng } from './png';

/** web/dist, or E2E_WEB_DIST: another build to drive (e.g. the last commit's, to see a new spec fail there). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.resolve(__dirname, '../../dist');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../test-artifacts/screenshots');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Fails the test file at once, and clearly, when what it needs is not there. */
export function checkPrerequisites(): void {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `The e2e tests drive the built web app, but ${path.join(WEB_DIST, 'index.html')} is missing. ` +
        'Run `npm run build` first (`npm test` does).',
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
}

export interface E2E {
  stack: TestStack;
  browser: Browser;
  admin: ApiClient;
  url: string;
  close(): Promise<void>;
}

/**
 * Playwright's API requests (`context.request`) keep connections alive with Node's agent, which
 * ignores the gateway's `Keep-Alive: timeout=5`: a request sent just as the gateway closes an idle
 * connection is reset (read ECONNRESET, seen once in a CI-sized run). A browser retries an idempotent
 * request on a reused connection that was reset; every context of this browser does the same for
 * GET and HEAD, once.
 */
export function retryStaleConnections(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    const fetch = context.request.fetch.bind(context.request);
    context.request.fetch = async (urlOrRequest, options) => {
      try {
        return await fetch(urlOrRequest, options);
      } catch (err) {
        const method = (options?.method ?? (typeof urlOrRequest === 'string' ? 'GET' : urlOrRequest.method())).toUpperCase();
        if (!['GET', 'HEAD'].includes(method) || !/ECONNRESET|socket hang up/.test(String(err))) throw err;
        return fetch(urlOrRequest, options);
      }
    };
    return context;
  };
}

/** Starts the stack and the browser; the web app is served from web/dist. `env`: more for every process of the stack. */
export async function startE2E({ env = {} }: { env?: Record<string, string> } = {}): Promise<E2E> {
  checkPrerequisites();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const storageDir = await mkdtemp(path.join(tmpdir(), 'bakery-e2e-objects-'));
  const [stack, browser] = await Promise.all([
    TestStack.start({ env: { ...env, WEB_DIST_DIR: WEB_DIST, OBJECT_STORAGE_DIR: storageDir } }),
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }),
  ]);
  retryStaleConnections(browser);
  // a failure here leaves no stack running behind a test file that can no longer close it
  const admin = await signedInAdmin(stack.url).catch(async (err: unknown) => {
    await browser.close().catch(() => undefined);
    await stack.close();
    throw err;
  });
  return {
    stack,
    browser,
    admin,
    url: stack.url,
    close: async () => {
      await browser.close().catch(() => undefined);
      await stack.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

export interface SeedProduct {
  name: string;
  price: string;
  category: 'breads' | 'pastries' | 'bagels';
  stock: number;
  description: string;
  crust?: [number, number, number];
}

/** The catalogue the journeys shop in: several categories, stock levels for every badge, photos. */
export const CATALOGUE: SeedProduct[] = [
  { name: 'Sourdough Loaf', price: '6.50', category: 'breads', stock: 40, description: 'Naturally leavened, crackling crust', crust: [196, 132, 66] },
  { name: 'Classic Baguette', price: '3.25', category: 'breads', stock: 60, description: 'Crisp French baguette, baked at dawn', crust: [214, 160, 84] },
  { name: 'Butter Croissant', price: '2.75', category: 'pastries', stock: 15, description: 'Flaky, laminated with French butter', crust: [226, 168, 72] },
  { name: 'Blueberry Muffin', price: '2.95', category: 'pastries', stock: 30, description: 'Wild blueberries, crumb top', crust: [150, 96, 120] },
  { name: 'Cinnamon Danish', price: '3.50', category: 'pastries', stock: 0, description: 'Cinnamon swirl with vanilla glaze' },
  { name: 'Everything Bagel', price: '1.95', category: 'bagels', stock: 120, description: 'Sesame, poppy, garlic, onion and salt', crust: [184, 134, 80] },
];

/** Uploads a photo through the three-step flow as the admin and answers its object path. */
export async function uploadPhoto(admin: ApiClient, png: Buffer): Promise<string> {
  const { body } = await admin.post<{ uploadURL: string }>('/api/objects/upload');
  const put = await fetch(new URL(body.uploadURL, admin.baseUrl), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png) });
  if (!put.ok) throw new Error(`photo upload failed: ${put.status} ${await put.text()}`);
  const registered = await admin.put<{ objectPath: string }>('/api/products/images', { imageURL: body.uploadURL });
  if (registered.status !== 200) throw new Error(`photo registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return registered.body.objectPath;
}

/** Creates the catalogue through the admin API (POST /api/products); answers the products by name. */
export async function seedCatalogue(admin: ApiClient, products = CATALOGUE): Promise<Record<string, { id: string }>> {
  const byName: Record<string, { id: string }> = {};
  for (const p of products) {
    const imageUrl = p.crust ? await uploadPhoto(admin, bakePng(p.crust, [244, 236, 222])) : undefined;
    const res = await admin.post<{ id: string }>('/api/products', {
      name: p.name,
      price: p.price,
      category: p.category,
      stock: p.stock,
      description: p.description,
      ...(imageUrl ? { imageUrl } : {}),
    });
    if (res.status !== 201) throw new Error(`creating ${p.name} failed: ${res.status} ${JSON.stringify(res.body)}`);
    byName[p.name] = res.body;
  }
  return byName;
}

/** What a phone's Chrome of this chromium's version says it is. */
export function phoneUserAgent(browser: Browser): string {
  return `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Mobile Safari/537.36`;
}

/** A fresh browser context (its own cookies and storage) and page, watching for page errors and CSP violations. */
export async function newPage(e2e: E2E, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const mobile = viewport.width < 768;
  const context = await e2e.browser.newContext({
    baseURL: e2e.url,
    viewport,
    // a phone says so, as the gateway's first screens read it (gateway/src/http/first-screen.ts)
    ...(mobile ? { userAgent: phoneUserAgent(e2e.browser) } : {}),
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: 1,
    locale: 'en-US',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
  });
  return { context, page, problems };
}

/**
 * Saves test-artifacts/screenshots/<name>.png: the whole page on desktop; on mobile what the
 * phone's screen shows (fixed header and tab bar where a person sees them), scrolled to `scrollTo`.
 */
export async function screenshot(page: Page, name: string, options: { scrollTo?: Locator } = {}): Promise<void> {
  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  try {
    if (options.scrollTo) await options.scrollTo.scrollIntoViewIfNeeded();
    else await page.evaluate(() => window.scrollTo(0, 0));
    // let antd's motion settle (toasts, dialogs, drop-downs): every animation that ends has ended
    await page
      .waitForFunction(
        () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
        undefined,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: !mobile });
  } catch (err) {
    // A screenshot is an artifact, not a check: a page that navigates away while it is being
    // captured (a timed redirect on a busy machine) must not fail the journey.
    console.warn(`[e2e] screenshot ${name}.png not taken: ${(err as Error).message.split('\n')[0]}`);
  }
}

/** On a failure: a screenshot, and what the page said (toast, URL, errors) on the console. */
export async function reportFailure(page: Page, name: string, problems: string[]): Promise<void> {
  try {
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    const toast = await page.getByTestId('toast').allTextContents();
    console.error(`[e2e] failed at ${page.url()}; toast: ${JSON.stringify(toast)}; problems: ${JSON.stringify(problems)}; screenshot ${name}.png`);
  } catch {
    // the page may be gone
  }
}

/** Waits for the toast with this text (one toast at a time: it replaces any other). */
export async function expectToast(page: Page, ...texts: string[]): Promise<Locator> {
  let toast = page.getByTestId('toast');
  for (const text of texts) toast = toast.filter({ hasText: text });
  await toast.waitFor({ state: 'visible' });
  return toast;
}

/** Closes the toast, so it does not cover the next screenshot. */
export async function closeToast(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close notification' });
  if (await close.isVisible().catch(() => false)) await close.click();
}

/**
 * Waits until a dialog is open AND its opening zoom has ended: under load, a click made during the
 * motion can land beside the button it aimed at (on the mask, which closes nothing).
 */
export async function openedDialog(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  const handle = await dialog.elementHandle();
  await dialog.page().waitForFunction(
    (el) => !/-(appear|enter)(\s|$|-)/.test(((el as HTMLElement).closest('.ant-modal') ?? (el as HTMLElement)).className),
    handle,
  );
  return dialog;
}

/**
 * Picks an option of an antd Select whose combobox has this id. The drop-down opens with a
 * motion: a click while it still moves can miss the option (and, in a dialog, hit the mask,
 * which closes the dialog), so it waits for the motion to end, then checks the select shows the
 * option, trying again if it does not.
 */
export async function chooseOption(page: Page, selectId: string, option: string): Promise<void> {
  const select = page.locator('.ant-select', { has: page.locator(`#${selectId}`) });
  const exact = new RegExp(`^${escapeRegExp(option)}$`);
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown')).some(
        (d) => d.offsetParent !== null && !/-(enter|appear|leave)/.test(d.className) && getComputedStyle(d).opacity === '1',
      ),
    );
    const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: exact });
    await item.first().click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
    // A select bound to the server's answer (an order's status) shows the choice once it is saved.
    const handle = await select.elementHandle();
    await page
      .waitForFunction(({ el, text }) => (el as HTMLElement).innerText.trim() === text, { el: handle, text: option }, { timeout: 5000 })
      .catch(() => undefined);
    const shown = (await select.innerText()).trim();
    if (shown === option) return;
    if (attempt === 3) throw new Error(`chooseOption: #${selectId} shows "${shown}", not "${option}"`);
  }
}

/** Types a date into an antd DatePicker and confirms it. */
export async function chooseDate(page: Page, inputId: string, isoDate: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(isoDate);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' }).catch(() => undefined);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The local calendar date `days` from today as YYYY-MM-DD (the browser runs on this machine). */
export function isoDateFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "2026-11-22" → "Nov 22, 2026", as the screens show it. */
export function shownDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

let emailCounter = 0;
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}.${(emailCounter++).toString(36)}@example.test`;
}

/** Product names shown on the page, in order. */
export async function productNames(page: Page): Promise<string[]> {
  return page.locator('article .product-name').allTextContents();
}
