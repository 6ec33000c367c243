import { randomUUID } from 'node:crypto';
import {
  CatalogEvents,
  CatalogPatterns,
  OrderingEvents,
  Product,
  ReleaseStockResponse,
  ReserveAvailableResponse,
  ReserveStockResponse,
  StockLowEvent,
} from '@bakery/contracts';
import { eventually } from '@bakery/testing';
import { CatalogKit } from './catalog-kit';

describe('catalog service: stock reservations', () => {
  let kit: CatalogKit;

  beforeAll(async () => {
    kit = await CatalogKit.start();
    // Two instances share the queue group: concurrent requests land on both, as in production.
    await kit.stack.startService('catalog');
  });
  afterAll(() => kit?.close());

  const reserve = (orderId: string, lines: { productId: string; quantity: number }[]) =>
    kit.call<ReserveStockResponse>(CatalogPatterns.reserve, { orderId, lines });
  const release = (orderId: string) => kit.call<ReleaseStockResponse>(CatalogPatterns.release, { orderId });

  it('lets exactly 30 of 100 concurrent one-unit reservations through against a stock of 30, never below 0', async () => {
    const product = await kit.createProduct({ stock: 30 });
    let lowest = 30;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        lowest = Math.min(lowest, await kit.stockOf(product.id));
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => reserve(randomUUID(), [{ productId: product.id, quantity: 1 }])),
    );
    sampling = false;
    await sampler;

    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(70);
    for (const err of refused) {
      expect(err).toMatchObject({
        code: 'CONFLICT',
        message: 'Not enough stock',
        details: { shortages: [{ productId: product.id, name: product.name, requested: 1, available: 0 }] },
      });
    }
    expect(await kit.stockOf(product.id)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const { rows } = await kit.db.query(
      `SELECT count(*)::int AS n FROM stock_reservations WHERE status = 'reserved' AND lines @> $1::jsonb`,
      [JSON.stringify([{ productId: product.id }])],
    );
    expect(rows[0].n).toBe(30);
  });

  it('reserves many deliveries in one call, each taking what the ones before it left, and answers a repeat with what it holds', async () => {
    const rye = await kit.createProduct({ name: 'Batch Rye', price: '6.00', stock: 10 });
    const roll = await kit.createProduct({ name: 'Batch Roll', price: '0.80', stock: 100 });
    const reserveMany = (reservations: { orderId: string; lines: { productId: string; quantity: number }[] }[]) =>
      kit.call<ReserveAvailableResponse[]>(CatalogPatterns.reserveAvailableMany, { reservations });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const asked = [
      { orderId: a, lines: [{ productId: rye.id, quantity: 4 }, { productId: roll.id, quantity: 10 }] },
      { orderId: b, lines: [{ productId: rye.id, quantity: 4 }] },
      { orderId: c, lines: [{ productId: rye.id, quantity: 4 }, { productId: roll.id, quantity: 5 }] },
    ];
    const answers = await reserveMany(asked);

    // answered in the order asked; ten rye go 4, 4, 2, with the last shortfall named
    expect(answers.map((r) => r.orderId)).toEqual([a, b, c]);
    const held = (r: ReserveAvailableResponse) => Object.fromEntries(r.lines.map((l) => [l.name, l.quantity]));
    expect(answers.map(held)).toEqual([{ 'Batch Rye': 4, 'Batch Roll': 10 }, { 'Batch Rye': 4 }, { 'Batch Rye': 2, 'Batch Roll': 5 }]);
    expect(answers.map((r) => r.shortfalls.length)).toEqual([0, 0, 1]);
    expect(answers[2].shortfalls).toEqual([{ productId: rye.id, name: 'Batch Rye', unitPrice: '6.00', requested: 4, reserved: 2, reason: 'out_of_stock' }]);
    expect(await kit.stockOf(rye.id)).toBe(0);
    expect(await kit.stockOf(roll.id)).toBe(85);

    // a repeat (another instance, or a retry after a crash) takes nothing more and answers the same
    const again = await reserveMany([asked[2], asked[0], { orderId: randomUUID(), lines: [{ productId: roll.id, quantity: 1 }] }]);
    expect(again[0]).toEqual(answers[2]);
    expect(again[1]).toEqual(answers[0]);
    expect(again[2].lines).toEqual([{ productId: roll.id, name: 'Batch Roll', unitPrice: '0.80', quantity: 1 }]);
    expect(await kit.stockOf(rye.id)).toBe(0);
    expect(await kit.stockOf(roll.id)).toBe(84);
  });

  it('answers each line with the product name and unit price, adding up repeated products', async () => {
    const bagel = await kit.createProduct({ name: 'Everything Bagel', category: 'bagels', price: '1.25', stock: 50 });
    const loaf = await kit.createProduct({ name: 'Rye Loaf', price: '7.00', stock: 50 });
    const orderId = randomUUID();
    const answer = await reserve(orderId, [
      { productId: loaf.id, quantity: 2 },
      { productId: bagel.id, quantity: 6 },
      { productId: loaf.id, quantity: 1 },
    ]);
    expect(answer.orderId).toBe(orderId);
    expect([...answer.lines].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { productId: bagel.id, name: 'Everything Bagel', unitPrice: '1.25', quantity: 6 },
      { productId: loaf.id, name: 'Rye Loaf', unitPrice: '7.00', quantity: 3 },
    ]);
    expect(await kit.stockOf(bagel.id)).toBe(44);
    expect(await kit.stockOf(loaf.id)).toBe(47);
  });

  it('takes stock once for an order reserved twice, even at the same moment, and refuses other lines for it', async () => {
    const product = await kit.createProduct({ stock: 20 });
    const orderId = randomUUID();
    const lines = [{ productId: product.id, quantity: 5 }];
    const [first, second] = await Promise.all([reserve(orderId, lines), reserve(orderId, lines)]);
    expect(second).toEqual(first);
    expect(await reserve(orderId, lines)).toEqual(first);
    expect(await kit.stockOf(product.id)).toBe(15);

    const other = await kit.callError(CatalogPatterns.reserve, { orderId, lines: [{ productId: product.id, quantity: 6 }] });
    expect(other).toMatchObject({ code: 'CONFLICT', message: 'This order already has a reservation with different lines' });
    expect(await kit.stockOf(product.id)).toBe(15);
  });

  it('refuses a reserve the stock cannot meet without waiting for the row lock that orders ahead of it hold', async () => {
    const product = await kit.createProduct({ name: 'Last Baguette', stock: 1 });
    await reserve(randomUUID(), [{ productId: product.id, quantity: 1 }]);
    // an order ahead in the queue holds the product's row lock, as in a sell-out rush
    await kit.db.query('BEGIN');
    try {
      await kit.db.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [product.id]);
      const err = await kit.callError(CatalogPatterns.reserve, { orderId: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] });
      expect(err).toMatchObject({
        code: 'CONFLICT',
        message: 'Not enough stock',
        details: { shortages: [{ productId: product.id, name: 'Last Baguette', requested: 1, available: 0 }] },
      });
    } finally {
      await kit.db.query('ROLLBACK');
    }
  });

  it('answers a repeat of the reservation that took the last unit with what it holds, not with a refusal', async () => {
    const product = await kit.createProduct({ stock: 3 });
    const orderId = randomUUID();
    const first = await reserve(orderId, [{ productId: product.id, quantity: 3 }]);
    expect(await kit.stockOf(product.id)).toBe(0);
    await expect(reserve(orderId, [{ productId: product.id, quantity: 3 }])).resolves.toEqual(first);
    expect(await kit.stockOf(product.id)).toBe(0);
  });

  it('returns stock once when an order is released twice; the same order id may then reserve afresh', async () => {
    const product = await kit.createProduct({ stock: 20 });
    const orderId = randomUUID();
    await reserve(orderId, [{ productId: product.id, quantity: 8 }]);
    expect(await kit.stockOf(product.id)).toBe(12);

    const [a, b] = await Promise.all([release(orderId), release(orderId)]);
    expect([a.released, b.released].sort()).toEqual([false, true]);
    await expect(release(orderId)).resolves.toEqual({ orderId, released: false });
    expect(await kit.stockOf(product.id)).toBe(20);

    // Ordering retrying a failed placement under the same idempotency key: stock is held again, once.
    const [again, repeat] = await Promise.all([
      reserve(orderId, [{ productId: product.id, quantity: 8 }]),
      reserve(orderId, [{ productId: product.id, quantity: 8 }]),
    ]);
    expect(repeat).toEqual(again);
    expect(await kit.reservationStatus(orderId)).toBe('reserved');
    expect(await kit.stockOf(product.id)).toBe(12);
  });

  it('does nothing when asked to release an order it never reserved', async () => {
    const orderId = randomUUID();
    await expect(release(orderId)).resolves.toEqual({ orderId, released: false });
    expect(await kit.reservationStatus(orderId)).toBeUndefined();
  });

  it('reserves all lines or none: one short line leaves every product and the order untouched', async () => {
    const plenty = await kit.createProduct({ stock: 100 });
    const scarce = await kit.createProduct({ name: 'Scarce Danish', category: 'pastries', stock: 2 });
    const orderId = randomUUID();
    const err = await kit.callError(CatalogPatterns.reserve, {
      orderId,
      lines: [
        { productId: plenty.id, quantity: 10 },
        { productId: scarce.id, quantity: 3 },
      ],
    });
    expect(err).toMatchObject({
      code: 'CONFLICT',
      message: 'Not enough stock',
      details: { shortages: [{ productId: scarce.id, name: 'Scarce Danish', requested: 3, available: 2 }] },
    });
    expect(await kit.stockOf(plenty.id)).toBe(100);
    expect(await kit.stockOf(scarce.id)).toBe(2);
    expect(await kit.reservationStatus(orderId)).toBeUndefined();

    // Nothing is held for the failed attempt, so the same order id can try again.
    await reserve(orderId, [{ productId: scarce.id, quantity: 2 }]);
    expect(await kit.stockOf(scarce.id)).toBe(0);
  });

  it('refuses unknown products with 404 and inactive or unreviewed ones with 409', async () => {
    const unknown = randomUUID();
    const missing = await kit.callError(CatalogPatterns.reserve, { orderId: randomUUID(), lines: [{ productId: unknown, quantity: 1 }] });
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: `Product not found: ${unknown}` });

    const inactive = await kit.createProduct({ name: 'Retired Roll', isActive: false, stock: 10 });
    const err = await kit.callError(CatalogPatterns.reserve, { orderId: randomUUID(), lines: [{ productId: inactive.id, quantity: 1 }] });
    expect(err).toMatchObject({
      code: 'CONFLICT',
      message: 'Product is not available: Retired Roll',
      details: { unavailable: [{ productId: inactive.id, name: 'Retired Roll' }] },
    });

    const bad = await kit.callError(CatalogPatterns.reserve, { orderId: 'x', lines: [{ productId: inactive.id, quantity: 0 }] });
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(bad.fields).toMatchObject({ orderId: expect.any(Array), 'lines.0.quantity': ['Quantity must be at least 1'] });
    expect((await kit.callError(CatalogPatterns.reserve, { orderId: randomUUID(), lines: [] })).code).toBe('VALIDATION_FAILED');
  });

  it('never deadlocks when orders lock the same products in opposite orders', async () => {
    const a = await kit.createProduct({ stock: 200 });
    const b = await kit.createProduct({ stock: 200 });
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        reserve(
          randomUUID(),
          i % 2
            ? [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 2 }]
            : [{ productId: b.id, quantity: 2 }, { productId: a.id, quantity: 1 }],
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await kit.stockOf(a.id)).toBe(140);
    expect(await kit.stockOf(b.id)).toBe(80);
  });

  it('after an order.placed-confirmed reservation takes stock to the threshold: one open alert, one stock.low; a restock resolves it', async () => {
    const product = await kit.createProduct({ name: 'Pain au Chocolat', category: 'pastries', stock: 25, lowStockThreshold: 10 });
    const orderId = randomUUID();
    await reserve(orderId, [{ productId: product.id, quantity: 15 }]);
    await kit.publishEvent(OrderingEvents.orderPlaced, { orderId, customerId: randomUUID(), lines: [{ productId: product.id, quantity: 15 }] });
    await eventually(async () => (await kit.reservationStatus(orderId)) === 'confirmed');

    // More sales while it stays low (but above 0) add nothing.
    await reserve(randomUUID(), [{ productId: product.id, quantity: 2 }]);
    expect(await kit.stockOf(product.id)).toBe(8);

    const alerts = await kit.openAlerts(product.id);
    expect(alerts).toEqual([
      { id: expect.any(String), alert_type: 'low_stock', message: 'Pain au Chocolat is low on stock: 10 left (threshold 10)' },
    ]);
    const events = await eventually(async () => {
      const found = (await kit.publishedEvents<StockLowEvent>(CatalogEvents.stockLow)).filter((e) => e.payload.productId === product.id);
      return found.length > 0 && found;
    });
    // every event catalog has written so far is on the stream: a second stock.low, if there were one, is among them
    await eventually(async () => (await kit.db.query('SELECT count(*)::int AS n FROM event_outbox WHERE published_at IS NULL')).rows[0].n === 0);
    const settled = (await kit.publishedEvents<StockLowEvent>(CatalogEvents.stockLow)).filter((e) => e.payload.productId === product.id);
    expect(settled).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'stock.low',
      source: 'catalog',
      payload: { productId: product.id, name: 'Pain au Chocolat', stock: 10, lowStockThreshold: 10, alertType: 'low_stock', alertId: alerts[0].id },
    });
    const outbox = await kit.db.query(`SELECT count(*)::int AS n FROM event_outbox WHERE type = 'stock.low' AND envelope->'payload'->>'productId' = $1`, [
      product.id,
    ]);
    expect(outbox.rows[0].n).toBe(1);

    await kit.call<Product>(CatalogPatterns.updateProduct, { id: product.id, stock: 60 });
    expect(await kit.openAlerts(product.id)).toEqual([]);
    const { rows } = await kit.db.query('SELECT is_resolved, resolved_at FROM inventory_alerts WHERE product_id = $1', [product.id]);
    expect(rows).toEqual([{ is_resolved: true, resolved_at: expect.any(Date) }]);
  });

  it('gives a cancelled order its stock back exactly once, confirmed or not, however often the event arrives', async () => {
    const product = await kit.createProduct({ stock: 40 });
    const confirmed = randomUUID();
    const unconfirmed = randomUUID();
    await reserve(confirmed, [{ productId: product.id, quantity: 10 }]);
    await reserve(unconfirmed, [{ productId: product.id, quantity: 5 }]);
    await kit.publishEvent(OrderingEvents.orderPlaced, { orderId: confirmed, customerId: randomUUID(), lines: [] });
    await eventually(async () => (await kit.reservationStatus(confirmed)) === 'confirmed');
    expect(await kit.stockOf(product.id)).toBe(25);

    const cancelled = await kit.publishEvent(OrderingEvents.orderCancelled, { orderId: confirmed });
    // The same event again (a redelivery), and a second cancellation of the same order.
    await kit.publishEvent(OrderingEvents.orderCancelled, cancelled.payload, { id: cancelled.id });
    await kit.publishEvent(OrderingEvents.orderCancelled, { orderId: confirmed });
    await kit.publishEvent(OrderingEvents.orderCancelled, { orderId: unconfirmed });
    await kit.handled(OrderingEvents.orderCancelled);

    expect(await kit.reservationStatus(confirmed)).toBe('released');
    expect(await kit.reservationStatus(unconfirmed)).toBe('released');
    expect(await kit.stockOf(product.id)).toBe(40);
    await expect(release(confirmed)).resolves.toEqual({ orderId: confirmed, released: false });
    expect(await kit.stockOf(product.id)).toBe(40);
  });

  it('keeps a deleted product out of releases and publishes product.deleted', async () => {
    const product = await kit.createProduct({ stock: 10 });
    const orderId = randomUUID();
    await reserve(orderId, [{ productId: product.id, quantity: 3 }]);
    await kit.call(CatalogPatterns.deleteProduct, { id: product.id });
    await expect(release(orderId)).resolves.toEqual({ orderId, released: true });
    await eventually(async () =>
      (await kit.publishedEvents<{ productId: string }>(CatalogEvents.productDeleted)).some((e) => e.payload.productId === product.id),
    );
  });
});
