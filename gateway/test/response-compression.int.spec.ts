/**
 * The API's answers compressed for a client that accepts it (gateway/src/http/response-compression.ts):
 * JSON of 1 KB and more in brotli or gzip, negotiated; small answers and clients that accept no
 * encoding get the bytes as they are; the catalogue sends a copy made once, under the same weak
 * ETag as its plain bytes.
 */
import { ApiClient, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import * as http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** node:http, so the request carries exactly these headers and the body comes back as sent (fetch would decode it). */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const varies = (headers: IncomingHttpHeaders) => /accept-encoding/i.test(String(headers.vary ?? ''));

describe('compressed API answers', () => {
  let stack: TestStack;
  let admin: ApiClient;
  let customer: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog'] });
    admin = await signedInAdmin(stack.url);
    customer = await signedInCustomer(stack.url);
    // a catalogue well over the threshold
    for (let i = 0; i < 12; i++) {
      const created = await admin.post('/api/products', {
        name: `Compressible Loaf ${i}`,
        description: 'Long-fermented country sourdough with a dark, blistered crust. '.repeat(3),
        price: '6.50',
        category: 'breads',
        stock: 40,
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(() => stack?.close());

  it('sends JSON of 1 KB and more in the encoding the client prefers, and as it is to one that accepts none', async () => {
    const plain = await get(stack.url, '/api/openapi.json');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = JSON.parse(plain.body.toString('utf8'));
    expect(document.paths['/api/products']).toBeDefined();

    const br = await get(stack.url, '/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(document);

    const gzip = await get(stack.url, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(document);

    const identity = await get(stack.url, '/api/openapi.json', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const me = await get(stack.url, '/api/auth/user', { cookie: customer.cookie!, 'accept-encoding': 'br, gzip' });
    expect(me.status).toBe(200);
    expect(me.body.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(me.body.toString('utf8'))).toMatchObject({ role: 'customer' });
  });

  it("sends the catalogue's compressed copy under its plain bytes' ETag, and 304 to a browser holding either", async () => {
    const headers = { cookie: customer.cookie! };
    const plain = await get(stack.url, '/api/products', headers);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers)).toBe(true);
    const products = JSON.parse(plain.body.toString('utf8')) as { name: string }[];
    expect(products.filter((p) => p.name.startsWith('Compressible Loaf'))).toHaveLength(12);
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get(stack.url, '/api/products', { ...headers, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(products);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.headers.etag).toMatch(/^W\//);
    // the same copy again (kept with the cached list: catalogue-cache.spec.ts)
    expect((await get(stack.url, '/api/products', { ...headers, 'accept-encoding': 'br' })).body.equals(br.body)).toBe(true);

    const gzip = await get(stack.url, '/api/products', { ...headers, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(products);

    const revalidated = await get(stack.url, '/api/products', { ...headers, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();

    // a change makes a new list, and new copies of it
    await admin.post('/api/products', { name: 'Compressible Loaf 12', description: 'x', price: '7.00', category: 'breads', stock: 5 });
    const changed = await get(stack.url, '/api/products', { ...headers, 'accept-encoding': 'br' });
    expect(changed.headers.etag).not.toBe(br.headers.etag);
    expect((JSON.parse(brotliDecompressSync(changed.body).toString('utf8')) as { name: string }[]).map((p) => p.name)).toContain('Compressible Loaf 12');
  });
});
