import { randomUUID } from 'node:crypto';
import { CatalogPatterns, OrderingEvents, ReserveStockResponse } from '@bakery/contracts';
import { eventually } from '@bakery/testing';
import { CatalogKit } from './catalog-kit';

// Long enough that nothing expires by itself during a test; the tests move a reservation's expiry
// into the past instead of waiting for it (the sweeper then runs every TTL / 4).
const TTL_MS = 2000;

describe('catalog service: reservations not confirmed in time', () => {
  let kit: CatalogKit;

  beforeAll(async () => {
    kit = await CatalogKit.start({ RESERVATION_TTL_MS: String(TTL_MS) });
  });
  afterAll(() => kit?.close());

  const reserve = (orderId: string, productId: string, quantity: number) =>
    kit.call<ReserveStockResponse>(CatalogPatterns.reserve, { orderId, lines: [{ productId, quantity }] });
  /** The clock moved on for one reservation: its expiry is `agoMs` in the past. */
  const expire = (orderId: string, agoMs = 1) =>
    kit.db.query(`UPDATE stock_reservations SET expires_at = now() - make_interval(secs => $2::double precision / 1000) WHERE order_id = $1`, [
      orderId,
      agoMs,
    ]);

  it('gives back the stock of a reservation whose order was never placed, once its TTL has passed', async () => {
    const product = await kit.createProduct({ stock: 10 });
    const orderId = randomUUID();
    await reserve(orderId, product.id, 4);
    expect(await kit.stockOf(product.id)).toBe(6);
    // the reservation holds for exactly the TTL from when it was made
    const { rows } = await kit.db.query(
      `SELECT status, EXTRACT(EPOCH FROM (expires_at - updated_at)) * 1000 AS ttl FROM stock_reservations WHERE order_id = $1`,
      [orderId],
    );
    expect(rows[0].status).toBe('reserved');
    expect(Number(rows[0].ttl)).toBe(TTL_MS);

    await expire(orderId);
    await eventually(async () => (await kit.reservationStatus(orderId)) === 'released', 10_000);
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
    await kit.publishEvent(OrderingEvents.orderPlaced, { orderId, customerId: randomUUID(), lines: [{ productId: product.id, quantity: 3 }] });
    await eventually(async () => (await kit.reservationStatus(orderId)) === 'confirmed');
    await expire(orderId, 2000);

    // A barrier: an unconfirmed reservation that expired after it. Once the sweeper has released
    // that one, it has been past the confirmed one too.
    const barrier = randomUUID();
    await reserve(barrier, product.id, 1);
    await expire(barrier);
    await eventually(async () => (await kit.reservationStatus(barrier)) === 'released', 10_000);
    expect(await kit.reservationStatus(orderId)).toBe('confirmed');
    expect(await kit.stockOf(product.id)).toBe(7);
  });

  it('takes the stock again when order.placed arrives after the TTL released it (ordering was down)', async () => {
    const product = await kit.createProduct({ stock: 10 });
    const orderId = randomUUID();
    await reserve(orderId, product.id, 4);
    await expire(orderId);
    await eventually(async () => (await kit.reservationStatus(orderId)) === 'released', 10_000);
    expect(await kit.stockOf(product.id)).toBe(10);

    // the order was written before ordering went down; its event arrives late
    await kit.publishEvent(OrderingEvents.orderPlaced, { orderId, customerId: randomUUID(), lines: [{ productId: product.id, quantity: 4 }] });
    await eventually(async () => (await kit.reservationStatus(orderId)) === 'confirmed');
    expect(await kit.stockOf(product.id)).toBe(6);
  });
});
