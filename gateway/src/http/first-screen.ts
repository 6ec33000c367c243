import type { Logger } from '@bakery/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { headerOf, pathOf } from './request-facts';

/**
 * Pages rendered by the gateway (the web app's src/ssr/first-screen.tsx, built to
 * web/dist/.server/first-screen.cjs): a page load of the cart or the catalogue with a session, and
 * a visitor's landing page, get index.html with the page already in it, so a phone paints the page
 * before the app's code has downloaded. Whatever goes wrong (no renderer built, the API slow, a
 * bug) the page load gets the plain index.html and the app reads the page itself, as without this.
 */

/** What the web app's renderer module offers (web/src/ssr/first-screen.tsx). */
interface FirstScreenRenderer {
  /** rendered for a session */
  readonly paths: readonly string[];
  /** rendered for a visitor (the landing page) */
  readonly visitorPaths: readonly string[];
  render(request: { path: string; fetch: typeof fetch; mobile: boolean; signedIn: boolean }): Promise<string | null>;
}
interface RendererModule {
  createFirstScreenRenderer(distDir: string): FirstScreenRenderer;
}

/** Longer than this and the page load gets the plain index.html (the app then reads for itself). */
export const FIRST_SCREEN_BUDGET_MS = 2_000;

/**
 * Renders at once, at most: a page load past them gets the plain index.html at once. A render is
 * some 15 ms of this process's CPU and the page's API calls (seven for the cart), so a flood of page loads must not become a
 * flood of renders that holds up every API call behind it (bench/run.js, page-load).
 */
export const FIRST_SCREEN_MAX_IN_FLIGHT = 4;

/**
 * A phone, by its client hint (Chromium's) or its user agent (a phone's says Mobile, or iPhone):
 * the phone's layout is rendered. A browser that is wrong about it gets the other layout until the
 * app takes over and renders by its real width.
 */
export function isPhone(req: FastifyRequest): boolean {
  return headerOf(req.headers, 'sec-ch-ua-mobile') === '?1' || /Mobi|iPhone|iPod/.test(headerOf(req.headers, 'user-agent') ?? '');
}

/** The API's answer to one of the app's calls, as the browser would get it (status, headers, body). */
function responseOf(status: number, headers: Record<string, unknown>, body: Buffer): Response {
  const plain = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    // the browser's cookies are its own business: the page's calls only read
    if (value === undefined || name === 'set-cookie') continue;
    for (const one of Array.isArray(value) ? value : [value]) plain.append(name, String(one));
  }
  const empty = status === 204 || status === 304;
  return new Response(empty ? null : new Uint8Array(body), { status, headers: plain });
}

export class FirstScreens {
  private renderer: Promise<FirstScreenRenderer | null> | undefined;
  private inFlight = 0;

  constructor(
    private readonly distDir: string,
    private readonly http: FastifyInstance,
    private readonly logger: Logger,
    private readonly budgetMs = FIRST_SCREEN_BUDGET_MS,
    private readonly maxInFlight = FIRST_SCREEN_MAX_IN_FLIGHT,
  ) {}

  /**
   * The page with `req`'s path rendered for `req`'s session (`signedIn`: the request carries a
   * signed session cookie; else a visitor's), or null for the plain index.html.
   */
  async render(req: FastifyRequest, signedIn: boolean): Promise<string | null> {
    if (req.method !== 'GET') return null;
    const renderer = await this.load();
    if (!renderer) return null;
    const pagePath = pathOf(req).replace(/\/+$/, '') || '/';
    const paths = signedIn ? renderer.paths : renderer.visitorPaths;
    if (!paths.includes(pagePath) || this.inFlight >= this.maxInFlight) return null;
    // counted until the render ends, even one that outlives its budget
    this.inFlight++;
    const page = renderer
      .render({ path: pagePath, fetch: this.apiFor(req), mobile: isPhone(req), signedIn })
      .catch((err: unknown) => {
        // one line, no stack: an API that cannot answer (a 503 under load) says so in its own log
        this.logger.warn({ path: pagePath, reason: err instanceof Error ? err.message : String(err) }, 'first screen not rendered: the plain page goes out');
        return null;
      })
      .finally(() => this.inFlight--);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.budgetMs)));
    try {
      return await Promise.race([page, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The app's API calls for this page load, answered by this gateway in process, with the
   * browser's cookies and address: exactly what the browser's own calls would get (its session,
   * its rate limits), and nothing but the API.
   */
  private apiFor(req: FastifyRequest): typeof fetch {
    return async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith('/api/')) throw new Error(`a first screen asked for ${url}: only the API is answered`);
      const headers: Record<string, string> = { ...(init?.headers as Record<string, string> | undefined) };
      // behind a proxy (TRUST_PROXY) the session cookie's name and the client's address come from
      // the forwarded headers: the calls must carry them as the page load did
      for (const name of ['cookie', 'host', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']) {
        const value = headerOf(req.headers, name);
        if (value) headers[name] = value;
      }
      const answer = await this.http.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url,
        headers,
        remoteAddress: req.ip,
        payload: typeof init?.body === 'string' ? init.body : undefined,
      });
      return responseOf(answer.statusCode, answer.headers, answer.rawPayload);
    };
  }

  /** The renderer, loaded on the first page load that may use it (7 MB of code no API call needs). */
  private load(): Promise<FirstScreenRenderer | null> {
    this.renderer ??= (async () => {
      const file = path.join(path.resolve(this.distDir), '.server', 'first-screen.cjs');
      if (!existsSync(file)) return null;
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return (require(file) as RendererModule).createFirstScreenRenderer(path.resolve(this.distDir));
      } catch (err) {
        this.logger.warn({ err, file }, 'the first screens renderer did not load: pages go out plain');
        return null;
      }
    })();
    return this.renderer;
  }
}
