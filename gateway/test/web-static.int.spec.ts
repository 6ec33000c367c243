/**
 * The gateway's static serving of the web app (issue 14): pre-compressed files negotiated from
 * Accept-Encoding, caching by kind of file, revalidation, and the SPA fallback, on a small dist of
 * its own (WEB_DIST_DIR) shaped like Vite's output plus web/scripts/compress.mjs's copies.
 */
import { TestStack } from '@bakery/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX = '<!doctype html><html><head><title>Bakery Wholesale</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const products = ${JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Sourdough ${i}` })))};\n`;
const STYLE = `.product-card { display: flex; }\n`.repeat(40);
const BROWSER = 'gzip, deflate, br, zstd';

/** node:http, so the request carries exactly these headers and the body comes back as sent (fetch would decode it). */
function request(
  baseUrl: string,
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .request({ hostname, port, path: rawPath, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('web app static serving: pre-compressed files and caching', () => {
  let stack: TestStack;
  const root = mkdtempSync(path.join(tmpdir(), 'web-static-'));
  const dist = path.join(root, 'dist');
  const get = (rawPath: string, headers: Record<string, string> = {}) => request(stack.url, rawPath, headers);

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    // a file the build made only a gzip copy of
    writeFileSync(path.join(dist, 'assets', 'app-def456.css'), STYLE);
    writeFileSync(path.join(dist, 'assets', 'app-def456.css.gz'), gzipSync(STYLE));
    // beside dist, never served
    writeFileSync(path.join(root, 'secret.txt'), 'secret');
    writeFileSync(path.join(root, 'secret.txt.br'), brotliCompressSync('secret'));
    // the web app is all this file needs of the stack
    stack = await TestStack.start({ services: [], env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends brotli to a browser that accepts it: the original bytes, typed as the plain file, cached for good', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    // the security headers of every response stay
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends gzip when that is all the client takes, or when the build made no brotli copy', async () => {
    const script = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate' });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(script.body).toString()).toBe(SCRIPT);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe(IMMUTABLE);

    const style = await get('/assets/app-def456.css', { 'accept-encoding': BROWSER });
    expect(style.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(style.body).toString()).toBe(STYLE);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('sends the plain file when the client accepts neither, or refuses them by q-value', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }, { 'accept-encoding': 'deflate' }]) {
      const res = await get('/assets/app-abc123.js', headers);
      expect({ headers, encoding: res.headers['content-encoding'] }).toEqual({ headers, encoding: undefined });
      expect(res.body.toString()).toBe(SCRIPT);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
    const style = await get('/assets/app-def456.css', { 'accept-encoding': 'br' });
    expect(style.headers['content-encoding']).toBeUndefined();
    expect(style.body.toString()).toBe(STYLE);
  });

  it('answers 304 to If-None-Match, each encoding with its own ETag', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': BROWSER });
    const plain = await get('/assets/app-abc123.js');
    expect(br.headers.etag).toBeDefined();
    expect(plain.headers.etag).toBeDefined();
    expect(br.headers.etag).not.toBe(plain.headers.etag);

    const again = await get('/assets/app-abc123.js', { 'accept-encoding': BROWSER, 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const plainAgain = await get('/assets/app-abc123.js', { 'if-none-match': plain.headers.etag! });
    expect(plainAgain.status).toBe(304);

    const index = await get('/', { 'accept-encoding': BROWSER });
    const indexAgain = await get('/', { 'accept-encoding': BROWSER, 'if-none-match': index.headers.etag! });
    expect(indexAgain.status).toBe(304);
  });

  it('answers HEAD with the headers of the compressed file and no body', async () => {
    const res = await request(stack.url, '/assets/app-abc123.js', { 'accept-encoding': BROWSER }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body.length).toBe(0);
  });

  it('revalidates index.html every time (no-cache), at / , by name and as the fallback of client routes, compressed or not', async () => {
    for (const route of ['/', '/index.html', '/products', '/admin/orders']) {
      const br = await get(route, { 'accept-encoding': BROWSER });
      expect({ route, status: br.status, encoding: br.headers['content-encoding'], cache: br.headers['cache-control'] }).toEqual({
        route,
        status: 200,
        encoding: 'br',
        cache: 'no-cache',
      });
      expect(brotliDecompressSync(br.body).toString()).toBe(INDEX);
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['content-security-policy']).toContain("default-src 'self'");

      // no gzip copy of index.html: plain
      const gzipOnly = await get(route, { 'accept-encoding': 'gzip' });
      expect({ route, encoding: gzipOnly.headers['content-encoding'], cache: gzipOnly.headers['cache-control'] }).toEqual({ route, encoding: undefined, cache: 'no-cache' });
      expect(gzipOnly.body.toString()).toBe(INDEX);
      expect(gzipOnly.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('answers 404 for a missing asset (a chunk of another build), never index.html, and keeps nothing', async () => {
    for (const rawPath of ['/assets/app-000000.js', '/assets/app-000000.css', '/assets/nested/app-000000.js']) {
      const res = await get(rawPath, { 'accept-encoding': BROWSER });
      expect({ rawPath, status: res.status, type: res.headers['content-type'], cache: res.headers['cache-control'], body: res.body.toString() }).toEqual({
        rawPath,
        status: 404,
        type: 'text/plain; charset=utf-8',
        cache: 'no-store',
        body: 'Not found',
      });
    }
    // a client route with a dot in it is still the app
    const route = await get('/products/v1.2', { 'accept-encoding': 'identity' });
    expect(route.status).toBe(200);
    expect(route.body.toString()).toBe(INDEX);
  });

  it('serves nothing outside dist, compressed or not, and leaves /api, /socket.io and /objects alone', async () => {
    for (const rawPath of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt']) {
      // refused, or the SPA fallback (index.html, brotli as accepted): never the file or its copy
      const res = await get(rawPath, { 'accept-encoding': BROWSER });
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body;
      expect(body.toString()).not.toContain('secret');
    }
    const apiRoute = await get('/api/nothing-here', { 'accept-encoding': BROWSER });
    expect(apiRoute.status).toBe(404);
    expect(apiRoute.headers['content-type']).toContain('application/json');
    expect(apiRoute.headers['cache-control']).toBe('no-store');
    for (const route of ['/objects/uploads/x', '/socket.io/x']) {
      const res = await get(route, { 'accept-encoding': BROWSER });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).not.toContain('<div id="root">');
    }
  });
});
