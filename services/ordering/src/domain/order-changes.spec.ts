import { computeTotals } from './totals';
import {
  amendedItems,
  amendedLinesProblems,
  changedFields,
  changeRefusal,
  heldLines,
  lineChanges,
  planReorder,
  risingProducts,
  type ExistingItem,
  type ReorderProduct,
} from './order-changes';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('amendedLinesProblems', () => {
  it('refuses a product listed twice (any case), naming the repeat', () => {
    expect(amendedLinesProblems([{ productId: A, quantity: 1 }, { productId: B, quantity: 2 }, { productId: A.toUpperCase(), quantity: 3 }])).toEqual({
      'lines.2.productId': ['Each product may be listed once'],
    });
    expect(amendedLinesProblems([{ productId: A, quantity: 1 }, { productId: B, quantity: 2 }])).toEqual({});
  });
});

describe('changeRefusal', () => {
  const cutoff = new Date('2026-12-01T19:00:00Z');
  const before = new Date(cutoff.getTime() - 1000);

  it('lets a customer change a pending order until its cut-off, and tells them it is being prepared after', () => {
    expect(changeRefusal('pending', 'customer', cutoff, before)).toBeNull();
    expect(changeRefusal('pending', 'customer', cutoff, cutoff)).toBe('This order is being prepared: contact the bakery to change it');
    // no date, no cut-off
    expect(changeRefusal('pending', 'customer', null, new Date('2099-01-01'))).toBeNull();
  });

  it('refuses a customer an order that is no longer pending', () => {
    expect(changeRefusal('confirmed', 'customer', cutoff, before)).toBe('This order is confirmed and can no longer be changed');
  });

  it('lets an admin change any order that is not final, at any time', () => {
    expect(changeRefusal('in_preparation', 'admin', cutoff, new Date('2099-01-01'))).toBeNull();
    expect(changeRefusal('pending', 'admin', cutoff, new Date('2099-01-01'))).toBeNull();
    expect(changeRefusal('delivered', 'admin', null, before)).toBe('This order is delivered and can no longer change');
    expect(changeRefusal('cancelled', 'admin', null, before)).toBe('This order is cancelled and can no longer change');
  });
});

describe('lineChanges and risingProducts', () => {
  it('names each product whose quantity moved: added, removed, up and down; unchanged ones are left out', () => {
    const changes = lineChanges(
      [
        { productId: A, quantity: 5 },
        { productId: B, quantity: 2 },
        { productId: C, quantity: 1 },
      ],
      [
        { productId: B, quantity: 2 },
        { productId: A, quantity: 3 },
        { productId: '00000000-0000-4000-8000-00000000000d', quantity: 4 },
      ],
    );
    expect(changes).toEqual([
      { productId: A, before: 5, after: 3 },
      { productId: '00000000-0000-4000-8000-00000000000d', before: 0, after: 4 },
      { productId: C, before: 1, after: 0 },
    ]);
    expect(risingProducts(changes)).toEqual(['00000000-0000-4000-8000-00000000000d']);
  });

  it('finds nothing when the lines are the same in another order', () => {
    expect(lineChanges([{ productId: A, quantity: 1 }, { productId: B, quantity: 2 }], [{ productId: B, quantity: 2 }, { productId: A, quantity: 1 }])).toEqual([]);
  });

  it('keeps lines of 0 units (a standing order’s shortfall) out of what stock holds', () => {
    expect(heldLines([{ productId: A, quantity: 0 }, { productId: B, quantity: 2 }])).toEqual([{ productId: B, quantity: 2 }]);
  });
});

describe('changedFields', () => {
  it('names what changed, null counting as a value', () => {
    expect(
      changedFields({ lines: [], deliveryDate: ['2026-12-02', '2026-12-02'], deliveryTimeSlot: [null, null], specialInstructions: ['Back door', null] }),
    ).toEqual(['specialInstructions']);
    expect(
      changedFields({
        lines: [{ productId: A, before: 1, after: 2 }],
        deliveryDate: ['2026-12-02', '2026-12-03'],
        deliveryTimeSlot: [null, '6:00 AM - 8:00 AM'],
        specialInstructions: [null, null],
      }),
    ).toEqual(['lines', 'deliveryDate', 'deliveryTimeSlot']);
  });
});

describe('amendedItems: kept products at the order’s prices, new ones at today’s', () => {
  const items: ExistingItem[] = [
    { id: 'item-a', productId: A, productName: 'Baguette (as ordered)', quantity: 10, unitPrice: '2.00', shortfall: 0 },
    { id: 'item-b', productId: B, productName: 'Croissant', quantity: 4, unitPrice: '1.10', shortfall: 2 },
    { id: 'item-c', productId: C, productName: 'Rye', quantity: 1, unitPrice: '5.00', shortfall: 0 },
  ];
  // catalog's prices now: the baguette went up, which the order does not see
  const current = new Map([
    [A, { name: 'Baguette', unitPrice: '2.50' }],
    [B, { name: 'Croissant', unitPrice: '1.10' }],
    ['00000000-0000-4000-8000-00000000000d', { name: 'Focaccia', unitPrice: '3.35' }],
  ]);

  it('keeps the item, name and unit price of a product the order has; a new product comes at its current price', () => {
    const next = amendedItems(
      items,
      [
        { productId: '00000000-0000-4000-8000-00000000000d', quantity: 3 },
        { productId: A, quantity: 12 },
        { productId: B, quantity: 4 },
      ],
      current,
    );
    expect(next).toEqual([
      { id: null, productId: '00000000-0000-4000-8000-00000000000d', productName: 'Focaccia', quantity: 3, unitPrice: '3.35', shortfall: 0, position: 0 },
      { id: 'item-a', productId: A, productName: 'Baguette (as ordered)', quantity: 12, unitPrice: '2.00', shortfall: 0, position: 1 },
      // the quantity stays: so does the shortfall
      { id: 'item-b', productId: B, productName: 'Croissant', quantity: 4, unitPrice: '1.10', shortfall: 2, position: 2 },
    ]);
    // and the totals are exact: 3 × 3.35 + 12 × 2.00 + 4 × 1.10 = 38.45; tax 8.5% half-up 3.27
    expect(computeTotals(next, { deliveryFee: '12.50', taxRate: '0.085' })).toEqual({
      subtotal: '38.45',
      deliveryFee: '12.50',
      tax: '3.27',
      total: '54.22',
      lineTotals: ['10.05', '24.00', '4.40'],
    });
  });

  it('drops the shortfall of a line whose quantity the customer sets', () => {
    expect(amendedItems(items, [{ productId: B, quantity: 6 }], current)[0]).toMatchObject({ id: 'item-b', quantity: 6, shortfall: 0 });
  });

  it('cannot price a new product without catalog’s answer', () => {
    expect(() => amendedItems(items, [{ productId: '00000000-0000-4000-8000-0000000000ee', quantity: 1 }], current)).toThrow(/no current price/);
  });
});

describe('planReorder', () => {
  const product = (stock: number, extra: Partial<ReorderProduct> = {}): ReorderProduct => ({ name: 'Loaf', price: '4.00', stock, live: true, ...extra });
  const item = (productId: string, quantity: number, shortfall = 0) => ({ productId, productName: 'Loaf (as ordered)', quantity, shortfall });

  it('adds each live product at the ordered quantity and today’s price', () => {
    expect(planReorder([item(A, 5), item(B, 2)], new Map([[A, product(100)], [B, product(100, { price: '1.25' })]]), new Map())).toEqual({
      additions: [
        { productId: A, quantity: 5, unitPrice: '4.00', lineMax: 100 },
        { productId: B, quantity: 2, unitPrice: '1.25', lineMax: 100 },
      ],
      result: {
        added: [
          { productId: A, name: 'Loaf', quantity: 5 },
          { productId: B, name: 'Loaf', quantity: 2 },
        ],
        skipped: [],
      },
    });
  });

  it('leaves out products that are gone, inactive or out of stock, saying why', () => {
    const { additions, result } = planReorder(
      [item(A, 5), item(B, 2), item(C, 3)],
      new Map([
        [B, product(50, { live: false, name: 'Old Rye' })],
        [C, product(0)],
      ]),
      new Map(),
    );
    expect(additions).toEqual([]);
    expect(result).toEqual({
      added: [],
      skipped: [
        { productId: A, name: 'Loaf (as ordered)', reason: 'unavailable', missing: 5 },
        { productId: B, name: 'Old Rye', reason: 'unavailable', missing: 2 },
        { productId: C, name: 'Loaf', reason: 'out_of_stock', missing: 3 },
      ],
    });
  });

  it('caps a line at the stock, counting what the cart already holds, and reports the rest', () => {
    const { additions, result } = planReorder([item(A, 10), item(B, 4)], new Map([[A, product(7)], [B, product(6)]]), new Map([[B, 6]]));
    expect(additions).toEqual([{ productId: A, quantity: 7, unitPrice: '4.00', lineMax: 7 }]);
    expect(result.added).toEqual([{ productId: A, name: 'Loaf', quantity: 7 }]);
    expect(result.skipped).toEqual([
      { productId: A, name: 'Loaf', reason: 'stock_limit', missing: 3 },
      // the cart holds all 6 there are
      { productId: B, name: 'Loaf', reason: 'out_of_stock', missing: 4 },
    ]);
  });

  it('caps a line at the cart line maximum of 500 when there is more stock than that', () => {
    const { additions, result } = planReorder([item(A, 300)], new Map([[A, product(10_000)]]), new Map([[A, 400]]));
    expect(additions).toEqual([{ productId: A, quantity: 100, unitPrice: '4.00', lineMax: 500 }]);
    expect(result.skipped).toEqual([{ productId: A, name: 'Loaf', reason: 'line_limit', missing: 200 }]);
    expect(planReorder([item(A, 3)], new Map([[A, product(10_000)]]), new Map([[A, 500]])).result.skipped).toEqual([
      { productId: A, name: 'Loaf', reason: 'line_limit', missing: 3 },
    ]);
  });

  it('asks for what a standing order wanted, its shortfall included, and adds up a product listed twice', () => {
    const { additions } = planReorder([item(A, 2, 3), item(A.toUpperCase(), 1)], new Map([[A, product(100)]]), new Map());
    expect(additions).toEqual([{ productId: A, quantity: 6, unitPrice: '4.00', lineMax: 100 }]);
  });
});
