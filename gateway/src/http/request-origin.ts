import { REQUEST_MARKER_HEADER } from '@bakery/contracts';
import type { IncomingMessage } from 'node:http';

/**
 * Cross-origin request forgery, decided from a request's headers alone (no token to keep).
 *
 * SameSite=Lax stops other *sites*, but a page on another port of the same host is the same site:
 * its forms and `fetch(..., { mode: 'no-cors', credentials: 'include' })` carry the session
 * cookie. Browsers name where a request comes from in `Origin` (every POST, PUT, PATCH and DELETE,
 * and every websocket handshake), `Sec-Fetch-Site`, or at least `Referer`; a state-changing
 * request that names any origin but ours (or one in ALLOWED_ORIGINS) is refused. A request with
 * none of those headers did not come from a browser page, so no victim's cookie rides on it
 * (curl, server-to-server calls, the test clients): it is let through.
 *
 * Belt and braces for browsers that would leave all three out: a browser request without a body
 * must carry `Content-Type: application/json` or the marker header the web app always sends;
 * neither can be set by a form or a no-cors fetch without a CORS preflight, which we never grant.
 */

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestOriginFacts {
  method: string;
  /** the Host header as received (or the proxy's X-Forwarded-Host when proxies are trusted) */
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  referer: string | undefined;
  /** whether the request carries a JSON content type */
  json: boolean;
  /** whether the request has a body */
  hasBody: boolean;
  /** whether the request carries the web app's marker header */
  marked: boolean;
}

export const CROSS_ORIGIN_REFUSED = 'Requests from other origins are not allowed';
export const UNMARKED_REQUEST_REFUSED = `A request without a body must be sent as application/json or with the ${REQUEST_MARKER_HEADER} header`;

/** The origin (scheme://host[:port]) of a URL, lower-case, default port dropped; null if it is none. */
export function originOf(url: string | undefined): string | null {
  if (!url || url === 'null') return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Parses ALLOWED_ORIGINS (comma-separated origins, e.g. `https://admin.bakery.example`); throws
 * naming the bad entry, so a typo stops the gateway at start instead of refusing the real site.
 */
export function parseAllowedOrigins(value: string): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const origin = originOf(entry);
    if (!origin || origin !== entry.replace(/\/+$/, '').toLowerCase()) {
      throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an origin (scheme://host[:port], no path)`);
    }
    origins.add(origin);
  }
  return origins;
}

/**
 * Whether `origin` is this server's own (same host and port as the request reached; the scheme is
 * not compared, since behind a TLS-terminating proxy the gateway sees http for an https page) or
 * an allowed one.
 */
export function isTrustedOrigin(origin: string, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(origin)) return true;
  if (!host) return false;
  let ownHost: string;
  try {
    ownHost = new URL(`${origin.slice(0, origin.indexOf(':'))}://${host}`).host;
  } catch {
    return false;
  }
  return new URL(origin).host === ownHost;
}

/**
 * Why a request must be refused as cross-origin (403), or null. Only requests that change state
 * are judged; `Origin` decides when present, else `Sec-Fetch-Site`, else `Referer`.
 */
export function crossOriginProblem(req: RequestOriginFacts, allowed: ReadonlySet<string>): string | null {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return null;
  const fromBrowser = req.origin !== undefined || req.secFetchSite !== undefined || req.referer !== undefined;
  if (!fromBrowser) return null;

  if (req.origin !== undefined) {
    const origin = originOf(req.origin);
    // `Origin: null` (a sandboxed frame, a file, a redirect across origins) is nobody we know
    if (!origin || !isTrustedOrigin(origin, req.host, allowed)) return CROSS_ORIGIN_REFUSED;
  } else if (req.secFetchSite !== undefined) {
    // without Origin an allowed other origin cannot be told apart: only our own pages pass
    if (req.secFetchSite !== 'same-origin' && req.secFetchSite !== 'none') return CROSS_ORIGIN_REFUSED;
  } else {
    const origin = originOf(req.referer);
    if (!origin || !isTrustedOrigin(origin, req.host, allowed)) return CROSS_ORIGIN_REFUSED;
  }

  if (!req.hasBody && !req.json && !req.marked) return UNMARKED_REQUEST_REFUSED;
  return null;
}

/**
 * The same judgement for a socket.io handshake (a GET, so judged on its origin alone): a browser
 * page of another origin must not open a socket that pushes the signed-in user's events to it.
 */
export function crossOriginHandshakeProblem(
  req: Pick<RequestOriginFacts, 'host' | 'origin' | 'secFetchSite'>,
  allowed: ReadonlySet<string>,
): string | null {
  if (req.origin !== undefined) {
    const origin = originOf(req.origin);
    return origin && isTrustedOrigin(origin, req.host, allowed) ? null : CROSS_ORIGIN_REFUSED;
  }
  if (req.secFetchSite === 'same-site' || req.secFetchSite === 'cross-site') return CROSS_ORIGIN_REFUSED;
  return null;
}

/**
 * Host and HTTPS-ness of a raw Node request (a socket.io handshake), as Fastify decides them for
 * the API: the proxy's X-Forwarded-Host / -Proto count only when proxies are trusted, and of a list
 * (`client-sent, proxy-added`) the last entry, the one the nearest proxy wrote.
 */
export function rawRequestFacts(req: IncomingMessage, trustProxy: boolean): { host: string | undefined; secure: boolean } {
  const forwarded = (name: string) => {
    const value = req.headers[name];
    return trustProxy && typeof value === 'string' ? value.slice(value.lastIndexOf(',') + 1).trim() || undefined : undefined;
  };
  const secure = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true || forwarded('x-forwarded-proto') === 'https';
  return { host: forwarded('x-forwarded-host') ?? req.headers.host, secure };
}
