import { CORRELATION_HEADER, ErrorCode, REQUEST_MARKER_HEADER } from '@bakery/contracts';
import { httpRequestInstruments, runWithCorrelation, sanitizeCorrelationId, type Logger, type Metrics } from '@bakery/platform';
import { send } from '@fastify/send';
import { contentType } from 'mime-types';
import getRawBody from 'raw-body';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isUtf8 } from 'node:buffer';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { chooseEncoding, PRECOMPRESSED, type Precompressed } from './content-encoding';
import { ErrorResponseBody, PipelineRefusal } from './error-response';
import { answerEncoding, compressOnce } from './response-compression';
import { hasBody, headerOf, isJson, pathOf } from './request-facts';
import { crossOriginProblem } from './request-origin';
import { requestSpan } from './request-span';
import { methodLabel, routeLabel } from './route-label';

/**
 * The gateway's HTTP pipeline on Fastify: each step an `onRequest` hook (they run in the order
 * gateway.ts adds them, before the body is read), the body's parsing a content-type parser.
 */
export type RequestHook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * Gives every request a correlation id (the caller's, if plain; with tracing on, the trace id) and
 * runs the rest of it under that id, in its span. With metrics on, counts and times it by route
 * template, method and status. The rest of the request runs in that context: Fastify carries it
 * across the body's reading (its content-type parser resumes in an AsyncResource made here).
 */
export function correlation(logger: Logger, metrics?: Metrics): RequestHook {
  const instruments = metrics?.enabled ? httpRequestInstruments(metrics) : undefined;
  return (req, reply, done) => {
    const urlPath = pathOf(req);
    const span = requestSpan(req, reply.raw, urlPath);
    const correlationId = span ? span.traceId : sanitizeCorrelationId(headerOf(req.headers, CORRELATION_HEADER));
    reply.raw.setHeader(CORRELATION_HEADER, correlationId);
    const started = process.hrtime.bigint();
    reply.raw.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const status = reply.raw.statusCode;
      if (instruments || span) {
        const route = routeLabel({ path: urlPath, template: req.is404 ? undefined : req.routeOptions.url });
        instruments?.observe({ route, method: methodLabel(req.method), status: String(status) }, ms / 1000);
        span?.finish(route, status);
      }
      const log = () => logger.info({ method: req.method, path: urlPath, status, ms: Math.round(ms * 10) / 10 }, 'request');
      if (span) span.run(log);
      else runWithCorrelation(correlationId, log);
    });
    if (span) span.run(() => runWithCorrelation(correlationId, done));
    else runWithCorrelation(correlationId, done);
  };
}

/** Object uploads are raw file bytes, whatever type they declare: their handler reads the stream. */
const RAW_BODY = /^\/objects\//;

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

/** What body-parser answered for these, kept: a client sees the same refusals as before. */
const refusal = (statusCode: number, message: string, code: ErrorCode, field?: string): PipelineRefusal => {
  const body: ErrorResponseBody = { statusCode, message, code };
  if (field) body.errors = { [field]: [message] };
  return new PipelineRefusal(body);
};
const notJson = () => refusal(400, 'Request body is not valid JSON', ErrorCode.ValidationFailed);
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress };

/**
 * Refuses a body that is not JSON (415) before anything of it is read: an HTML form (text/plain,
 * urlencoded) must never reach a route as an empty body. Object uploads (raw bytes) pass.
 */
export const jsonBodiesOnly: RequestHook = (req, reply, done) => {
  if (!hasBody(req.headers) || RAW_BODY.test(pathOf(req))) return done();
  if (!isJson(req.headers)) {
    return done(refusal(415, 'Request body must be JSON (Content-Type: application/json)', ErrorCode.UnsupportedMediaType));
  }
  const encoding = (headerOf(req.headers, 'content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && !DECODERS[encoding]) return done(refusal(415, 'Unsupported content type', ErrorCode.UnsupportedMediaType));
  done();
};

/**
 * A compressed JSON body is inflated as it is read, so the body limit counts the inflated bytes
 * (a small gzip that inflates past it is a 413, as body-parser answered).
 */
export function inflateBody(req: FastifyRequest, _reply: FastifyReply, payload: Readable, done: (err: Error | null, stream?: Readable) => void): void {
  const encoding = (headerOf(req.headers, 'content-encoding') ?? 'identity').trim().toLowerCase();
  const decoder = DECODERS[encoding];
  if (!decoder || RAW_BODY.test(pathOf(req))) return done(null, payload);
  const inflated = decoder() as unknown as Readable;
  payload.on('error', (err) => inflated.destroy(err));
  // a body that is not what it says it is: answered as unreadable, like a broken JSON body
  inflated.on('error', () => undefined);
  done(null, payload.pipe(inflated as unknown as NodeJS.WritableStream) as unknown as Readable);
}

/**
 * Installs the body parsing: JSON only, up to `limitBytes`, as UTF-8 (RFC 8259; the decoder would
 * otherwise turn broken bytes into U+FFFD silently), an object or array at the top (as body-parser's
 * `strict`), and without the shapes `jsonBodyProblem` refuses. Object uploads get no parser: their
 * handler reads the raw stream.
 */
export function installBodyParsing(app: FastifyInstance, limitBytes: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', (req, payload, done) => {
    // an object upload declared as JSON is still raw bytes for its handler
    if (RAW_BODY.test(pathOf(req))) return done(null, undefined);
    const encoded = (headerOf(req.headers, 'content-encoding') ?? 'identity').trim().toLowerCase() !== 'identity';
    // raw-body (body-parser's reader): the limit on the bytes as read (inflated, for a compressed
    // body), the declared length checked for a plain one
    getRawBody(payload, { limit: limitBytes, length: encoded ? undefined : headerOf(req.headers, 'content-length') }).then(
      (buf) => {
        try {
          done(null, parseJsonBody(headerOf(req.headers, 'content-type'), buf));
        } catch (err) {
          done(err as Error, undefined);
        }
      },
      // raw-body's own errors carry their status (413, a cut-off body's 400); a body that does not
      // inflate is unreadable, as body-parser answered it
      (err: Error & { status?: unknown }) => done(typeof err.status === 'number' ? err : notJson(), undefined),
    );
  });
  // object uploads: left unread for the handler (any other body was refused by jsonBodiesOnly)
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

/** A JSON body's value from its bytes, or the refusal body-parser (and this API's own checks) would answer. */
export function parseJsonBody(contentType: string | undefined, buf: Buffer): unknown {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  if (charset && !/^utf-?8$/i.test(charset)) throw refusal(415, 'Unsupported content type', ErrorCode.UnsupportedMediaType);
  if (!isUtf8(buf)) throw refusal(400, 'Request body is not valid UTF-8', ErrorCode.ValidationFailed);
  if (jsonSeparators(buf, MAX_JSON_ENTRIES) > MAX_JSON_ENTRIES) throw refusal(413, tooManyFields(MAX_JSON_ENTRIES), ErrorCode.PayloadTooLarge);
  // an empty body is an empty object, as body-parser answered (whitespace alone is not JSON)
  if (buf.length === 0) return {};
  const text = buf.toString('utf8');
  // JSON's whitespace is space, tab, LF and CR only (RFC 8259), not all that trimStart() removes
  const first = /^[ \t\n\r]*(.)/s.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw notJson();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw notJson();
  }
  const problem = jsonBodyProblem(body);
  if (!problem) return body;
  if (problem.tooLarge) throw refusal(413, problem.message, ErrorCode.PayloadTooLarge);
  throw refusal(400, problem.message, ErrorCode.ValidationFailed, problem.field);
}

/**
 * Refuses (403) a state-changing request that a page of another origin made with the user's
 * cookie (see request-origin.ts). Runs before the body is read, so nothing of it is parsed.
 */
export function sameOriginGuard(allowedOrigins: ReadonlySet<string>): RequestHook {
  return (req, _reply, done) => {
    const problem = crossOriginProblem(
      {
        method: req.method,
        // the Host header, or X-Forwarded-Host only when proxies are trusted (TRUST_PROXY)
        host: req.host,
        origin: headerOf(req.headers, 'origin'),
        secFetchSite: headerOf(req.headers, 'sec-fetch-site'),
        referer: headerOf(req.headers, 'referer'),
        json: isJson(req.headers),
        // object uploads are authorized by their signed URL, not the cookie, and carry raw bytes
        hasBody: hasBody(req.headers) || RAW_BODY.test(pathOf(req)),
        marked: req.headers[REQUEST_MARKER_HEADER] !== undefined,
      },
      allowedOrigins,
    );
    if (!problem) return done();
    done(new PipelineRefusal({ statusCode: 403, message: problem, code: ErrorCode.Forbidden }));
  };
}

/**
 * API answers carry accounts, orders and addresses: no browser or shared cache may keep them
 * (a route that wants revalidation, like the catalogue with its ETag, sets its own).
 */
export const apiCacheControl: RequestHook = (req, reply, done) => {
  if (req.url.startsWith('/api/')) reply.raw.setHeader('Cache-Control', 'no-store');
  done();
};

/** HSTS tells browsers to use HTTPS only: sent only over HTTPS, where it means something. */
export const strictTransportSecurity: RequestHook = (req, reply, done) => {
  if (req.protocol === 'https') reply.raw.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  done();
};

const NOT_WEB = /^\/(api|socket\.io|objects)(\/|$)/;
/** Vite's build output: a missing one is a chunk of another build, never a client route. */
const BUILT_ASSET = /^\/assets\//;

/** Vite puts a content hash in the names under assets/, so they never change; the rest (index.html) is revalidated. */
function webCacheControl(distDir: string, file: string): string {
  return path.relative(distDir, file).startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The file a web path names inside `distDir`, or null (bad encoding, NUL, outside it, a dotfile). */
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
 * Sends `file`, or its pre-compressed `variant`, with the plain file's type and caching; false when
 * it is not there. @fastify/send answers conditional and range requests; its ETag is made from the
 * file sent, so each encoding has its own.
 */
async function sendWebFile(req: FastifyRequest, reply: FastifyReply, distDir: string, file: string, variant: Precompressed | null): Promise<boolean> {
  const sent = variant ? file + variant.suffix : file;
  const urlPath = path.relative(distDir, sent).split(path.sep).map(encodeURIComponent).join('/');
  // webFile has refused dot segments below distDir; distDir itself may sit in a dot folder
  const result = await send(req.raw, urlPath, { root: distDir, index: false, dotfiles: 'allow', cacheControl: false });
  if (result.type === 'error') {
    result.stream.destroy();
    // gone since it was looked at (or a directory): the plain file, or the fallback, answers instead
    if (result.statusCode === 404 || result.statusCode === 403) return false;
    throw Object.assign(new Error('Could not read a web file'), { cause: result.metadata });
  }
  reply.code(result.statusCode).headers(result.headers);
  // the same URL answers brotli, gzip or plain: caches must key on Accept-Encoding
  reply.header('Vary', 'Accept-Encoding');
  reply.header('Cache-Control', webCacheControl(distDir, file));
  if (variant) reply.header('Content-Encoding', variant.encoding);
  // the plain file's type (mime-types, as Express named them), whichever encoding is sent
  const type = contentType(path.extname(file));
  if (type) reply.type(type);
  else reply.removeHeader('Content-Type');
  await reply.send(result.stream);
  return true;
}

/**
 * Sends the brotli or gzip file the web build wrote beside `file` (web/scripts/compress.mjs) as the
 * client's Accept-Encoding allows, else the plain file; false when there is none to send.
 */
async function sendBestEncoding(req: FastifyRequest, reply: FastifyReply, distDir: string, file: string): Promise<boolean> {
  const accept = headerOf(req.headers, 'accept-encoding');
  let available: Precompressed[] = [...PRECOMPRESSED];
  let chosen: Precompressed | null;
  while ((chosen = chooseEncoding(accept, available))) {
    if ((await fileStats(file + chosen.suffix)) && (await sendWebFile(req, reply, distDir, file, chosen))) return true;
    const missing = chosen;
    available = available.filter((v) => v !== missing);
  }
  return (await fileStats(file)) !== null && sendWebFile(req, reply, distDir, file, null);
}

/** A page rendered for one session: never stored by a cache, compressed as the API's answers are. */
function sendRenderedPage(req: FastifyRequest, reply: FastifyReply, page: string): void {
  const bytes = Buffer.from(page);
  const encoding = answerEncoding(req.headers, bytes.length);
  reply.header('Cache-Control', 'no-store').header('Vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
  if (encoding) reply.header('Content-Encoding', encoding);
  reply.send(encoding ? compressOnce(bytes, encoding) : bytes);
}

/**
 * Serves the built web app: files from `dist`, and `index.html` for every other GET that is not
 * an API, socket or object path, so client-side routes survive a reload. A missing file under
 * assets/ is 404: a tab opened before a deploy asks for its build's chunks, and a plain 404 (not a
 * page typed as a script) fails its import at once; the app then loads again (web/src/app/stale-build.ts).
 * Each file goes out pre-compressed when the build made a brotli or gzip copy the client accepts.
 * `pageFor` runs before `index.html` goes out (the gateway sets the session hint there) and may
 * answer the page to send in its place: index.html with the page rendered in it (first-screen.ts).
 */
export function webApp(dist: string, pageFor: (req: FastifyRequest, reply: FastifyReply) => Promise<string | null> = async () => null): RequestHook {
  // WEB_DIST_DIR may be relative (to the working directory)
  const distDir = path.resolve(dist);
  const index = path.join(distDir, 'index.html');
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const page = await pageFor(req, reply);
    if (page !== null) return sendRenderedPage(req, reply, page);
    if (await sendBestEncoding(req, reply, distDir, index)) return;
    reply.code(404).type('text/plain').send('The web app is not built: run npm run build.');
  };
  return (req, reply, done) => {
    const urlPath = pathOf(req);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_WEB.test(urlPath)) return done();
    const file = webFile(distDir, urlPath);
    (file ? sendBestEncoding(req, reply, distDir, file) : Promise.resolve(false))
      .then((sent) => {
        if (sent) return;
        if (!BUILT_ASSET.test(urlPath)) return sendIndex(req, reply);
        reply.code(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
      })
      .catch((err: unknown) => done(err as Error));
  };
}
