import type { Logger } from '@bakery/platform';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FIRST_SCREEN_BUDGET_MS, FIRST_SCREEN_MAX_IN_FLIGHT, FirstScreens, isPhone } from './first-screen';

/**
 * A web build whose renderer (web/dist/.server/first-screen.cjs) is `source`: a CommonJS module
 * that sees its call in `globalThis.firstScreenCalls` and answers what the test put there.
 */
function distWith(source: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'first-screen-'));
  mkdirSync(path.join(dist, '.server'));
  writeFileSync(path.join(dist, '.server', 'first-screen.cjs'), source);
  return dist;
}

const RENDERER = `
exports.createFirstScreenRenderer = () => ({
  paths: ['/cart'],
  visitorPaths: ['/'],
  render: (request) => globalThis.firstScreen(request),
});`;

type Render = (request: { path: string; fetch: typeof fetch; mobile: boolean; signedIn: boolean }) => Promise<string | null>;
const setRender = (render: Render) => ((globalThis as unknown as { firstScreen: Render }).firstScreen = render);

const request = (over: Partial<FastifyRequest> & { headers?: Record<string, string> } = {}) =>
  ({ method: 'GET', url: '/cart', ip: '203.0.113.9', headers: {}, ...over }) as unknown as FastifyRequest;

describe('isPhone', () => {
  it("takes Chromium's mobile hint or a phone's user agent", () => {
    expect(isPhone(request({ headers: { 'sec-ch-ua-mobile': '?1' } }))).toBe(true);
    expect(isPhone(request({ headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1' } }))).toBe(true);
    expect(isPhone(request({ headers: { 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36' } }))).toBe(true);
    expect(isPhone(request({ headers: { 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' } }))).toBe(false);
    // a tablet's Android browser does not say Mobile: the desktop layout, as its width is
    expect(isPhone(request({ headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/130.0 Safari/537.36' } }))).toBe(false);
  });
});

describe('FirstScreens', () => {
  let http: FastifyInstance;
  let dist: string;
  const warnings: unknown[] = [];
  const logger = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;

  beforeAll(async () => {
    http = Fastify();
    // what an API call of the page gets to see, answered with a cookie of its own
    http.get('/api/echo', async (req, reply) => {
      reply.header('set-cookie', 'other=1; Path=/');
      return { cookie: req.headers.cookie, ip: req.ip, proto: req.headers['x-forwarded-proto'] ?? null };
    });
    await http.ready();
    dist = distWith(RENDERER);
  });
  afterAll(async () => {
    await http.close();
    rmSync(dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    warnings.length = 0;
  });

  it("answers the page's API calls in process, with the page load's cookies and address, and nothing but the API", async () => {
    let seen: { body: unknown; setCookie: string | null; refused: string } | undefined;
    setRender(async ({ fetch, mobile }) => {
      const res = await fetch('/api/echo');
      const refused = await fetch('https://elsewhere.example/api/echo').then(
        () => 'answered',
        (err: Error) => err.message,
      );
      seen = { body: await res.json(), setCookie: res.headers.get('set-cookie'), refused };
      return `page for a ${mobile ? 'phone' : 'desktop'}`;
    });
    const screens = new FirstScreens(dist, http, logger);
    const page = await screens.render(request({ headers: { cookie: 'bakery_session=abc', 'x-forwarded-proto': 'https', 'user-agent': 'iPhone' } }), true);
    expect(page).toBe('page for a phone');
    expect(seen).toEqual({
      body: { cookie: 'bakery_session=abc', ip: '203.0.113.9', proto: 'https' },
      setCookie: null,
      refused: 'a first screen asked for https://elsewhere.example/api/echo: only the API is answered',
    });
  });

  it('renders only the paths the renderer has for a session or a visitor, and only for GET', async () => {
    const asked: string[] = [];
    setRender(async ({ path: pagePath }) => {
      asked.push(pagePath);
      return 'page';
    });
    const screens = new FirstScreens(dist, http, logger);
    expect(await screens.render(request({ url: '/orders' }), true)).toBeNull();
    expect(await screens.render(request({ method: 'HEAD' }), true)).toBeNull();
    expect(await screens.render(request({ url: '/cart/?from=menu' }), true)).toBe('page');
    // a visitor: the landing page only
    expect(await screens.render(request(), false)).toBeNull();
    expect(await screens.render(request({ url: '/' }), false)).toBe('page');
    // and a signed-in user's / is the dashboard, not rendered
    expect(await screens.render(request({ url: '/' }), true)).toBeNull();
    expect(asked).toEqual(['/cart', '/']);
  });

  it('answers null, and logs, when the render fails', async () => {
    setRender(async () => {
      throw new Error('a bug');
    });
    expect(await new FirstScreens(dist, http, logger).render(request(), true)).toBeNull();
    expect(warnings).toEqual([{ path: '/cart', reason: 'a bug' }]);
  });

  it(`renders ${FIRST_SCREEN_MAX_IN_FLIGHT} pages at once at most: a page load past them gets the plain page at once`, async () => {
    const pending: ((page: string) => void)[] = [];
    setRender(() => new Promise<string>((resolve) => pending.push(resolve)));
    const screens = new FirstScreens(dist, http, logger);
    const first = Array.from({ length: FIRST_SCREEN_MAX_IN_FLIGHT }, () => screens.render(request(), true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending).toHaveLength(FIRST_SCREEN_MAX_IN_FLIGHT);
    expect(await screens.render(request(), true)).toBeNull();
    pending.forEach((resolve, i) => resolve(`page ${i}`));
    expect(await Promise.all(first)).toEqual(pending.map((_, i) => `page ${i}`));
    // done, they make room again
    const next = screens.render(request(), true);
    await new Promise((resolve) => setImmediate(resolve));
    pending[FIRST_SCREEN_MAX_IN_FLIGHT]('page again');
    expect(await next).toBe('page again');
  });

  it('answers null once the budget has passed without a page', async () => {
    jest.useFakeTimers();
    try {
      setRender(() => new Promise(() => undefined));
      const screens = new FirstScreens(dist, http, logger, FIRST_SCREEN_BUDGET_MS, 1);
      const page = screens.render(request(), true);
      // the renderer is loaded on a first use: let that happen before the clock moves
      await jest.advanceTimersByTimeAsync(FIRST_SCREEN_BUDGET_MS - 1);
      let settled = false;
      void page.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(page).resolves.toBeNull();
      // the render goes on behind the plain page, and still counts
      expect(await screens.render(request(), true)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers null without a renderer built, or with one that does not load', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'first-screen-none-'));
    const broken = distWith('throw new Error("built for another Node");');
    try {
      expect(await new FirstScreens(empty, http, logger).render(request(), true)).toBeNull();
      expect(await new FirstScreens(broken, http, logger).render(request(), true)).toBeNull();
      expect(warnings).toEqual([expect.objectContaining({ err: expect.objectContaining({ message: 'built for another Node' }) })]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
