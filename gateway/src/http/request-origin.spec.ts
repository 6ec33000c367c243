import type { IncomingMessage } from 'node:http';
import {
  CROSS_ORIGIN_REFUSED,
  crossOriginHandshakeProblem,
  crossOriginProblem,
  isTrustedOrigin,
  originOf,
  parseAllowedOrigins,
  rawRequestFacts,
  RequestOriginFacts,
  UNMARKED_REQUEST_REFUSED,
} from './request-origin';

const HOST = '127.0.0.1:3000';
const NONE = new Set<string>();
const request = (facts: Partial<RequestOriginFacts>): RequestOriginFacts => ({
  method: 'POST',
  host: HOST,
  origin: undefined,
  secFetchSite: undefined,
  referer: undefined,
  json: true,
  hasBody: true,
  marked: false,
  ...facts,
});

describe('crossOriginProblem', () => {
  it('never judges GET, HEAD or OPTIONS', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(crossOriginProblem(request({ method, origin: 'http://evil.test' }), NONE)).toBeNull();
    }
  });

  it('refuses a state-changing request from another origin, another port of the same host included', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const origin of ['http://127.0.0.1:4000', 'http://evil.test', 'null', 'file://', 'not a url']) {
        expect({ method, origin, problem: crossOriginProblem(request({ method, origin }), NONE) }).toEqual({ method, origin, problem: CROSS_ORIGIN_REFUSED });
      }
    }
  });

  it('accepts its own origin (scheme not compared: a TLS proxy shows http) and allowed ones', () => {
    expect(crossOriginProblem(request({ origin: 'http://127.0.0.1:3000' }), NONE)).toBeNull();
    expect(crossOriginProblem(request({ origin: 'https://127.0.0.1:3000' }), NONE)).toBeNull();
    expect(crossOriginProblem(request({ origin: 'HTTP://127.0.0.1:3000' }), NONE)).toBeNull();
    expect(crossOriginProblem(request({ origin: 'https://bakery.example', host: 'bakery.example' }), NONE)).toBeNull();
    expect(crossOriginProblem(request({ origin: 'https://bakery.example:443', host: 'bakery.example' }), NONE)).toBeNull();
    const allowed = parseAllowedOrigins('https://admin.bakery.example');
    expect(crossOriginProblem(request({ origin: 'https://admin.bakery.example' }), allowed)).toBeNull();
    // an allowed origin is exact: its scheme counts
    expect(crossOriginProblem(request({ origin: 'http://admin.bakery.example' }), allowed)).toBe(CROSS_ORIGIN_REFUSED);
  });

  it('falls back to Sec-Fetch-Site, then Referer, when Origin is absent', () => {
    expect(crossOriginProblem(request({ secFetchSite: 'same-origin' }), NONE)).toBeNull();
    expect(crossOriginProblem(request({ secFetchSite: 'none' }), NONE)).toBeNull();
    expect(crossOriginProblem(request({ secFetchSite: 'same-site' }), NONE)).toBe(CROSS_ORIGIN_REFUSED);
    expect(crossOriginProblem(request({ secFetchSite: 'cross-site' }), NONE)).toBe(CROSS_ORIGIN_REFUSED);
    expect(crossOriginProblem(request({ referer: `http://${HOST}/orders` }), NONE)).toBeNull();
    expect(crossOriginProblem(request({ referer: 'http://127.0.0.1:4000/evil.html' }), NONE)).toBe(CROSS_ORIGIN_REFUSED);
    expect(crossOriginProblem(request({ referer: 'garbage' }), NONE)).toBe(CROSS_ORIGIN_REFUSED);
  });

  it('lets non-browser clients through (no Origin, Sec-Fetch-Site or Referer: no victim’s cookie)', () => {
    expect(crossOriginProblem(request({ json: false, hasBody: false }), NONE)).toBeNull();
  });

  it('asks a body-less browser request for JSON or the marker header', () => {
    const own = { origin: `http://${HOST}`, hasBody: false };
    expect(crossOriginProblem(request({ ...own, json: false }), NONE)).toBe(UNMARKED_REQUEST_REFUSED);
    expect(crossOriginProblem(request({ ...own, json: true }), NONE)).toBeNull();
    expect(crossOriginProblem(request({ ...own, json: false, marked: true }), NONE)).toBeNull();
  });
});

describe('crossOriginHandshakeProblem', () => {
  it('judges a socket handshake by its origin, and lets same-origin and non-browser ones through', () => {
    expect(crossOriginHandshakeProblem({ host: HOST, origin: 'http://127.0.0.1:4000', secFetchSite: undefined }, NONE)).toBe(CROSS_ORIGIN_REFUSED);
    expect(crossOriginHandshakeProblem({ host: HOST, origin: 'null', secFetchSite: undefined }, NONE)).toBe(CROSS_ORIGIN_REFUSED);
    expect(crossOriginHandshakeProblem({ host: HOST, origin: `http://${HOST}`, secFetchSite: undefined }, NONE)).toBeNull();
    expect(crossOriginHandshakeProblem({ host: HOST, origin: undefined, secFetchSite: 'same-site' }, NONE)).toBe(CROSS_ORIGIN_REFUSED);
    expect(crossOriginHandshakeProblem({ host: HOST, origin: undefined, secFetchSite: 'same-origin' }, NONE)).toBeNull();
    expect(crossOriginHandshakeProblem({ host: HOST, origin: undefined, secFetchSite: undefined }, NONE)).toBeNull();
  });
});

describe('origins', () => {
  it('reads an origin from a URL, or nothing', () => {
    expect(originOf('https://Bakery.Example:443/path?q')).toBe('https://bakery.example');
    expect(originOf('null')).toBeNull();
    expect(originOf('ftp://x')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });

  it('parses ALLOWED_ORIGINS and refuses what is not an origin', () => {
    expect([...parseAllowedOrigins(' https://a.example , http://b.example:8080/ ,')]).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(parseAllowedOrigins('').size).toBe(0);
    expect(() => parseAllowedOrigins('https://a.example/path')).toThrow(/not an origin/);
    expect(() => parseAllowedOrigins('a.example')).toThrow(/not an origin/);
  });

  it('compares host and port, not the scheme, for its own origin', () => {
    expect(isTrustedOrigin('http://localhost:5173', 'localhost:5173', NONE)).toBe(true);
    expect(isTrustedOrigin('http://localhost:5173', 'localhost:3000', NONE)).toBe(false);
    expect(isTrustedOrigin('http://localhost', undefined, NONE)).toBe(false);
  });

  it('takes the forwarded host and scheme of a raw request only when proxies are trusted', () => {
    const req = { headers: { host: 'internal:3000', 'x-forwarded-host': 'bakery.example', 'x-forwarded-proto': 'https' }, socket: {} } as unknown as IncomingMessage;
    expect(rawRequestFacts(req, false)).toEqual({ host: 'internal:3000', secure: false });
    expect(rawRequestFacts(req, true)).toEqual({ host: 'bakery.example', secure: true });
  });

  it("of forwarded lists takes the last entry (the nearest proxy's), as Fastify does for the API", () => {
    const headers = { host: 'internal:3000', 'x-forwarded-host': 'evil.example, bakery.example', 'x-forwarded-proto': 'https, http' };
    const req = { headers, socket: {} } as unknown as IncomingMessage;
    expect(rawRequestFacts(req, true)).toEqual({ host: 'bakery.example', secure: false });
  });
});
