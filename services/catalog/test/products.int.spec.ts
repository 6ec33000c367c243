import { randomUUID } from 'node:crypto';
import { broadcastSubject, CatalogBroadcasts, CatalogEvents, CatalogMessages, CatalogPatterns, Product, ProductDeletedEvent, type ProductsPage, REPLY_PAGE_BYTES, StockLowEvent } from '@bakery/contracts';
import { eventually } from '@bakery/testing';
import { CatalogueChangeRelay } from '../src/products/catalogue-change-relay';
import { CatalogKit } from './catalog-kit';

const PHOTO = `/objects/uploads/${randomUUID()}`;

describe('catalog service: products', () => {
  let kit: CatalogKit;

  beforeAll(async () => {
    kit = await CatalogKit.start();
  });
  afterAll(() => kit?.close());

  /** The whole listing, page after page, as the gateway reads it. */
  const list = async (role: 'admin' | 'customer') => {
    const products: Product[] = [];
    for (let offset: number | null = 0; offset !== null; ) {
      const page: ProductsPage<Product> = await kit.call<ProductsPage<Product>>(CatalogPatterns.listProducts, { role, offset });
      products.push(...page.products);
      offset = page.next;
    }
    return products;
  };
  const ids = (products: Product[]) => products.map((p) => p.id);
  const countProducts = async () => (await kit.db.query('SELECT count(*)::int AS n FROM products')).rows[0].n as number;

  it('creates a product with the spec defaults and a decimal-string price', async () => {
    const product = await kit.createProduct({ name: 'Sourdough Loaf', price: '6.5', description: '  Tangy  ', supplier: '' });
    expect(product).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Sourdough Loaf',
      description: 'Tangy',
      price: '6.50',
      category: 'breads',
      imageUrl: null,
      stock: 40,
      lowStockThreshold: 10,
      reorderLevel: 5,
      reorderQuantity: 50,
      leadDays: 0,
      batchSize: null,
      supplier: null,
      isActive: true,
      reviewStatus: 'approved',
      submittedBy: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
    await expect(kit.call(CatalogPatterns.getProduct, { id: product.id })).resolves.toEqual(product);

    const photo = await kit.registeredPhoto();
    const numeric = await kit.createProduct({ price: 12 as unknown as string, imageUrl: photo });
    expect(numeric.price).toBe('12.00');
    expect(numeric.imageUrl).toBe(photo);
  });

  it('edits, restocks, toggles and deletes; customers see a product only while it is active', async () => {
    const product = await kit.createProduct({ name: 'Plain Bagel', category: 'bagels', price: '1.75' });
    expect(ids(await list('customer'))).toContain(product.id);

    const edited = await kit.call<Product>(CatalogPatterns.updateProduct, {
      id: product.id,
      name: 'Plain Bagel (dozen)',
      price: 18,
      stock: 120,
      supplier: 'Hudson Mill',
      lowStockThreshold: 20,
    });
    expect(edited).toMatchObject({ name: 'Plain Bagel (dozen)', price: '18.00', stock: 120, supplier: 'Hudson Mill', lowStockThreshold: 20 });
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(product.updatedAt).getTime());

    const off = await kit.call<Product>(CatalogPatterns.toggleActive, { id: product.id });
    expect(off.isActive).toBe(false);
    expect(ids(await list('customer'))).not.toContain(product.id);
    expect(ids(await list('admin'))).toContain(product.id);
    expect((await kit.callError(CatalogPatterns.getProduct, { id: product.id, role: 'customer' })).code).toBe('NOT_FOUND');

    const on = await kit.call<Product>(CatalogPatterns.toggleActive, { id: product.id });
    expect(on.isActive).toBe(true);
    expect(ids(await list('customer'))).toContain(product.id);

    await expect(kit.call(CatalogPatterns.deleteProduct, { id: product.id })).resolves.toEqual({ productId: product.id });
    expect(ids(await list('admin'))).not.toContain(product.id);
    expect((await kit.callError(CatalogPatterns.getProduct, { id: product.id })).code).toBe('NOT_FOUND');

    const deleted = await eventually(async () => {
      const events = await kit.publishedEvents<ProductDeletedEvent>(CatalogEvents.productDeleted);
      return events.find((e) => e.payload.productId === product.id);
    });
    expect(deleted).toMatchObject({ type: 'product.deleted', source: 'catalog', payload: { productId: product.id } });
  });

  it('looks up several products at once, in the order asked, whatever their state, leaving out unknown ids', async () => {
    const a = await kit.createProduct();
    const b = await kit.createProduct({ isActive: false });
    const found = await kit.call<Product[]>(CatalogPatterns.getProducts, { ids: [b.id, randomUUID(), a.id, b.id.toUpperCase()] });
    expect(found.map((p) => p.id)).toEqual([b.id, a.id]);
    await expect(kit.call(CatalogPatterns.getProducts, { ids: [] })).resolves.toEqual([]);
    expect((await kit.callError(CatalogPatterns.getProducts, { ids: 'x' })).code).toBe('VALIDATION_FAILED');
    // ids are uuids: anything else is a malformed message, not an unknown product
    expect((await kit.callError(CatalogPatterns.getProducts, { ids: [a.id, 'junk'] })).fields).toEqual({ ids: ['each value in ids must be a uuid'] });
  });

  it('answers 404 for unknown ids and 400 for malformed ones, on every product message', async () => {
    const messages = (id: string) =>
      [
        [CatalogPatterns.getProduct, { id }],
        [CatalogPatterns.updateProduct, { id, stock: 1 }],
        [CatalogPatterns.toggleActive, { id }],
        [CatalogPatterns.deleteProduct, { id }],
      ] as const;
    for (const [pattern, data] of messages(randomUUID())) {
      const err = await kit.callError(pattern, data);
      expect({ pattern, code: err.code, message: err.message }).toEqual({ pattern, code: 'NOT_FOUND', message: 'Product not found' });
    }
    // (the gateway answers 404 for a route id that is not a uuid, without asking catalog)
    for (const [pattern, data] of messages('not-a-uuid')) {
      const err = await kit.callError(pattern, data);
      expect({ pattern, code: err.code, fields: err.fields }).toEqual({ pattern, code: 'VALIDATION_FAILED', fields: { id: ['id must be a uuid'] } });
    }
  });

  it('lists by category, then name', async () => {
    const names = [
      ['pastries', 'Almond Croissant'],
      ['breads', 'Baguette'],
      ['bagels', 'Sesame Bagel'],
      ['breads', 'anadama Bread'],
    ] as const;
    for (const [category, name] of names) await kit.createProduct({ category, name });
    const listed = (await list('customer')).map((p) => [p.category, p.name]);
    const sorted = [...listed].sort(([c1, n1], [c2, n2]) =>
      c1 === c2 ? n1!.localeCompare(n2!, 'en', { sensitivity: 'base' }) : c1! < c2! ? -1 : 1,
    );
    expect(listed).toEqual(sorted);
    expect(listed.findIndex(([, n]) => n === 'anadama Bread')).toBeLessThan(listed.findIndex(([, n]) => n === 'Baguette'));
  });

  it('pages a listing too big for one NATS message by its bytes, in the listing order, without a gap or a repeat', async () => {
    // descriptions of 2,000 characters in a 3-byte script: 6 KB of JSON each, 1.2 MB for the 200
    const description = '全粒粉のパン'.repeat(333);
    for (let i = 0; i < 200; i++) await kit.createProduct({ name: `Vollkornbrot ${String(i).padStart(3, '0')}`, description });
    const pages: ProductsPage<Product>[] = [];
    for (let offset: number | null = 0; offset !== null; offset = pages[pages.length - 1].next) {
      pages.push(await kit.call<ProductsPage<Product>>(CatalogPatterns.listProducts, { role: 'admin', offset }));
    }
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page.products))).toBeLessThanOrEqual(REPLY_PAGE_BYTES);
    const paged = pages.flatMap((page) => page.products);
    expect(new Set(ids(paged)).size).toBe(paged.length);
    expect(paged.length).toBe(await countProducts());
    expect(paged.filter((p) => p.name.startsWith('Vollkornbrot ')).map((p) => p.name)).toEqual(
      Array.from({ length: 200 }, (_, i) => `Vollkornbrot ${String(i).padStart(3, '0')}`),
    );
    // a listing past its end: an empty last page
    expect(await kit.call(CatalogPatterns.listProducts, { role: 'admin', offset: paged.length })).toEqual({ products: [], next: null });
    await kit.db.query(`DELETE FROM products WHERE name LIKE 'Vollkornbrot %'`);
  });

  it('holds a customer submission for review: pending for admins, invisible to customers, live once completed and approved', async () => {
    const customerId = randomUUID();
    const photo = await kit.registeredPhoto(customerId);
    const submitted = await kit.call<Product>(CatalogPatterns.submitProduct, { customerId, price: '3.5', stock: 24, imageUrl: photo });
    expect(submitted).toMatchObject({
      name: 'Customer submission',
      category: null,
      price: '3.50',
      stock: 24,
      imageUrl: photo,
      isActive: false,
      reviewStatus: 'pending_review',
      submittedBy: customerId,
    });
    expect((await list('admin')).find((p) => p.id === submitted.id)?.reviewStatus).toBe('pending_review');
    expect(ids(await list('customer'))).not.toContain(submitted.id);

    // Turning it on is not enough: it is not approved yet.
    await kit.call(CatalogPatterns.toggleActive, { id: submitted.id });
    expect(ids(await list('customer'))).not.toContain(submitted.id);
    await kit.call(CatalogPatterns.toggleActive, { id: submitted.id });

    const noCategory = await kit.callError(CatalogPatterns.updateProduct, { id: submitted.id, reviewStatus: 'approved' });
    expect(noCategory.code).toBe('VALIDATION_FAILED');
    expect(noCategory.fields).toEqual({ category: ['Category is required to approve a submission'] });

    const approved = await kit.call<Product>(CatalogPatterns.updateProduct, {
      id: submitted.id,
      name: 'Cinnamon Raisin Bagel',
      description: 'From a customer',
      category: 'bagels',
      reviewStatus: 'approved',
    });
    expect(approved).toMatchObject({ name: 'Cinnamon Raisin Bagel', category: 'bagels', reviewStatus: 'approved', isActive: true });
    expect(ids(await list('customer'))).toContain(submitted.id);
  });

  it('keeps a rejected submission off the shelf', async () => {
    const customerId = randomUUID();
    const submitted = await kit.call<Product>(CatalogPatterns.submitProduct, { customerId, price: 2, stock: 1, imageUrl: await kit.registeredPhoto(customerId) });
    const rejected = await kit.call<Product>(CatalogPatterns.updateProduct, { id: submitted.id, reviewStatus: 'rejected' });
    expect(rejected).toMatchObject({ reviewStatus: 'rejected', isActive: false });
    await kit.call(CatalogPatterns.toggleActive, { id: submitted.id });
    expect(ids(await list('customer'))).not.toContain(submitted.id);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await countProducts();
    const valid = { name: 'Rye', price: '5.00', category: 'breads', stock: 10 };
    const cases: [string, unknown, Record<string, string[]>][] = [
      [CatalogPatterns.createProduct, { ...valid, price: '4.555' }, { price: ['Price must be a number with at most 2 decimal places'] }],
      [CatalogPatterns.createProduct, { ...valid, price: '-1' }, { price: ['Price must be a number with at most 2 decimal places'] }],
      [CatalogPatterns.createProduct, { ...valid, price: '0' }, { price: ['Price must be greater than 0'] }],
      [CatalogPatterns.createProduct, { ...valid, price: '100000000' }, { price: ['Price must be at most 99999999.99'] }],
      [CatalogPatterns.createProduct, { ...valid, price: 4.555 }, { price: ['Price must be a number with at most 2 decimal places'] }],
      [CatalogPatterns.createProduct, { ...valid, price: 'abc' }, { price: ['Price must be a number with at most 2 decimal places'] }],
      [CatalogPatterns.createProduct, { ...valid, stock: -1 }, { stock: ['Stock cannot be negative'] }],
      [CatalogPatterns.createProduct, { ...valid, stock: 2.5 }, { stock: ['Stock must be a whole number'] }],
      [CatalogPatterns.createProduct, { ...valid, category: 'cakes' }, { category: ['Category must be one of breads, pastries, bagels'] }],
      [CatalogPatterns.createProduct, { ...valid, name: '   ' }, { name: ['Name is required'] }],
      [CatalogPatterns.createProduct, { ...valid, imageUrl: 'https://evil.example/x.png' }, { imageUrl: [CatalogMessages.imageUrl] }],
      [CatalogPatterns.createProduct, { ...valid, color: 'red' }, { color: ['property color should not exist'] }],
      [CatalogPatterns.submitProduct, { customerId: randomUUID(), price: '3', stock: 5 }, { imageUrl: ['Product photo is required'] }],
      [CatalogPatterns.submitProduct, { customerId: randomUUID(), price: '', stock: 5, imageUrl: PHOTO }, { price: ['Price is required'] }],
      [CatalogPatterns.submitProduct, { customerId: randomUUID(), price: '3', stock: 0, imageUrl: PHOTO }, { stock: ['Quantity must be at least 1'] }],
      [CatalogPatterns.submitProduct, { customerId: randomUUID(), price: '3', stock: 501, imageUrl: PHOTO }, { stock: ['Quantity cannot exceed 500'] }],
    ];
    for (const [pattern, data, fields] of cases) {
      const err = await kit.callError(pattern, data);
      expect({ data, code: err.code, fields: err.fields }).toEqual({ data, code: 'VALIDATION_FAILED', fields });
    }

    const product = await kit.createProduct({ stock: 7 });
    const afterCreate = await countProducts();
    for (const changes of [{ price: null }, { stock: -3 }, { stock: 1.5 }, { name: '' }, { category: 'cakes' }, { reviewStatus: 'pending_review' }]) {
      const err = await kit.callError(CatalogPatterns.updateProduct, { id: product.id, ...changes });
      expect({ changes, code: err.code }).toEqual({ changes, code: 'VALIDATION_FAILED' });
    }
    expect(await kit.call(CatalogPatterns.getProduct, { id: product.id })).toEqual(product);
    expect(afterCreate).toBe(before + 1);
  });

  it('opens one low-stock alert on an admin edit, escalates it at 0, and resolves it on restock', async () => {
    const product = await kit.createProduct({ name: 'Kouign-amann', category: 'pastries', stock: 30 });
    expect(await kit.openAlerts(product.id)).toEqual([]);

    await kit.call(CatalogPatterns.updateProduct, { id: product.id, stock: 4 });
    await kit.call(CatalogPatterns.updateProduct, { id: product.id, stock: 3 });
    const [alert] = await kit.openAlerts(product.id);
    expect(alert).toMatchObject({ alert_type: 'low_stock', message: 'Kouign-amann is low on stock: 4 left (threshold 10)' });
    expect(await kit.openAlerts(product.id)).toHaveLength(1);

    await kit.call(CatalogPatterns.updateProduct, { id: product.id, stock: 0 });
    expect(await kit.openAlerts(product.id)).toEqual([expect.objectContaining({ id: alert.id, alert_type: 'out_of_stock' })]);

    const low = await kit.call<Product[]>(CatalogPatterns.lowStock, {});
    expect(low.map((p) => p.id)).toContain(product.id);
    expect(low.map((p) => p.stock)).toEqual([...low.map((p) => p.stock)].sort((a, b) => a - b));

    await kit.call(CatalogPatterns.updateProduct, { id: product.id, stock: 50 });
    expect(await kit.openAlerts(product.id)).toEqual([]);
    const { rows } = await kit.db.query('SELECT is_resolved, resolved_at FROM inventory_alerts WHERE id = $1', [alert.id]);
    expect(rows[0].is_resolved).toBe(true);
    expect(rows[0].resolved_at).toBeInstanceOf(Date);
    expect((await kit.call<Product[]>(CatalogPatterns.lowStock, {})).map((p) => p.id)).not.toContain(product.id);

    const events = await eventually(async () => {
      const all = (await kit.publishedEvents<StockLowEvent>(CatalogEvents.stockLow)).filter((e) => e.payload.productId === product.id);
      return all.length === 2 && all;
    });
    expect(events.map((e) => e.payload)).toEqual([
      { productId: product.id, name: 'Kouign-amann', stock: 4, lowStockThreshold: 10, alertType: 'low_stock', alertId: alert.id, message: alert.message },
      expect.objectContaining({ productId: product.id, stock: 0, alertType: 'out_of_stock', alertId: alert.id }),
    ]);
  });

  it('lists low stock lowest first, at most `limit`', async () => {
    await kit.createProduct({ name: 'Low A', stock: 2 });
    await kit.createProduct({ name: 'Low B', stock: 1 });
    const low = await kit.call<Product[]>(CatalogPatterns.lowStock, { limit: 2 });
    expect(low).toHaveLength(2);
    expect(low[0].stock).toBeLessThanOrEqual(low[1].stock);
    for (const p of low) expect(p.stock).toBeLessThanOrEqual(p.lowStockThreshold);
  });

  // last in this file: it stops the trigger's listener, so only the announcement can be seen
  it('tells the caches of every change (catalog.changed) before it answers the change', async () => {
    // the trigger's notification usually comes before the answer too: silenced, so this fails without the announcement
    await kit.stack.instancesOf('catalog')[0].app.get(CatalogueChangeRelay).onModuleDestroy();
    const seen: string[] = [];
    const sub = kit.nc.subscribe(broadcastSubject(kit.stack.namespace, CatalogBroadcasts.changed), { callback: () => seen.push('changed') });
    try {
      const answered = <T>(what: string, call: Promise<T>) => call.then((value) => (seen.push(what), value));
      const product = await answered('created', kit.createProduct({ price: '2.00' }));
      await answered('updated', kit.call(CatalogPatterns.updateProduct, { id: product.id, stock: 3 }));
      await answered('toggled', kit.call(CatalogPatterns.toggleActive, { id: product.id }));
      await answered('deleted', kit.call(CatalogPatterns.deleteProduct, { id: product.id }));
      expect(seen).toEqual(['changed', 'created', 'changed', 'updated', 'changed', 'toggled', 'changed', 'deleted']);
    } finally {
      sub.unsubscribe();
    }
  });
});
