/**
 * The attacks on photo uploads of the security issue, each through the HTTP API of a real stack:
 * unlimited upload URLs (quota and rate), uploads never registered kept forever (the sweepers),
 * registering someone else's upload, products and submissions naming images that do not exist or
 * were never registered, and files that only look like images by their first bytes.
 */
import { ApiClient, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { randomUUID } from 'node:crypto';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { pngFromChunks, putBytes, realImage, registerUpload, requestUploadUrl, uploadPhoto } from './support/photos';

/** The defaults of catalog's UPLOAD_PENDING_MAX and UPLOAD_RATE_PER_HOUR, and the gateway's URL lifetime. */
const PENDING_MAX = 20;
const RATE_PER_HOUR = 60;
const URL_TTL_SECONDS = 900;

describe('photo upload attacks', () => {
  let stack: TestStack;
  let storageDir: string;
  let admin: ApiClient;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['auth', 'customers', 'catalog'] });
    storageDir = stack.env.OBJECT_STORAGE_DIR!;
    admin = await signedInAdmin(stack.url);
  });
  afterAll(() => stack?.close());

  const filesOf = async (id: string) => (await readdir(storageDir)).filter((name) => name.startsWith(id)).sort();
  const served = (id: string) => fetch(`${stack.url}/objects/uploads/${id}`);

  describe('upload URLs are limited per user', () => {
    it(`issues at most ${PENDING_MAX} pending upload URLs to one user, even to ${PENDING_MAX + 10} requests at once`, async () => {
      const customer = await signedInCustomer(stack.url);
      const me = (await customer.get('/api/auth/user')).body.id;
      const answers = await Promise.all(Array.from({ length: PENDING_MAX + 10 }, () => requestUploadUrl(customer)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(PENDING_MAX);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect(answers.find((a) => a.status === 429)!.body).toMatchObject({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        message: `You have ${PENDING_MAX} photo uploads that are not registered yet: register them, or wait for their upload URLs to expire`,
      });
      expect(await stack.query('catalog', 'SELECT count(*)::int AS n FROM uploads WHERE owner_id = $1', [me])).toEqual([{ n: PENDING_MAX }]);

      // another user has a quota of their own; registering one frees a place for this one
      expect((await requestUploadUrl(await signedInCustomer(stack.url))).status).toBe(200);
      const first = answers.find((a) => a.status === 200)!;
      expect(await putBytes(stack.url, first.uploadURL, await realImage())).toBe(200);
      expect((await registerUpload(customer, first.uploadURL)).status).toBe(200);
      expect((await requestUploadUrl(customer)).status).toBe(200);
      expect((await requestUploadUrl(customer)).status).toBe(429);
    });

    it(`issues at most ${RATE_PER_HOUR} upload URLs an hour to one user, even when each is registered`, async () => {
      const customer = await signedInCustomer(stack.url);
      const photo = await realImage();
      // in rounds of the pending quota, each upload completed (so none is pending)
      for (let round = 0; round < RATE_PER_HOUR / PENDING_MAX; round++) {
        const urls = await Promise.all(Array.from({ length: PENDING_MAX }, () => requestUploadUrl(customer)));
        expect(urls.map((u) => u.status)).toEqual(Array(PENDING_MAX).fill(200));
        await Promise.all(
          urls.map(async ({ uploadURL }) => {
            expect(await putBytes(stack.url, uploadURL, photo)).toBe(200);
            expect((await registerUpload(customer, uploadURL)).status).toBe(200);
          }),
        );
      }
      const next = await requestUploadUrl(customer);
      expect(next.status).toBe(429);
      expect(next.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: `Too many photo uploads: at most ${RATE_PER_HOUR} an hour. Please try again later` });
    });
  });

  describe('only the uploader registers an upload', () => {
    it("answers 404 to another customer or an admin registering someone's upload, which stays theirs", async () => {
      const owner = await signedInCustomer(stack.url);
      const other = await signedInCustomer(stack.url);
      const { uploadURL, id } = await requestUploadUrl(owner);
      expect(await putBytes(stack.url, uploadURL, await realImage())).toBe(200);

      for (const thief of [other, admin]) {
        const stolen = await registerUpload(thief, uploadURL);
        expect(stolen.status).toBe(404);
        expect(stolen.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'No upload was found at this URL' });
      }
      // exactly what an id nobody was issued gets
      const unknown = await registerUpload(other, `/objects/upload/${randomUUID()}`);
      expect(unknown.body).toEqual((await registerUpload(other, uploadURL)).body);
      expect((await served(id)).status).toBe(404);

      expect(await registerUpload(owner, uploadURL)).toMatchObject({ status: 200, body: { objectPath: `/objects/uploads/${id}` } });
      // registered: still not someone else's to register again
      expect((await registerUpload(other, uploadURL)).status).toBe(404);
      expect((await registerUpload(owner, uploadURL)).status).toBe(200);
    });

    it('refuses to register an upload once its URL has expired, with 403', async () => {
      const customer = await signedInCustomer(stack.url);
      const { uploadURL, id } = await requestUploadUrl(customer);
      expect(await putBytes(stack.url, uploadURL, await realImage())).toBe(200);
      // the URL's lifetime, passed: catalog's clock is Postgres's
      await stack.query('catalog', `UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
      const late = await registerUpload(customer, uploadURL);
      expect(late.status).toBe(403);
      expect(late.body).toMatchObject({
        statusCode: 403,
        code: 'FORBIDDEN',
        message: 'This upload URL has expired: request a new one and upload the photo again',
      });
      expect((await served(id)).status).toBe(404);
    });
  });

  describe('uploads never registered are swept', () => {
    it('deletes them from the storage and from catalog once their URL has expired, and keeps registered ones (local driver)', async () => {
      // loaded here, so the other tests of this file also run on a gateway without a sweeper
      const { UploadSweeper: GatewaySweeper } = require('../src/uploads/upload-sweeper');
      const { UploadSweeper: CatalogSweeper } = require('@bakery/service-catalog');
      const customer = await signedInCustomer(stack.url);
      const me = (await customer.get('/api/auth/user')).body.id;
      const abandoned = await requestUploadUrl(customer);
      expect(await putBytes(stack.url, abandoned.uploadURL, await realImage())).toBe(200);
      const kept = await requestUploadUrl(customer);
      expect(await putBytes(stack.url, kept.uploadURL, await realImage())).toBe(200);
      const keptPath = (await registerUpload(customer, kept.uploadURL)).body.objectPath;
      // what an upload cut off by a crash leaves behind
      const leftover = path.join(storageDir, `${randomUUID()}.part`);
      await writeFile(leftover, 'half a photo');
      const longAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(leftover, longAgo, longAgo);

      const gatewaySweeper = stack.gateway().app.get(GatewaySweeper);
      const catalogSweeper = stack.instancesOf('catalog')[0].app.get(CatalogSweeper);

      // now: nothing is due (the leftover's partial file is, and goes)
      expect(await gatewaySweeper.sweep(new Date())).toBe(0);
      expect(await filesOf(abandoned.id)).toEqual([abandoned.id, `${abandoned.id}.json`]);
      expect((await readdir(storageDir)).includes(path.basename(leftover))).toBe(false);
      expect(await catalogSweeper.sweep(new Date())).toBe(0);

      // once the URL's lifetime (and the minute of grace) has passed
      const later = new Date(Date.now() + (URL_TTL_SECONDS + 61) * 1000);
      expect(await gatewaySweeper.sweep(later)).toBeGreaterThanOrEqual(1);
      expect(await filesOf(abandoned.id)).toEqual([]);
      expect(await filesOf(kept.id)).toEqual([kept.id, `${kept.id}.json`]);
      expect((await served(kept.id)).status).toBe(200);
      // a second gateway sweeping the same directory finds nothing left to do
      expect(await gatewaySweeper.sweep(later)).toBe(0);

      // catalog keeps the row until the hour of the rate has passed, then forgets it
      const rows = () => stack.query('catalog', 'SELECT id FROM uploads WHERE owner_id = $1 ORDER BY id', [me]);
      expect((await rows()).length).toBe(2);
      expect(await catalogSweeper.sweep(new Date(Date.now() + 2 * 3600_000))).toBeGreaterThanOrEqual(1);
      expect(await rows()).toEqual([{ id: kept.id }]);
      expect((await registerUpload(customer, abandoned.uploadURL)).status).toBe(404);
      // the registered one is still a product photo
      expect((await admin.post('/api/products', { name: `Swept ${randomUUID()}`, price: '2.00', category: 'breads', stock: 1, imageUrl: keptPath })).status).toBe(201);
    });
  });

  describe('products and submissions name only registered images', () => {
    const product = (imageUrl: string) => ({ name: `Loaf ${randomUUID().slice(0, 8)}`, price: '3.00', category: 'breads', stock: 5, imageUrl });
    const productCount = async () => (await stack.query('catalog', 'SELECT count(*)::int AS n FROM products'))[0].n;

    it('refuses, with 400 on imageUrl and nothing written, an image that does not exist or was never registered', async () => {
      const customer = await signedInCustomer(stack.url);
      const unregistered = await requestUploadUrl(customer);
      expect(await putBytes(stack.url, unregistered.uploadURL, await realImage())).toBe(200);
      const adminUnregistered = await requestUploadUrl(admin);
      expect(await putBytes(stack.url, adminUnregistered.uploadURL, await realImage())).toBe(200);
      const existing = (await admin.post('/api/products', { name: `Plain ${randomUUID()}`, price: '1.00', category: 'breads', stock: 1 })).body;
      const before = await productCount();

      const refusals = [
        await admin.post('/api/products', product(`/objects/uploads/${randomUUID()}`)),
        await admin.post('/api/products', product(`/objects/uploads/${adminUnregistered.id}`)),
        await admin.patch(`/api/products/${existing.id}`, { imageUrl: `/objects/uploads/${randomUUID()}` }),
        await customer.post('/api/products/customer', { price: '3.00', stock: 5, imageUrl: `/objects/uploads/${randomUUID()}` }),
        await customer.post('/api/products/customer', { price: '3.00', stock: 5, imageUrl: `/objects/uploads/${unregistered.id}` }),
      ];
      for (const res of refusals) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
        expect(res.body.errors.imageUrl).toEqual([expect.stringMatching(/registered through PUT \/api\/products\/images/)]);
      }
      expect(await productCount()).toBe(before);
      expect((await admin.get(`/api/products/${existing.id}`)).body.imageUrl).toBeNull();
    });

    it("refuses a customer's submission showing another customer's photo; takes their own, and an admin may use any registered photo", async () => {
      const alice = await signedInCustomer(stack.url);
      const bob = await signedInCustomer(stack.url);
      const alicePhoto = await uploadPhoto(alice);
      const before = await productCount();

      const stolen = await bob.post('/api/products/customer', { price: '3.00', stock: 5, imageUrl: alicePhoto });
      expect(stolen.status).toBe(400);
      expect(stolen.body.errors).toEqual({ imageUrl: ['Product photo must be an image you uploaded and registered through PUT /api/products/images'] });
      expect(await productCount()).toBe(before);

      expect((await alice.post('/api/products/customer', { price: '3.00', stock: 5, imageUrl: alicePhoto })).status).toBe(201);
      const created = await admin.post('/api/products', product(alicePhoto));
      expect(created.status).toBe(201);
      const edited = await admin.patch(`/api/products/${created.body.id}`, { imageUrl: await uploadPhoto(admin), name: 'Renamed' });
      expect(edited.status).toBe(200);
      // an edit that keeps the photo it has needs nothing more
      expect((await admin.patch(`/api/products/${created.body.id}`, { imageUrl: edited.body.imageUrl, stock: 9 })).status).toBe(200);
    });
  });

  describe('a photo must decode as the image its first bytes claim', () => {
    async function uploadAndRegister(bytes: Buffer, contentType: string) {
      const customer = await signedInCustomer(stack.url);
      const { uploadURL, id } = await requestUploadUrl(customer);
      const put = await putBytes(stack.url, uploadURL, bytes, contentType);
      const registered = put === 200 ? await registerUpload(customer, uploadURL) : undefined;
      return { id, put, registered };
    }

    it.each([
      ['a 3-byte "JPEG"', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg'],
      ['a GIF/JavaScript polyglot', Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;fetch("/api/auth/user").then(r=>r.text()).then(alert);//', 'latin1'), 'image/gif'],
      ['a PNG signature followed by HTML', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]), 'image/png'],
      ['a JPEG cut off half-way', 'truncated-jpeg', 'image/jpeg'],
      ['a WebP file that is really a PNG inside a RIFF header', 'riff-png', 'image/webp'],
    ])('refuses %s with 415 and deletes it', async (_what, bytesOrKind, contentType) => {
      let bytes: Buffer;
      if (bytesOrKind === 'truncated-jpeg') {
        const jpeg = await realImage('jpeg', 64, 64);
        bytes = jpeg.subarray(0, Math.floor(jpeg.length / 2));
      } else if (bytesOrKind === 'riff-png') {
        bytes = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'), await realImage('png')]);
      } else {
        bytes = bytesOrKind as Buffer;
      }
      const { id, registered } = await uploadAndRegister(bytes, contentType);
      expect(registered?.status).toBe(415);
      expect(registered?.body).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only JPEG, PNG, GIF or WebP images are accepted' });
      expect(await filesOf(id)).toEqual([]);
      expect((await served(id)).status).toBe(404);
    });

    it('refuses a decompression bomb (a small PNG claiming 20000 x 20000 pixels) with 413, before decoding it', async () => {
      const bomb = pngFromChunks(20_000, 20_000, deflateSync(Buffer.alloc(64 * 1024)));
      expect(bomb.length).toBeLessThan(1024);
      const { id, registered } = await uploadAndRegister(bomb, 'image/png');
      expect(registered?.status).toBe(413);
      expect(registered?.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The photo is too large: at most 50 megapixels' });
      expect(await filesOf(id)).toEqual([]);
    });

    it('serves a JPEG with EXIF (GPS included) without its metadata, upright, still a JPEG', async () => {
      const withGps = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#c88c3c' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({
          IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
        })
        .toBuffer();
      expect(await sharp(withGps).metadata()).toMatchObject({ exif: expect.any(Buffer), orientation: 6, width: 6, height: 4 });
      const { id, registered } = await uploadAndRegister(withGps, 'image/jpeg');
      expect(registered?.status).toBe(200);
      const res = await served(id);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await res.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 4, height: 6 }); // turned by its orientation
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
    });

    it.each(['png', 'jpeg', 'gif', 'webp'] as const)('still takes a real %s, served byte for byte', async (format) => {
      const image = await realImage(format);
      const { id, registered } = await uploadAndRegister(image, `image/${format}`);
      expect(registered?.status).toBe(200);
      const res = await served(id);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
    });
  });
});
