import { CORRELATION_HEADER, ErrorCode, REQUEST_MARKER_HEADER } from '@bakery/contracts';
import { httpRequestInstruments, runWithCorrelation, sanitizeCorrelationId, type Logger, type Metrics } from '@bakery/platform';
import express, { NextFunction, Request, Response } from 'express';
import { isUtf8 } from 'node:buffer';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import { chooseEncoding, PRECOMPRESSED, type Precompressed } from './content-encoding';
import { ErrorResponseBody, toErrorResponse } from './error-response';
import { crossOriginProblem } from './request-origin';
import { requestSpan } from './request-span';
import { methodLabel, routeLabel } from './route-label';

/**
 * Gives every request a correlation id (the caller's, if plain; with tracing on, the trace id) and
 * runs the rest of it under that id, in its span. With metrics on, counts and times it by route
 * template, method and status.
 */
export function correlationMiddleware(logger: Logger, metrics?: Metrics) {
  const instruments = metrics?.enabled ? httpRequestInstruments(metrics) : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    const span = requestSpan(req, res);
    const correlationId = span ? span.traceId : sanitizeCorrelationId(req.header(CORRELATION_HEADER));
    res.setHeader(CORRELATION_HEADER, correlationId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (instruments || span) {
        const route = routeLabel(req);
        instruments?.observe({ route, method: methodLabel(req.method), status: String(res.statusCode) }, ms / 1000);
        span?.finish(route, res.statusCode);
      }
      const log = () =>
        logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
      if (span) span.run(log);
      else runWithCorrelation(correlationId, log);
    });
    if (span) span.run(() => runWithCorrelation(correlationId, next));
    else runWithCorrelation(correlationId, next);
  };
}

/** Object uploads are raw file bytes, whatever type they declare: their handler reads the stream. */
const RAW_BODY = /^\/objects\//;

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** No request body of this API nests: a DTO is one flat object. Deeper is refused before any code walks it. */
export const MAX_JSON_DEPTH = 32;
/**
 * The largest body of this API has a few dozen fields. Keys and array elements beyond this are
 * refused before validation sees them: 10,000 unknown keys would otherwise cost the event loop
 * some 200 ms of validation and answer 10,000 field errors.
 */
export const MAX_JSON_ENTRIES = 256;
/** Keys that only ever mean an attempt at prototype pollution. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const INVALID_UTF8 = 'entity.utf8.invalid';
const TOO_MANY_FIELDS = 'entity.fields.too.many';
const tooManyFields = (maxEntries: number) => `Request body has too many fields (at most ${maxEntries})`;

/**
 * Commas outside strings in raw JSON text, counted up to just past `stopAt`: a body with more
 * than `stopAt` of them has more than `stopAt` keys and elements. Scanning the bytes costs a
 * fraction of what JSON.parse spends building an object of 10,000 keys (some 5 ms), so a hostile
 * body is refused before it is parsed. (UTF-8 continuation bytes are never ASCII: no false hits.)
 */
export function jsonSeparators(raw: Uint8Array, stopAt: number): number {
  let inString = false;
  let escaped = false;
  let commas = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === 0x5c) escaped = true;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x2c && ++commas > stopAt) {
      return commas;
    }
  }
  return commas;
}
/** An unpaired UTF-16 surrogate: valid JSON escape syntax (`"\ud800"`), but no Unicode text. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What is wrong with a parsed JSON body before validation sees it, or null. Walked iteratively, so
 * a hostile depth cannot overflow the stack here (Nest's ValidationPipe walks bodies recursively
 * and overflows at a few thousand levels: a 500). `__proto__`, `constructor` and `prototype` keys
 * are refused, not silently dropped as ValidationPipe would, like every other unknown field.
 * Text must be Unicode without NUL: Postgres cannot store U+0000 (a 500 from the service) and
 * turns a lone surrogate into U+FFFD, so either would be stored as something else than was sent.
 */
export function jsonBodyProblem(
  body: unknown,
  maxDepth = MAX_JSON_DEPTH,
  maxEntries = MAX_JSON_ENTRIES,
): { field?: string; message: string; tooLarge?: true } | null {
  const stack: { value: unknown; depth: number; field?: string }[] = [{ value: body, depth: 0 }];
  let entries = 0;
  while (stack.length > 0) {
    const { value, depth, field } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { field, message: 'Text cannot contain NUL characters' };
      if (LONE_SURROGATE.test(value)) return { field, message: 'Text must be valid Unicode' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) return { field, message: 'Request body is nested too deeply' };
    const keys = Object.keys(value);
    entries += keys.length;
    if (entries > maxEntries) return { message: tooManyFields(maxEntries), tooLarge: true };
    for (const key of keys) {
      // named in the message only: an `errors` map with a `__proto__` key would be a trap for the client
      if (PROTOTYPE_KEYS.has(key)) return { field, message: `Property ${key} is not allowed` };
      if (key.includes('\u0000') || LONE_SURROGATE.test(key)) return { field, message: 'Property names must be valid Unicode without NUL' };
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, field: field ?? key });
    }
  }
  return null;
}

/**
 * JSON bodies only, up to `limit`, as UTF-8 (RFC 8259; the decoder would otherwise turn broken
 * bytes into U+FFFD silently) and without the shapes `jsonBodyProblem` refuses. A bad or oversized
 * body gets the API's JSON error, not an HTML page.
 */
export function jsonBodyParser(limit: string) {
  const parse = express.json({
    limit,
    strict: true,
    verify: (_req, _res, buf, encoding) => {
      if (/^utf-?8$/i.test(encoding) && !isUtf8(buf)) {
        throw Object.assign(new Error('Request body is not valid UTF-8'), { status: 400, type: INVALID_UTF8 });
      }
      if (jsonSeparators(buf, MAX_JSON_ENTRIES) > MAX_JSON_ENTRIES) {
        throw Object.assign(new Error(tooManyFields(MAX_JSON_ENTRIES)), { status: 413, type: TOO_MANY_FIELDS });
      }
    },
  });
  const refuse = (res: Response, body: ErrorResponseBody) => {
    res.status(body.statusCode).json(body);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (RAW_BODY.test(req.path)) return next();
    // A body that is not JSON is refused, not ignored: an HTML form (text/plain, urlencoded) must
    // never reach a route as an empty body.
    if (hasBody(req) && !req.is('application/json')) {
      return refuse(res, { statusCode: 415, message: 'Request body must be JSON (Content-Type: application/json)', code: ErrorCode.UnsupportedMediaType });
    }
    // no body at all (most GETs): body-parser would find the same after more work per request
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return next();
    parse(req, res, (err?: unknown) => {
      if (err) {
        if ((err as { type?: unknown }).type === TOO_MANY_FIELDS) {
          return refuse(res, { statusCode: 413, message: tooManyFields(MAX_JSON_ENTRIES), code: ErrorCode.PayloadTooLarge });
        }
        if ((err as { type?: unknown }).type === INVALID_UTF8) {
          return refuse(res, { statusCode: 400, message: 'Request body is not valid UTF-8', code: ErrorCode.ValidationFailed });
        }
        return refuse(res, toErrorResponse(err));
      }
      const problem = jsonBodyProblem(req.body);
      if (!problem) return next();
      if (problem.tooLarge) return refuse(res, { statusCode: 413, message: problem.message, code: ErrorCode.PayloadTooLarge });
      const body: ErrorResponseBody = { statusCode: 400, message: problem.message, code: ErrorCode.ValidationFailed };
      if (problem.field) body.errors = { [problem.field]: [problem.message] };
      refuse(res, body);
    });
  };
}

/**
 * Refuses (403) a state-changing request that a page of another origin made with the user's
 * cookie (see request-origin.ts). Runs before the body is read, so nothing of it is parsed.
 */
export function sameOriginGuard(allowedOrigins: ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    const problem = crossOriginProblem(
      {
        method: req.method,
        // req.host honours X-Forwarded-Host only when proxies are trusted (TRUST_PROXY)
        host: req.host,
        origin: req.header('origin'),
        secFetchSite: req.header('sec-fetch-site'),
        referer: req.header('referer'),
        json: Boolean(req.is('application/json')),
        // object uploads are authorized by their signed URL, not the cookie, and carry raw bytes
        hasBody: hasBody(req) || RAW_BODY.test(req.path),
        marked: req.header(REQUEST_MARKER_HEADER) !== undefined,
      },
      allowedOrigins,
    );
    if (!problem) return next();
    res.status(403).json({ statusCode: 403, message: problem, code: ErrorCode.Forbidden } satisfies ErrorResponseBody);
  };
}

/**
 * API answers carry accounts, orders and addresses: no browser or shared cache may keep them
 * (a route that wants revalidation, like the catalogue with its ETag, sets its own).
 */
export function apiCacheControl(req: Request, res: Response, next: NextFunction): void {
  if (req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
  next();
}

/** HSTS tells browsers to use HTTPS only: sent only over HTTPS, where it means something. */
export function strictTransportSecurity(req: Request, res: Response, next: NextFunction): void {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}

const NOT_WEB = /^\/(api|socket\.io|objects)(\/|$)/;

/** Vite puts a content hash in the names under assets/, so they never change; the rest (index.html) is revalidated. */
function webCacheControl(distDir: string, file: string): string {
  return path.relative(distDir, file).startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The file a web path names inside `distDir`, or null (bad encoding, NUL, outside it, a dotfile as express.static ignores). */
function webFile(distDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(distDir, decoded);
  const relative = path.relative(distDir, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative) || relative.split(path.sep).some((p) => p.startsWith('.'))) return null;
  return file;
}

async function fileStats(file: string): Promise<Stats | null> {
  return stat(file).then((s) => (s.isFile() ? s : null), () => null);
}

/**
 * Sends the brotli or gzip file the web build wrote beside `file` (web/scripts/compress.mjs), as
 * the client's Accept-Encoding allows; false when there is none to send.
 */
async function sendPrecompressed(req: Request, res: Response, distDir: string, file: string): Promise<boolean> {
  const accept = req.header('accept-encoding');
  let available: Precompressed[] = [...PRECOMPRESSED];
  let chosen: Precompressed | null;
  while ((chosen = chooseEncoding(accept, available))) {
    const stats = await fileStats(file + chosen.suffix);
    if (stats) return sendWebFile(res, distDir, file, stats, chosen);
    const missing = chosen;
    available = available.filter((v) => v !== missing);
  }
  return false;
}

/**
 * Sends `file`, or its pre-compressed `variant`, with the plain file's type and caching. The ETag is
 * set here, one per encoding, because res.sendFile follows the app's `etag` setting (off).
 */
function sendWebFile(res: Response, distDir: string, file: string, stats: Stats, variant: Precompressed | null): Promise<boolean> {
  res.type(path.extname(file));
  res.vary('Accept-Encoding');
  const etag = `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}${variant ? `-${variant.encoding}` : ''}"`;
  return new Promise<boolean>((resolve, reject) => {
    res.sendFile(
      variant ? file + variant.suffix : file,
      {
        // webFile has refused dot segments below distDir; distDir itself may sit in a dot folder
        dotfiles: 'allow',
        cacheControl: false,
        headers: {
          ETag: etag,
          'Cache-Control': webCacheControl(distDir, file),
          ...(variant ? { 'Content-Encoding': variant.encoding } : {}),
        },
      },
      (err?: Error) => {
        if (!err || res.headersSent) return resolve(true);
        res.removeHeader('Content-Type');
        // gone since it was looked at: the plain file, or the fallback, answers instead
        if ((err as { status?: number }).status === 404) return resolve(false);
        reject(err);
      },
    );
  });
}

/**
 * Serves the built web app: files from `dist`, and `index.html` for every other GET that is not
 * an API, socket or object path, so client-side routes survive a reload (a missing asset too).
 * Each file goes out pre-compressed when the build made a brotli or gzip copy the client accepts.
 * `beforePage` runs before `index.html` goes out (the gateway sets the session hint there).
 */
export function webApp(dist: string, beforePage: (req: Request, res: Response) => Promise<void> = async () => undefined) {
  // WEB_DIST_DIR may be relative (to the working directory); res.sendFile takes absolute paths only
  const distDir = path.resolve(dist);
  const index = path.join(distDir, 'index.html');
  const statics = express.static(distDir, {
    index: false,
    fallthrough: true,
    setHeaders: (res, file) => {
      // the same URL answers brotli, gzip or plain: caches must key on Accept-Encoding
      res.vary('Accept-Encoding');
      res.setHeader('Cache-Control', webCacheControl(distDir, file));
    },
  });
  const sendIndex = async (req: Request, res: Response) => {
    await beforePage(req, res);
    if (await sendPrecompressed(req, res, distDir, index)) return;
    const stats = await fileStats(index);
    if (stats && (await sendWebFile(res, distDir, index, stats, null))) return;
    res.status(404).type('text/plain').send('The web app is not built: run npm run build.');
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_WEB.test(req.path)) return next();
    const file = webFile(distDir, req.path);
    (file ? sendPrecompressed(req, res, distDir, file) : Promise.resolve(false)).then(
      (sent) => {
        if (!sent) statics(req, res, () => sendIndex(req, res).catch(next));
      },
      next,
    );
  };
}
