import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { PipelineRefusal } from './error-response';
import { jsonBodyProblem, jsonSeparators, MAX_JSON_ENTRIES, parseJsonBody, webApp } from './http-pipeline';

describe('jsonBodyProblem: bounded bodies', () => {
  const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

  it('accepts up to MAX_JSON_ENTRIES keys and array elements in all, and refuses more as too large', () => {
    expect(jsonBodyProblem(keys(MAX_JSON_ENTRIES))).toBeNull();
    expect(jsonBodyProblem(keys(MAX_JSON_ENTRIES + 1))).toEqual({ message: `Request body has too many fields (at most ${MAX_JSON_ENTRIES})`, tooLarge: true });
    expect(jsonBodyProblem({ list: Array.from({ length: MAX_JSON_ENTRIES }, () => 1) })).toEqual(expect.objectContaining({ tooLarge: true }));
    // nested objects add up
    expect(jsonBodyProblem({ a: keys(200), b: keys(100) })).toEqual(expect.objectContaining({ tooLarge: true }));
    expect(jsonBodyProblem(Array.from({ length: 10_000 }, () => ({})))).toEqual(expect.objectContaining({ tooLarge: true }));
  });

  it('still refuses prototype keys, NUL and deep nesting as before', () => {
    expect(jsonBodyProblem(JSON.parse('{"__proto__": {"x": 1}}'))).toEqual({ field: undefined, message: 'Property __proto__ is not allowed' });
    expect(jsonBodyProblem({ name: 'a\u0000b' })).toEqual({ field: 'name', message: 'Text cannot contain NUL characters' });
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(jsonBodyProblem(deep)).toEqual({ field: 'd', message: 'Request body is nested too deeply' });
  });
});

describe('jsonSeparators: counted on the raw text, before parsing', () => {
  const raw = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('counts commas between keys and elements, not inside strings (escaped quotes included)', () => {
    expect(jsonSeparators(raw({ a: 1, b: [1, 2, 3], c: { d: 'x' } }), 100)).toBe(4);
    expect(jsonSeparators(raw({ text: 'a, b, "c, d", \\, e' }), 100)).toBe(0);
    expect(jsonSeparators(raw({ text: 'Brötchen, Käse', n: 1 }), 100)).toBe(1);
  });

  it('stops just past the limit', () => {
    const wide = raw(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 0])));
    expect(jsonSeparators(wide, 256)).toBe(257);
  });

  it('never counts fewer commas than keys and elements minus containers', () => {
    const body = { list: Array.from({ length: 300 }, (_, i) => i) };
    expect(jsonSeparators(raw(body), 1000)).toBe(299);
    expect(jsonBodyProblem(body)).toEqual(expect.objectContaining({ tooLarge: true }));
  });
});

describe('parseJsonBody: what a JSON body becomes, or the refusal it gets', () => {
  const refusalOf = (contentType: string | undefined, body: Buffer) => {
    try {
      parseJsonBody(contentType, body);
    } catch (err) {
      return err instanceof PipelineRefusal ? err.body : err;
    }
    return null;
  };
  const JSON_TYPE = 'application/json';

  it('parses an object or array, and reads an empty body as {}', () => {
    expect(parseJsonBody(JSON_TYPE, Buffer.from(' {"name":"Rye","n":[1,2]}\n'))).toEqual({ name: 'Rye', n: [1, 2] });
    expect(parseJsonBody('application/json; charset=UTF-8', Buffer.from('[]'))).toEqual([]);
    expect(parseJsonBody(JSON_TYPE, Buffer.alloc(0))).toEqual({});
  });

  it('refuses what body-parser refused, with the same answers', () => {
    const notJson = { statusCode: 400, message: 'Request body is not valid JSON', code: 'VALIDATION_FAILED' };
    expect(refusalOf(JSON_TYPE, Buffer.from('"x"'))).toEqual(notJson);
    expect(refusalOf(JSON_TYPE, Buffer.from(' \t\r\n'))).toEqual(notJson);
    expect(refusalOf(JSON_TYPE, Buffer.from('null'))).toEqual(notJson);
    expect(refusalOf(JSON_TYPE, Buffer.from('{"a":'))).toEqual(notJson);
    expect(refusalOf(JSON_TYPE, Buffer.from('\ufeff{}'))).toEqual(notJson);
    expect(refusalOf('application/json; charset=latin1', Buffer.from('{}'))).toEqual({ statusCode: 415, message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(refusalOf(JSON_TYPE, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]))).toEqual({ statusCode: 400, message: 'Request body is not valid UTF-8', code: 'VALIDATION_FAILED' });
  });

  it('refuses the shapes this API never accepts: too many entries before parsing, NUL with its field', () => {
    const wide = Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]))));
    expect(refusalOf(JSON_TYPE, wide)).toEqual(expect.objectContaining({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' }));
    expect(refusalOf(JSON_TYPE, Buffer.from('{"name":"a\\u0000b"}'))).toEqual({
      statusCode: 400,
      message: 'Text cannot contain NUL characters',
      code: 'VALIDATION_FAILED',
      errors: { name: ['Text cannot contain NUL characters'] },
    });
  });
});

describe('webApp: the built web app', () => {
  it('serves it from a WEB_DIST_DIR given relative to the working directory (was a 500 on every page)', async () => {
    const dist = mkdtempSync(path.join(process.cwd(), '.web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Bakery</title>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = Fastify();
    app.addHook('onRequest', webApp(path.relative(process.cwd(), dist)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const page = await fetch(`${base}/products`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<!doctype html><title>Bakery</title>');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const asset = await fetch(`${base}/assets/app-abc123.js`);
      expect(asset.status).toBe(200);
      expect(await asset.text()).toBe('console.log(1)');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
