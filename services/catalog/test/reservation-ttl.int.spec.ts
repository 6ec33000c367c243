import { randomUUID } from 'node:crypto';
import { CatalogPatterns, OrderEvents, ReserveStockResponse } from '@bakery/contracts';
import { eventually } from '@bakery/testing';
import { CatalogKit } from './catalog-kit';

// Short, but long enough that order.placed is handled well before it on a busy CI machine.
const TTL_MS = 1000;

describe('catalog service: reservations not confirmed in time', () => {
  let kit: CatalogKit;

  beforeAll(async () => {
    kit = await CatalogKit.start({ RESERVATION_TTL_MS: String(TTL_MS) });
  });
  afterAll(() => kit?.close());

  const reserve = (orderId: string, productId: string, quantity: number) =>
    kit.call<ReserveStockResponse>(CatalogPatterns.reserve, { orderId, lines: [{ productId, quantity }] });

  it('gives back the stock of a reservation whose order was never placed, once its TTL has passed', async () => {
    const product = await kit.createProduct({ stock: 10 });
    const orderId = randomUUID();
    const started = Date.now();
    await reserve(orderId, product.id, 4);
    expect(await kit.stockOf(product.id)).toBe(6);

    await eventually(async () => (await kit.reservationStatus(orderId)) === 'released', 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TTL_MS);
    expect(await kit.stockOf(product.id)).toBe(10);

    // Releasing it again changes nothing; a retry of the same order reserves afresh.
    await expect(kit.call(CatalogPatterns.release, { orderId })).resolves.toEqual({ orderId, released: false });
    expect(await kit.stockOf(product.id)).toBe(10);
    await reserve(orderId, product.id, 4);
    expect(await kit.stockOf(product.id)).toBe(6);
    expect(await kit.reservationStatus(orderId)).toBe('reserved');
  });

  it('keeps a reservation confirmed by order.placed past its TTL', async () => {
    const product = await kit.createProduct({ stock: 10 });
    const orderId = randomUUID();
    await reserve(orderId, product.id, 3);
    await kit.publishEvent(OrderEvents.orderPlaced, { orderId, customerId: randomUUID(), lines: [{ productId: product.id, quantity: 3 }] });
    await eventually(async () => (await kit.reservationStatus(orderId)) === 'confirmed');

    await new Promise((r) => setTimeout(r, TTL_MS * 4));
    expect(await kit.reservationStatus(orderId)).toBe('confirmed');
    expect(await kit.stockOf(product.id)).toBe(7);
  });

  it('takes the stock again when order.placed arrives after the TTL released it (ordering was down)', async () => {
    const product = await kit.createProduct({ stock: 10 });
    const orderId = randomUUID();
    await reserve(orderId, product.id, 4);
    await eventually(async () => (await kit.reservationStatus(orderId)) === 'released', 10_000);
    expect(await kit.stockOf(product.id)).toBe(10);

    // the order was written before ordering went down; its event arrives late
    await kit.publishEvent(OrderEvents.orderPlaced, { orderId, customerId: randomUUID(), lines: [{ productId: product.id, quantity: 4 }] });
    await eventually(async () => (await kit.reservationStatus(orderId)) === 'confirmed');
    expect(await kit.stockOf(product.id)).toBe(6);
  });
});
