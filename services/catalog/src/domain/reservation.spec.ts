import { mergeLines, planReservation, sameLines, StockRow } from './reservation';

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

describe('mergeLines', () => {
  it('adds up repeated products and sorts by product id (the lock order)', () => {
    expect(
      mergeLines([
        { productId: C, quantity: 1 },
        { productId: A, quantity: 2 },
        { productId: C.toUpperCase(), quantity: 3 },
      ]),
    ).toEqual([
      { productId: A, quantity: 2 },
      { productId: C, quantity: 4 },
    ]);
  });
});

describe('planReservation', () => {
  it('answers each line with the product name and current unit price', () => {
    const plan = planReservation(mergeLines([{ productId: B, quantity: 2 }, { productId: A, quantity: 5 }]), [
      row(A, 5, { price: '3.25', name: 'Bagel' }),
      row(B, 10),
    ]);
    expect(plan).toEqual({
      ok: true,
      lines: [
        { productId: A, name: 'Bagel', unitPrice: '3.25', quantity: 5 },
        { productId: B, name: 'Product b', unitPrice: '4.50', quantity: 2 },
      ],
    });
  });

  it('names every short product with what was asked and what is left', () => {
    const plan = planReservation(mergeLines([{ productId: A, quantity: 6 }, { productId: B, quantity: 1 }, { productId: C, quantity: 9 }]), [
      row(A, 5),
      row(B, 1),
      row(C, 0),
    ]);
    expect(plan).toEqual({
      ok: false,
      reason: 'short',
      shortages: [
        { productId: A, name: 'Product a', requested: 6, available: 5 },
        { productId: C, name: 'Product c', requested: 9, available: 0 },
      ],
    });
  });

  it('refuses unknown products before anything else', () => {
    expect(planReservation([{ productId: A, quantity: 1 }, { productId: B, quantity: 1 }], [row(A, 0)])).toEqual({
      ok: false,
      reason: 'not_found',
      productIds: [B],
    });
  });

  it('refuses products that are inactive or not approved', () => {
    const plan = planReservation(mergeLines([{ productId: A, quantity: 1 }, { productId: B, quantity: 1 }, { productId: C, quantity: 1 }]), [
      row(A, 9, { isActive: false }),
      row(B, 9, { reviewStatus: 'pending_review' }),
      row(C, 9),
    ]);
    expect(plan).toEqual({
      ok: false,
      reason: 'unavailable',
      products: [
        { productId: A, name: 'Product a' },
        { productId: B, name: 'Product b' },
      ],
    });
  });

  it('allows taking the last unit', () => {
    expect(planReservation([{ productId: A, quantity: 3 }], [row(A, 3)])).toMatchObject({ ok: true });
  });
});

describe('sameLines', () => {
  it('compares merged lines, whatever their order', () => {
    expect(sameLines([{ productId: B, quantity: 1 }, { productId: A, quantity: 2 }], [{ productId: A, quantity: 2 }, { productId: B, quantity: 1 }])).toBe(true);
    expect(sameLines([{ productId: A, quantity: 1 }, { productId: A, quantity: 1 }], [{ productId: A, quantity: 2 }])).toBe(true);
    expect(sameLines([{ productId: A, quantity: 1 }], [{ productId: A, quantity: 2 }])).toBe(false);
    expect(sameLines([{ productId: A, quantity: 1 }], [{ productId: A, quantity: 1 }, { productId: B, quantity: 1 }])).toBe(false);
  });
});
