import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

/** The URL's path, without the query string (what routes and the pipeline match on). */
export function pathOf(req: { url: string }): string {
  const q = req.url.indexOf('?');
  return q < 0 ? req.url : req.url.slice(0, q);
}

/** One request header as a string (the first, if it came twice), or undefined. */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The media type of the request's body, lower-cased, without parameters ('' when none is declared). */
export function mediaTypeOf(headers: IncomingHttpHeaders): string {
  const type = headers['content-type'];
  if (!type) return '';
  const semicolon = type.indexOf(';');
  return (semicolon < 0 ? type : type.slice(0, semicolon)).trim().toLowerCase();
}

/** Whether the body is declared `application/json` (parameters such as charset allowed). */
export function isJson(headers: IncomingHttpHeaders): boolean {
  return mediaTypeOf(headers) === 'application/json';
}

/** Whether the request declares a body at all (RFC 9112 section 6.3: Transfer-Encoding or a positive Content-Length). */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/** Whether the request came over HTTPS (behind a proxy: as X-Forwarded-Proto says, when TRUST_PROXY trusts it). */
export function isSecure(req: Pick<FastifyRequest, 'protocol'>): boolean {
  return req.protocol === 'https';
}

/**
 * Whether the client already holds `etag`: its If-None-Match names it (weak comparison, RFC 9110
 * section 13.1.2) or is `*`. A request saying `Cache-Control: no-cache` asks for the full answer.
 */
export function etagMatches(headers: IncomingHttpHeaders, etag: string): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (!ifNoneMatch || /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(headers['cache-control'] ?? '')) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
