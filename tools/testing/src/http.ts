import * as http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
/** Small fetch helpers for API tests: JSON in, status and parsed body out. */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/**
 * A GET through node:http with the path sent exactly as written (fetch would resolve `..` itself)
 * and only the given headers (fetch adds Cache-Control: no-cache to a conditional request).
 */
export function rawGet(
  baseUrl: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

/** Polls `probe` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A browser-like API client: keeps the session cookie the gateway sets and sends it back.
 */
export class ApiClient {
  cookie?: string;
  lastSetCookie?: string;

  constructor(public baseUrl: string) {}

  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await api<T>(this.baseUrl, method, path, body, {
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...headers,
    });
    const setCookie = res.headers.getSetCookie().find((c) => /^(__Host-)?bakery_session=/.test(c));
    this.lastSetCookie = setCookie;
    if (setCookie) {
      const pair = setCookie.split(';')[0];
      this.cookie = pair.endsWith('=') || /expires=Thu, 01 Jan 1970/i.test(setCookie) ? undefined : pair;
    }
    return res;
  }

  get<T = any>(path: string) {
    return this.call<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.call<T>('POST', path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.call<T>('PUT', path, body ?? {});
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.call<T>('PATCH', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.call<T>('DELETE', path);
  }

  /** Every item of a paged list (GET /api/orders): page after page, following `Link: <...>; rel="next"`. */
  async all<T = any>(path: string): Promise<T[]> {
    const items: T[] = [];
    for (let next: string | undefined = path; next; ) {
      const res: ApiResponse<T[]> = await this.get<T[]>(next);
      if (res.status !== 200) throw new Error(`GET ${next}: ${res.status} ${JSON.stringify(res.body)}`);
      items.push(...res.body);
      const link = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
      next = link === undefined ? undefined : link.slice(new URL(link).origin.length);
    }
    return items;
  }

  /** The same cookie, talking to another gateway instance. */
  on(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl);
    other.cookie = this.cookie;
    return other;
  }
}

let counter = 0;
/** A unique email for a test account. */
export function uniqueEmail(label = 'user'): string {
  return `${label}.${Date.now().toString(36)}.${(counter++).toString(36)}@example.test`;
}

/** Maps over `items` with at most `limit` calls in flight (e.g. registering many accounts). */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** A TCP port nothing listens on right now (the OS picks it), for a server a test starts itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
