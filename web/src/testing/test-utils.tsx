import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { MOBILE_BREAKPOINT } from '@/lib/use-is-mobile';

/** What the app reads of a fetch Response (jsdom has no Response class). */
export function textResponse(text: string, status = 200, statusText = 'OK', headers: Record<string, string> = {}): Response {
  const all = new Map(Object.entries({ 'content-type': 'application/json', ...headers }).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: (name: string) => all.get(name.toLowerCase()) ?? null },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

/** A JSON answer as fetch would give it. */
export function jsonResponse(body: unknown, status = 200, statusText = 'OK', headers: Record<string, string> = {}): Response {
  return textResponse(body === undefined ? '' : JSON.stringify(body), status, statusText, headers);
}

/**
 * Routes fetch calls by "METHOD /path?query" to handlers, or by "METHOD /path" when no route names
 * the query; anything else is a 404. A handler gets the init and the URL called.
 */
export function mockFetch(routes: Record<string, (init?: RequestInit, url?: string) => Response | Promise<Response>>) {
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    return handler ? handler(init, url) : jsonResponse({ statusCode: 404, message: 'Not found' }, 404, 'Not Found');
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** Renders routes in a memory router with a fresh query client and the toaster. */
export function renderRoutes(routes: RouteObject[], { path = '/', queryClient = createQueryClient() }: { path?: string; queryClient?: QueryClient } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export function renderWithClient(ui: ReactElement, { queryClient = createQueryClient(), ...options }: RenderOptions & { queryClient?: QueryClient } = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper: Wrapper, ...options }), queryClient };
}

/**
 * Moves the test's clock to another time zone, as a browser elsewhere would be (Date, Intl, dayjs);
 * `undefined` puts back the machine's. The environment restores it when the test file ends.
 */
export function setBrowserTimeZone(timeZone: string | undefined): void {
  (globalThis as unknown as { __setProcessTimeZone: (tz: string | undefined) => void }).__setProcessTimeZone(timeZone);
}

/**
 * jsdom has no layout: a media query list the test sets to a phone's width or not, and flips, as a
 * rotated tablet or a resized window would (listeners are told). `restore` puts jsdom's back.
 */
export function controllableViewport(initiallyMobile = false) {
  let mobile = initiallyMobile;
  const listeners = new Set<{ query: string; listener: (event: { matches: boolean }) => void }>();
  const matches = (query: string) => query === `(max-width: ${MOBILE_BREAKPOINT - 1}px)` && mobile;
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addListener: (listener: never) => listeners.add({ query, listener }),
    removeListener: (listener: never) => listeners.forEach((l) => l.listener === listener && listeners.delete(l)),
    addEventListener: (_: string, listener: never) => listeners.add({ query, listener }),
    removeEventListener: (_: string, listener: never) => listeners.forEach((l) => l.listener === listener && listeners.delete(l)),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    setMobile(next: boolean) {
      mobile = next;
      act(() => [...listeners].forEach((l) => l.listener({ matches: matches(l.query) })));
    },
    restore: () => (window.matchMedia = original),
  };
}
