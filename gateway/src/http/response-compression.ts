import type { FastifyCompressOptions } from '@fastify/compress';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chooseEncoding, type Precompressed } from './content-encoding';
import { headerOf } from './request-facts';

/**
 * Below this an answer goes out as it is: a few hundred bytes gain less than the encoding's own
 * headers and the time spent.
 */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The answers worth compressing: JSON (the API's), CSV downloads and plain text. PDFs, photos and
 * the web app's files are not: the first two are compressed already, the web app's copies are made
 * at build time (web/scripts/compress.mjs) and negotiated in `webApp`.
 */
export const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?:csv|plain))\s*(?:;|$)/i;

/** Brotli's quality for answers compressed as they go (11, its default, costs far more CPU for a few bytes). */
const BROTLI_QUALITY = 4;

/**
 * @fastify/compress for the API's answers, negotiated from Accept-Encoding (brotli first, at
 * BROTLI_QUALITY: fast enough per answer). A phone on a slow line gets the cart's two delivery
 * calendars in 2 KB instead of 17 KB, and a year of order lists, bake lists and CSVs in a fifth.
 *
 * Safe against BREACH-style guessing (a secret's bytes learnt from compressed sizes): no answer
 * body carries a secret. The session is an HttpOnly cookie; reset and skip-link tokens travel only
 * in mails.
 *
 * Request bodies are not this plugin's: `inflateBody` (http-pipeline.ts) inflates them, with the
 * body limit counted on the inflated bytes.
 */
export const RESPONSE_COMPRESSION: FastifyCompressOptions = {
  globalCompression: true,
  globalDecompression: false,
  encodings: ['br', 'gzip'],
  threshold: COMPRESS_MIN_BYTES,
  customTypes: COMPRESSIBLE,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
};

/**
 * An answer made once and sent many times (the catalogue), compressed as the plugin would: the
 * copy is kept beside the bytes, so a hit costs no compression.
 */
export function compressOnce(bytes: Buffer, encoding: Precompressed['encoding']): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes);
}

/** Which copy of an answer of `size` bytes to send for these request headers: null for the bytes as they are. */
export function answerEncoding(headers: IncomingHttpHeaders, size: number): Precompressed['encoding'] | null {
  if (size < COMPRESS_MIN_BYTES) return null;
  return chooseEncoding(headerOf(headers, 'accept-encoding'))?.encoding ?? null;
}
