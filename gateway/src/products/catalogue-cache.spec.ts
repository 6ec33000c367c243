import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cachedBody } from './catalogue-cache';

describe('the catalogue cache’s body', () => {
  const products = Array.from({ length: 40 }, (_, i) => ({ id: String(i), name: `Sourdough ${i}`, description: 'Long-fermented, dark crust' }));

  it('compresses each encoding once and keeps the copy with the bytes', () => {
    const body = cachedBody(products);
    const br = body.encoded('br');
    expect(body.encoded('br')).toBe(br);
    expect(JSON.parse(brotliDecompressSync(br).toString('utf8'))).toEqual(products);
    const gzip = body.encoded('gzip');
    expect(body.encoded('gzip')).toBe(gzip);
    expect(gunzipSync(gzip).equals(body.json)).toBe(true);
    expect(br.length).toBeLessThan(body.json.length / 4);
  });

  it('tags the list weakly, the same for the same list and another for another', () => {
    expect(cachedBody(products).etag).toMatch(/^W\/"/);
    expect(cachedBody(products).etag).toBe(cachedBody(products).etag);
    expect(cachedBody(products.slice(1)).etag).not.toBe(cachedBody(products).etag);
  });
});
