import { randomUUID } from 'node:crypto';
import { CatalogPatterns, IssuedUpload, Product, UploadStatus } from '@bakery/contracts';
import { CatalogKit } from './catalog-kit';

describe('catalog service: photo uploads and submission limits (configured small)', () => {
  let kit: CatalogKit;

  beforeAll(async () => {
    kit = await CatalogKit.start({ UPLOAD_PENDING_MAX: '3', UPLOAD_RATE_PER_HOUR: '5', SUBMISSION_PENDING_MAX: '2', SUBMISSION_RATE_PER_HOUR: '3' });
  });
  afterAll(() => kit?.close());

  const issue = (ownerId: string) => kit.call<IssuedUpload>(CatalogPatterns.issueUpload, { ownerId, ttlSeconds: 900 });
  const statusOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (err: { code?: string }) => err.code);

  it('reads its limits from the environment: pending quota, then hourly rate, for concurrent requests too', async () => {
    const owner = randomUUID();
    const first = await Promise.all(Array.from({ length: 6 }, () => statusOf(issue(owner))));
    expect(first.sort()).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', 'ok', 'ok', 'ok']);
    const [{ id }] = (await kit.db.query('SELECT id FROM uploads WHERE owner_id = $1 LIMIT 1', [owner])).rows;
    await expect(kit.call<UploadStatus>(CatalogPatterns.registerUpload, { id, ownerId: owner })).resolves.toMatchObject({ id, registered: true });
    await expect(kit.call<UploadStatus>(CatalogPatterns.registerUpload, { id, ownerId: owner })).resolves.toMatchObject({ registered: true });
    // one place free in the quota; the fifth of the hour, then the rate
    expect(await statusOf(issue(owner))).toBe('ok');
    await kit.db.query('UPDATE uploads SET expires_at = now() WHERE owner_id = $1', [owner]);
    expect(await statusOf(issue(owner))).toBe('ok');
    const refused = await kit.callError(CatalogPatterns.issueUpload, { ownerId: owner, ttlSeconds: 900 });
    expect({ code: refused.code, message: refused.message }).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many photo uploads: at most 5 an hour. Please try again later',
    });
  });

  it("answers someone else's upload exactly like an unknown one, and an expired one with 403", async () => {
    const owner = randomUUID();
    const { id } = await issue(owner);
    const other = await kit.callError(CatalogPatterns.checkUpload, { id, ownerId: randomUUID() });
    const unknown = await kit.callError(CatalogPatterns.checkUpload, { id: randomUUID(), ownerId: owner });
    for (const err of [other, unknown]) expect({ code: err.code, message: err.message }).toEqual({ code: 'NOT_FOUND', message: 'No upload was found at this URL' });
    // an id that is not a uuid is a malformed message (the gateway only ever sends the uuid of one of its URLs)
    const junk = await kit.callError(CatalogPatterns.registerUpload, { id: '../x', ownerId: owner });
    expect({ code: junk.code, fields: junk.fields }).toEqual({ code: 'VALIDATION_FAILED', fields: { id: ['id must be a uuid'] } });
    await kit.db.query(`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await kit.callError(CatalogPatterns.registerUpload, { id, ownerId: owner })).code).toBe('FORBIDDEN');
    expect((await kit.db.query('SELECT registered_at FROM uploads WHERE id = $1', [id])).rows).toEqual([{ registered_at: null }]);
  });

  it('caps pending submissions (409) and the hourly rate (429) per customer, as configured', async () => {
    const customerId = randomUUID();
    const imageUrl = await kit.registeredPhoto(customerId);
    const submit = () => kit.call<Product>(CatalogPatterns.submitProduct, { customerId, price: '99999999.99', stock: 500, imageUrl });
    const answers = await Promise.all(Array.from({ length: 5 }, () => statusOf(submit())));
    expect(answers.sort()).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT', 'ok', 'ok']);
    await kit.db.query(`UPDATE products SET review_status = 'rejected' WHERE submitted_by = $1`, [customerId]);
    expect(await statusOf(submit())).toBe('ok');
    expect(await statusOf(submit())).toBe('TOO_MANY_REQUESTS');
    expect((await kit.db.query('SELECT count(*)::int AS n FROM products WHERE submitted_by = $1', [customerId])).rows).toEqual([{ n: 3 }]);
  });

  it('records the images products already had as registered uploads, without an owner, when the table is made', async () => {
    const photo = `/objects/uploads/${randomUUID()}`;
    await kit.db.query(`INSERT INTO products (name, price, category, image_url) VALUES ('Legacy Loaf', 4, 'breads', $1)`, [photo]);
    // as if this database predated the uploads table
    await kit.db.query('DROP TABLE uploads');
    await kit.db.query('DROP INDEX products_submitted_by_idx');
    await kit.db.query(`DELETE FROM migrations WHERE name = 'CreateUploads1763700009000'`);
    await kit.stack.stopService('catalog');
    await kit.stack.startService('catalog');

    const id = photo.slice('/objects/uploads/'.length);
    expect((await kit.db.query('SELECT owner_id, registered_at IS NOT NULL AS registered FROM uploads WHERE id = $1', [id])).rows).toEqual([
      { owner_id: null, registered: true },
    ]);
    // exactly the images products show (the earlier tests' submissions have some too)
    const recorded = (await kit.db.query(`SELECT '/objects/uploads/' || id AS path FROM uploads ORDER BY 1`)).rows;
    const shown = (await kit.db.query('SELECT DISTINCT image_url AS path FROM products WHERE image_url IS NOT NULL ORDER BY 1')).rows;
    expect(recorded).toEqual(shown);
    // an admin may use it; no customer may claim it
    await expect(kit.createProduct({ imageUrl: photo })).resolves.toMatchObject({ imageUrl: photo });
    const customerId = randomUUID();
    const err = await kit.callError(CatalogPatterns.submitProduct, { customerId, price: '3.00', stock: 1, imageUrl: photo });
    expect(err.fields).toEqual({ imageUrl: ['Product photo must be an image you uploaded and registered through PUT /api/products/images'] });
    expect((await kit.callError(CatalogPatterns.registerUpload, { id, ownerId: customerId })).code).toBe('NOT_FOUND');
  });
});
