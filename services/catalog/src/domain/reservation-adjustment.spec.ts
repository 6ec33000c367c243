import type { ReservedLine } from '@bakery/contracts';
import { namedLines, planAdjustment, stockDeltas, StockRow } from './reservation';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const row = (id: string, stock: number, extra: Partial<StockRow> = {}): StockRow => ({
  id,
  name: `Product ${id.slice(-1)}`,
  price: '4.50',
  stock,
  isActive: true,
  reviewStatus: 'approved',
  ...extra,
});
const held = (productId: string, quantity: number, extra: Partial<ReservedLine> = {}): ReservedLine => ({
  productId,
  name: `Held ${productId.slice(-1)}`,
  unitPrice: '3.00',
  quantity,
  ...extra,
});

describe('stockDeltas', () => {
  it('takes what rises, gives back what falls or goes, in product id order, and leaves out what stays', () => {
    expect(
      stockDeltas(
        [
          { productId: C, quantity: 2 },
          { productId: A, quantity: 5 },
          { productId: B, quantity: 1 },
        ],
        [
          { productId: B, quantity: 1 },
          { productId: A, quantity: 8 },
        ],
      ),
    ).toEqual([
      { productId: A, delta: 3 },
      { productId: C, delta: -2 },
    ]);
  });
});

describe('planAdjustment: only the difference', () => {
  it('answers the new lines with current names and prices, and the deltas', () => {
    const plan = planAdjustment([held(A, 5), held(B, 2)], [{ productId: A, quantity: 7 }, { productId: C, quantity: 1 }], [row(A, 2), row(B, 0), row(C, 1, { price: '9.99' })]);
    expect(plan).toEqual({
      ok: true,
      lines: [
        { productId: A, name: 'Product a', unitPrice: '4.50', quantity: 7 },
        { productId: C, name: 'Product c', unitPrice: '9.99', quantity: 1 },
      ],
      deltas: [
        { productId: A, delta: 2 },
        { productId: B, delta: -2 },
        { productId: C, delta: 1 },
      ],
    });
  });

  it('needs stock only for the increase: an order holding 5 can go to 7 with 2 left', () => {
    expect(planAdjustment([held(A, 5)], [{ productId: A, quantity: 7 }], [row(A, 2)]).ok).toBe(true);
  });

  it('names every short product with the quantity asked and what the order could have', () => {
    expect(planAdjustment([held(A, 5)], [{ productId: A, quantity: 9 }, { productId: B, quantity: 4 }], [row(A, 3), row(B, 1)])).toEqual({
      ok: false,
      reason: 'short',
      shortages: [
        { productId: A, name: 'Product a', requested: 9, available: 8 },
        { productId: B, name: 'Product b', requested: 4, available: 1 },
      ],
    });
  });

  it('refuses to add or raise a product that is not live, or gone', () => {
    expect(planAdjustment([held(A, 1)], [{ productId: A, quantity: 2 }], [row(A, 10, { isActive: false })])).toEqual({
      ok: false,
      reason: 'unavailable',
      products: [{ productId: A, name: 'Product a' }],
    });
    expect(planAdjustment([held(A, 1)], [{ productId: A, quantity: 1 }, { productId: B, quantity: 1 }], [row(A, 10)])).toEqual({
      ok: false,
      reason: 'not_found',
      productIds: [B],
    });
  });

  it('lets a product that is inactive or gone stay, or shrink, keeping the name and price the reservation knew', () => {
    const plan = planAdjustment([held(A, 4, { name: 'Old Rye', unitPrice: '6.00' }), held(B, 1)], [{ productId: A, quantity: 2 }, { productId: B, quantity: 1 }], [
      row(B, 0, { reviewStatus: 'rejected' }),
    ]);
    expect(plan).toEqual({
      ok: true,
      lines: [
        { productId: A, name: 'Old Rye', unitPrice: '6.00', quantity: 2 },
        { productId: B, name: 'Product b', unitPrice: '4.50', quantity: 1 },
      ],
      deltas: [{ productId: A, delta: -2 }],
    });
  });
});

describe('namedLines', () => {
  it('names lines from the products, or from what was known of a product that is gone', () => {
    expect(namedLines([{ productId: B, quantity: 1 }, { productId: A, quantity: 2 }], [held(A, 9)], [row(B, 1)])).toEqual([
      { productId: A, name: 'Held a', unitPrice: '3.00', quantity: 2 },
      { productId: B, name: 'Product b', unitPrice: '4.50', quantity: 1 },
    ]);
  });
});
