import { api, ApiClient, eventually, rawGet, signedInCustomer, TestStack } from '@bakery/testing';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { pngFromChunks, realImage } from './support/photos';

/** A real 1x1 PNG: one crust-coloured RGBA pixel (filter byte 0, then R, G, B, A). */
function onePixelPng(): Buffer {
  return pngFromChunks(1, 1, deflateSync(Buffer.from([0, 0xc8, 0x8c, 0x3c, 0xff])), 6);
}

const PNG = onePixelPng();
// Real 1x1 pictures (registration decodes the whole file, so a few magic bytes no longer pass).
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ALgAMVP/2Q==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAExpcciMPCH5BAUAAAAALAAAAAABAAEAAAICTAEAOw==', 'base64');
const WEBP = Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAdQxiKXp/+BiOh/AAA=', 'base64');

const MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_URL = /^\/objects\/upload\/([0-9a-f-]{36})\?expires=(\d+)&signature=([0-9a-f]{64})$/;

describe('photo uploads: local storage driver', () => {
  let stack: TestStack;
  let workDir: string;
  let storageDir: string;
  let customer: ApiClient;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'bakery-uploads-'));
    storageDir = path.join(workDir, 'objects'); // not there yet: the gateway creates it
    // catalog issues the upload ids and records their registration
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog'], env: { OBJECT_STORAGE_DIR: storageDir } });
    customer = await signedInCustomer(stack.url);
  });
  afterAll(async () => {
    await stack?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function newUploadUrl(client = customer): Promise<{ uploadURL: string; id: string }> {
    const res = await client.post<{ uploadURL: string }>('/api/objects/upload');
    expect(res.status).toBe(200);
    const id = UPLOAD_URL.exec(res.body.uploadURL)?.[1];
    if (!id) throw new Error(`unexpected upload URL ${res.body.uploadURL}`);
    return { uploadURL: res.body.uploadURL, id };
  }

  /** PUT of raw bytes to an upload URL (relative to the gateway), as a browser does it. */
  async function upload(uploadURL: string, body: Buffer | ReadableStream<Uint8Array>, contentType?: string, base = stack.url) {
    const res = await fetch(`${base}${uploadURL}`, {
      method: 'PUT',
      headers: contentType ? { 'content-type': contentType } : {},
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await res.text();
    return { status: res.status, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
  }

  function register(imageURL: unknown, client = customer) {
    return client.put<{ objectPath?: string; errors?: Record<string, string[]> }>('/api/products/images', { imageURL });
  }

  async function filesOf(id: string): Promise<string[]> {
    return (await readdir(storageDir)).filter((name) => name.startsWith(id));
  }

  it('uploads a real PNG, registers it and serves the same bytes with cache headers', async () => {
    const { uploadURL, id } = await newUploadUrl();
    const expires = Number(UPLOAD_URL.exec(uploadURL)![2]);
    expect(expires).toBeGreaterThan(Date.now() / 1000 + 850);
    expect(expires).toBeLessThanOrEqual(Date.now() / 1000 + 901);

    expect((await upload(uploadURL, PNG, 'image/png')).status).toBe(200);

    // not served until it is registered
    expect((await api(stack.url, 'GET', `/objects/uploads/${id}`)).status).toBe(404);

    const registered = await register(uploadURL);
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ objectPath: `/objects/uploads/${id}` });

    const res = await fetch(`${stack.url}/objects/uploads/${id}`); // anonymous: images are public
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const again = await rawGet(stack.url, `/objects/uploads/${id}`, { 'if-none-match': etag! });
    expect(again).toMatchObject({ status: 304, body: '' });

    // registering again (here with the absolute URL) answers the same path
    expect((await register(`${stack.url}${uploadURL}`)).body).toEqual({ objectPath: `/objects/uploads/${id}` });
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg', 'image/jpeg'],
    ['GIF', GIF, 'image/gif', 'application/octet-stream'],
    ['WebP', WEBP, 'image/webp', undefined],
    // not parsed as JSON: the bytes decide, not the declared type
    ['PNG declared as JSON', PNG, 'image/png', 'application/json'],
  ])('accepts a %s by its bytes and serves it as what they show', async (_name, bytes, servedAs, declared) => {
    const { uploadURL, id } = await newUploadUrl();
    expect((await upload(uploadURL, bytes, declared)).status).toBe(200);
    expect((await register(uploadURL)).status).toBe(200);
    const res = await fetch(`${stack.url}/objects/uploads/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(servedAs);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves a registered photo as a thumbnail for lists: 320 px wide WebP, aspect kept, made once and kept', async () => {
    const photo = await realImage('jpeg', 1200, 900);
    const { uploadURL, id } = await newUploadUrl();
    expect((await upload(uploadURL, photo, 'image/jpeg')).status).toBe(200);
    // not before it is registered, like the photo
    expect((await api(stack.url, 'GET', `/objects/uploads/${id}/thumbnail`)).status).toBe(404);
    expect((await register(uploadURL)).status).toBe(200);

    const res = await fetch(`${stack.url}/objects/uploads/${id}/thumbnail`); // anonymous, as the photo
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(bytes.length).toBeLessThan(photo.length / 4);

    // kept beside the photo: the next request reads it back, whatever happened to the maker
    expect(await filesOf(id)).toEqual(expect.arrayContaining([id, `${id}.thumbnail`]));
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"t1-[0-9a-f]{64}"$/);
    const again = await fetch(`${stack.url}/objects/uploads/${id}/thumbnail`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await rawGet(stack.url, `/objects/uploads/${id}/thumbnail`, { 'if-none-match': etag })).toMatchObject({ status: 304, body: '' });
    // the photo itself is still served whole
    expect((await sharp(Buffer.from(await (await fetch(`${stack.url}/objects/uploads/${id}`)).arrayBuffer())).metadata()).width).toBe(1200);
  });

  it('never enlarges a small photo, and a burst of first requests gets one and the same thumbnail', async () => {
    const { uploadURL, id } = await newUploadUrl();
    expect((await upload(uploadURL, await realImage('png', 40, 30), 'image/png')).status).toBe(200);
    expect((await register(uploadURL)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await fetch(`${stack.url}/objects/uploads/${id}/thumbnail`);
        return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.bytes.equals(answers[0].bytes)).toBe(true);
    expect(await sharp(answers[0].bytes).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
    // one kept thumbnail and no temporaries left behind
    expect((await filesOf(id)).sort()).toEqual([id, `${id}.json`, `${id}.thumbnail`]);
  });

  it.each([
    ['an unknown id', () => `/objects/uploads/${randomUUID()}/thumbnail`],
    ['a path that is not an id', () => '/objects/uploads/..%2Fsecret/thumbnail'],
  ])('answers 404 for the thumbnail of %s', async (_what, route) => {
    const res = await api(stack.url, 'GET', route());
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404 });
  });

  it('refuses a body over 10 MB with 413 and keeps nothing, whether its length is declared or not', async () => {
    const tooBig = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES + 512 * 1024 - PNG.length)]); // 10.5 MB
    const declared = await newUploadUrl();
    const refused = await upload(declared.uploadURL, tooBig, 'image/png');
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The photo is too large: at most 10 MB' });
    expect(await filesOf(declared.id)).toEqual([]);
    expect((await register(declared.uploadURL)).status).toBe(404);

    // chunked, without Content-Length: counted while it streams
    const streamed = await newUploadUrl();
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= tooBig.length) return controller.close();
        controller.enqueue(tooBig.subarray(offset, offset + 64 * 1024));
        offset += 64 * 1024;
      },
    });
    const refusedStream = await upload(streamed.uploadURL, body, 'image/png');
    expect(refusedStream.status).toBe(413);
    expect(refusedStream.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await filesOf(streamed.id)).toEqual([]);
    expect((await register(streamed.uploadURL)).status).toBe(404);
  });

  it('accepts a photo of exactly the limit', async () => {
    const { uploadURL } = await newUploadUrl();
    const atLimit = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES - PNG.length)]);
    expect((await upload(uploadURL, atLimit, 'image/png')).status).toBe(200);
  });

  it('refuses a text file sent as image/png to a .png-looking URL with 415 and keeps nothing', async () => {
    const { uploadURL, id } = await newUploadUrl();
    const res = await upload(`${uploadURL}&name=photo.png`, Buffer.from('this is not a photo, just text\n'.repeat(100)), 'image/png');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only JPEG, PNG, GIF or WebP images are accepted' });
    expect(await filesOf(id)).toEqual([]);

    const empty = await newUploadUrl();
    expect((await upload(empty.uploadURL, Buffer.alloc(0), 'image/png')).status).toBe(415);
  });

  it('refuses an expired upload URL with 403', async () => {
    // a second gateway on the same storage, whose URLs last one second
    const shortLived = await stack.startGateway({ UPLOAD_URL_TTL_SECONDS: '1' });
    const { uploadURL, id } = await newUploadUrl(customer.on(shortLived.url));
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await upload(uploadURL, PNG, 'image/png');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: 'This upload URL has expired' });
    expect(await filesOf(id)).toEqual([]);
  });

  it('refuses an altered upload URL with 403 and still takes the genuine one', async () => {
    const { uploadURL, id } = await newUploadUrl();
    const [, , expires, signature] = UPLOAD_URL.exec(uploadURL)!;
    const flipped = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    const altered = [
      uploadURL.replace(`expires=${expires}`, `expires=${Number(expires) + 3600}`),
      uploadURL.replace(signature, flipped),
      uploadURL.replace(id, randomUUID()),
      uploadURL.replace(/&signature=.*$/, ''),
      `/objects/upload/${id}`,
    ];
    for (const url of altered) {
      const res = await upload(url, PNG, 'image/png');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'This upload URL is not valid' });
    }
    expect(await filesOf(id)).toEqual([]);
    expect((await upload(uploadURL, PNG, 'image/png')).status).toBe(200);
  });

  it('keeps nothing of an upload the client gives up half-way, so the URL can be used again', async () => {
    const { uploadURL, id } = await newUploadUrl();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 8) return controller.error(new Error('the user closed the tab'));
        controller.enqueue(sent === 0 ? PNG : new Uint8Array(16 * 1024));
        sent++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      },
    });
    await expect(upload(uploadURL, body, 'image/png')).rejects.toThrow();
    await eventually(async () => (await filesOf(id)).length === 0);
    expect((await upload(uploadURL, PNG, 'image/png')).status).toBe(200);
  });

  it('takes one upload per URL: a second PUT gets 409 and the first file stays', async () => {
    const { uploadURL, id } = await newUploadUrl();
    expect((await upload(uploadURL, PNG, 'image/png')).status).toBe(200);
    const second = await upload(uploadURL, GIF, 'image/gif');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'CONFLICT', message: 'This upload URL has already been used' });

    // two at once: one wins
    const race = await newUploadUrl();
    const statuses = (await Promise.all([upload(race.uploadURL, PNG, 'image/png'), upload(race.uploadURL, JPEG, 'image/jpeg')])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);

    expect((await register(uploadURL)).status).toBe(200);
    const res = await fetch(`${stack.url}/objects/uploads/${id}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    ['another host', () => `https://images.example.com/objects/upload/${randomUUID()}`],
    ['a protocol-relative URL to another host', () => `//images.example.com/objects/upload/${randomUUID()}`],
    ['another path of ours', () => `/objects/uploads/${randomUUID()}`],
    ['an API path', () => `/api/objects/upload/${randomUUID()}`],
    ['an id that is not a uuid', () => '/objects/upload/../../etc/passwd'],
    ['garbage', () => 'not a url at all'],
    ['a script URL', () => 'javascript:alert(1)'],
    ['an empty string', () => ''],
    ['a number', () => 42],
  ])('PUT /api/products/images refuses %s with 400 on imageURL', async (_what, imageURL) => {
    const res = await register(imageURL());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(res.body.errors?.imageURL?.length).toBeGreaterThan(0);
  });

  it('PUT /api/products/images refuses unknown fields with 400 and an unknown upload with 404', async () => {
    const { uploadURL } = await newUploadUrl();
    const extra = await customer.put('/api/products/images', { imageURL: uploadURL, public: true });
    expect(extra.status).toBe(400);

    // a URL of ours whose file was never uploaded, and a made-up id
    expect((await register(uploadURL)).status).toBe(404);
    const unknown = await register(`/objects/upload/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('answers 404 JSON for every object path that is not a registered upload, traversal attempts included', async () => {
    // something worth reaching, just outside the storage directory
    await writeFile(path.join(workDir, 'secret'), 'do not serve');
    for (const rawPath of [
      '/objects/uploads/..%2F..%2Fetc%2Fpasswd',
      '/objects/uploads/../secret',
      '/objects/uploads/..%2Fsecret',
      '/objects/uploads/%2e%2e%2fsecret',
      '/objects/uploads/..',
      '/objects/uploads/not-a-uuid',
      `/objects/uploads/${randomUUID()}`,
      `/objects/uploads/${randomUUID()}.json`,
    ]) {
      const res = await rawGet(stack.url, rawPath);
      expect({ rawPath, status: res.status }).toEqual({ rawPath, status: 404 });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('asks for sign-in to get an upload URL or register an image', async () => {
    const anonymous = new ApiClient(stack.url);
    const url = await anonymous.post('/api/objects/upload');
    expect(url.status).toBe(401);
    expect(url.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect((await anonymous.put('/api/products/images', { imageURL: `/objects/upload/${randomUUID()}` })).status).toBe(401);
  });
});
