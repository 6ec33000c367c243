/**
 * The first screen of a signed-in page with first reads (the cart, the catalogue), rendered by the
 * gateway: Vite builds this file for Node (`npm run build`: web/dist/.server/first-screen.cjs) and
 * the gateway calls it for a page load with a session (gateway/src/http/first-screen.ts).
 *
 * Why: on a phone's line the page's content waited for the app's code (300 KB of script), then
 * React's render of it. Now the page's HTML comes with index.html and is painted once the
 * stylesheets are in; the app's code starts after that paint (public/first-screen-boot.js) and its
 * first render, with the server's reads (first-screen-client.ts), replaces the markup with the same
 * page. Nothing is hydrated: React renders the page itself, as it always did.
 *
 * Every read is the browser's own API call with the request's cookies (the gateway answers it in
 * process, as it would the browser), so the server sees exactly what the signed-in browser would.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from '@/app';
import { pageVerdict } from '@/app/guards';
import { createAppQueryClient } from '@/app/provider';
import { routeHandleOf, routes } from '@/app/router';
import { readShell } from '@/app/shell-reads';
import { documentTitle } from '@/components/layouts/page-meta';
import { setRequestFetch } from '@/lib/api-fetch';
import { getJson } from '@/lib/api-client';
import { USER_KEY } from '@/lib/query-keys';
import { ServerMobile } from '@/lib/use-is-mobile';
import type { User } from '@/lib/user';
import { FIRST_SCREEN_BOOT, FIRST_SCREEN_STATE_ID, scriptSafeJson } from './first-screen-markup';
import { AROUND_EVERY_PAGE, FIRST_SCREEN_PAGES } from './first-screen-pages';

/** One page load to render. */
export interface FirstScreenRequest {
  /** the path asked for (no query string: the pages above take none) */
  path: string;
  /** answers the app's API calls as the gateway would the browser's (same cookies) */
  fetch: typeof fetch;
  /** whether the browser said it is a phone (its client hints or user agent): the phone's layout */
  mobile: boolean;
  /** whether the page load carries a signed session (a visitor's pages read nothing) */
  signedIn: boolean;
}

export interface FirstScreenRenderer {
  /** The paths it may render for a page load with a session. */
  readonly paths: readonly string[];
  /** The paths it may render for a visitor: the landing page, the same for every visitor. */
  readonly visitorPaths: readonly string[];
  /** index.html with the page in it; null when the page is not for the server (no session, not this user's page). */
  render(request: FirstScreenRequest): Promise<string | null>;
}

// the fetch of the request being rendered: each render's own, never another's
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setRequestFetch(() => {
  const own = requestFetch.getStore();
  if (!own) throw new Error('an API call outside a first screen render');
  return own;
});

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;
/** The app's entry in Vite's manifest. */
const ENTRY = 'index.html';

/** The chunks `sources` load (themselves and what they import, but not `skip`), and their stylesheets, in order. */
function chunksOf(manifest: Manifest, sources: string[], skip: string[] = []): { files: string[]; css: string[] } {
  const seen = new Set<string>(skip);
  const files: string[] = [];
  const css: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
    files.push(chunk.file);
    css.push(...(chunk.css ?? []));
  };
  sources.forEach(visit);
  return { files, css };
}

/** The parts of the built index.html a first screen changes. */
interface Template {
  html: string;
  entry: string;
  /** the entry's own chunks and their stylesheet links, which the page keeps */
  entryFiles: Set<string>;
}

const MODULE_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/[^"]+">\s*/g;

function templateOf(distDir: string, manifest: Manifest): Template {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry || !html.includes('<div id="root"></div>')) throw new Error('index.html is not the one this renderer was built with');
  return { html, entry, entryFiles: new Set(chunksOf(manifest, [ENTRY]).files) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Loads the build in `distDir` (its index.html and Vite's manifest) once; renders page loads with it. */
export function createFirstScreenRenderer(distDir: string): FirstScreenRenderer {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const template = templateOf(distDir, manifest);
  // each page's stylesheets, read once: inline, they cost the first paint no request of its own
  const pages = new Map(
    Object.entries(FIRST_SCREEN_PAGES).map(([route, source]) => {
      // the entry's own (index.html: antd's and the app's stylesheet) is linked already
      const { files, css } = chunksOf(manifest, [...AROUND_EVERY_PAGE, source], [ENTRY]);
      const styles = [...new Set(css)].map((file) => readFileSync(path.join(distDir, file), 'utf8')).join('\n');
      return [route, { styles, preload: files.filter((f) => !template.entryFiles.has(f)) }] as const;
    }),
  );

  /** index.html with `screen` in it, its stylesheets inline and the boot script fetching `preload` beside the entry. */
  const compose = (screen: RenderedPage, styles: string, preload: string[]) => {
    const head = `${styles ? `<style data-first-screen>${styles}</style>` : ''}${screen.antdStyles}`;
    const chunks = [...template.entryFiles, ...preload].filter((f) => f !== template.entry).map((f) => `/${f}`);
    const boot = `<script src="${FIRST_SCREEN_BOOT}" data-entry="/${template.entry}" data-preload="${chunks.join(' ')}"></script>`;
    // replaced by functions: a replacement string would read `$&` or `$'` in a product's name as patterns
    return template.html
      .replace(MODULE_SCRIPT, '')
      .replace(MODULE_PRELOAD, '')
      .replace(/<title>[^<]*<\/title>/, (title) => (screen.title ? `<title>${escapeHtml(screen.title)}</title>` : title))
      .replace('</head>', () => `${head}</head>`)
      .replace(
        '<div id="root"></div>',
        // dead until the app takes over (React's first commit clears the root): a tap or a focus
        // on a control that does nothing yet would be lost; the wrapper adds no box of its own
        () =>
          `<div id="root"><div inert style="display:contents;pointer-events:none">${screen.html}</div></div><script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${screen.state}</script>${boot}`,
      );
  };

  // the landing page is every visitor's: rendered once per layout
  const landings = new Map<boolean, Promise<string>>();
  const landing = (mobile: boolean) => {
    let page = landings.get(mobile);
    if (!page) {
      page = renderLanding(mobile).then((screen) => compose(screen, '', []));
      // a failure is not kept: the next visitor's page load tries again
      page.catch(() => landings.delete(mobile));
      landings.set(mobile, page);
    }
    return page;
  };

  return {
    paths: [...pages.keys()],
    visitorPaths: [LANDING],
    render: (request) => {
      if (!request.signedIn) return request.path === LANDING ? landing(request.mobile) : Promise.resolve(null);
      const page = pages.get(request.path);
      if (!page) return Promise.resolve(null);
      return requestFetch.run(request.fetch, async () => {
        const screen = await renderPage(request);
        return screen && compose(screen, page.styles, page.preload);
      });
    },
  };
}

/**
 * antd's styles (its theme's CSS variables, the icons'), shared by every render: the theme is the
 * app's one, so its tokens are worked out once, not on each page load (they were half a render's time).
 */
const antdStyles = createCache();

// the route table's matcher, made once (its paths compiled once)
const handler = createStaticHandler(routes);

/** Where visitors land: the sign-in page (the dashboard for a signed-in user, not rendered here). */
const LANDING = '/';

interface RenderedPage {
  html: string;
  state: string;
  antdStyles: string;
  /** the tab's title; empty: index.html's own */
  title: string;
}

/** The page as the browser's first render would show it, with its reads; null when the guard would show something else. */
async function renderPage({ path: pagePath, mobile }: FirstScreenRequest): Promise<RenderedPage | null> {
  const handle = routeHandleOf(pagePath);
  if (!handle?.reads) return null;
  const client = createAppQueryClient();
  const user = await getJson<User>('/api/auth/user', { on401: 'returnNull' });
  if (!user || pageVerdict(handle.access, user, false) !== 'page') return null;
  client.setQueryData(USER_KEY, user);
  await Promise.all([handle.reads(client), readShell(client, user)]);
  // a read that failed would paint the page's error state: the browser reads for itself instead
  if (client.getQueryCache().getAll().some((query) => query.state.status === 'error')) return null;

  const screen = await renderTree(pagePath, client, mobile);
  return screen && { ...screen, title: documentTitle(handle.title) };
}

/** A visitor's landing page: the sign-in page's brand, its forms' place held (they load after its first paint). */
async function renderLanding(mobile: boolean): Promise<RenderedPage> {
  const client = createAppQueryClient();
  client.setQueryData(USER_KEY, null);
  const screen = await renderTree(LANDING, client, mobile);
  if (!screen) throw new Error('the landing page did not render');
  return { ...screen, title: '' };
}

/** The app at `pagePath` with `client`'s reads, as the browser's first render shows it. */
async function renderTree(pagePath: string, client: QueryClient, mobile: boolean): Promise<Omit<RenderedPage, 'title'> | null> {
  const context = await handler.query(new Request(`http://first-screen${pagePath}`));
  // a redirect or an answer of its own: not a page to render
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // one document, no boundary sent apart to be revealed by an inline script (the CSP allows none)
  // prerender waits for every lazy part (the shell's and the page's code) before it answers
  const { prelude } = await prerender(
    <StyleProvider cache={antdStyles}>
      <ServerMobile.Provider value={mobile}>
        <App client={client} router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
      </ServerMobile.Provider>
    </StyleProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return {
    html: await new Response(prelude).text(),
    state: scriptSafeJson(dehydrate(client)),
    antdStyles: extractStyle(antdStyles),
  };
}
