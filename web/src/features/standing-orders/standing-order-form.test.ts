import type { StandingOrder } from '@contracts/standing-orders';
import {
  addProduct,
  blankDraft,
  deliveryDaysText,
  draftFromItems,
  draftFromStandingOrder,
  formErrorsFrom,
  quantitiesText,
  removeProduct,
  setQuantity,
  standingOrderBody,
  statusText,
  toggleDay,
  usualQuantity,
} from './standing-order-form';

const so: StandingOrder = {
  id: 'so-1',
  customerId: 'c1',
  status: 'active',
  pausedUntil: null,
  name: 'Weekday bread',
  startDate: '2026-11-23',
  endDate: null,
  everyWeeks: 1,
  deliveryTimeSlot: '6:00 AM - 8:00 AM',
  specialInstructions: 'Back door',
  lines: [
    { productId: 'p-baguette', quantities: [20, 20, 20, 20, 20, 30, 0] },
    { productId: 'p-croissant', quantities: [0, 0, 0, 0, 12, 12, 0] },
  ],
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};
const names: Record<string, string> = { 'p-baguette': 'Baguette', 'p-croissant': 'Croissant', 'p-rye': 'Rye' };
const nameOf = (id: string) => names[id] ?? id;

describe('the standing order form', () => {
  it('starts from the cart or an order with its quantities on no day yet, products listed twice added up', () => {
    const draft = draftFromItems(
      [
        { productId: 'p-baguette', name: 'Baguette', quantity: 20 },
        { productId: 'p-croissant', name: 'Croissant', quantity: 5 },
        { productId: 'p-baguette', name: 'Baguette', quantity: 4 },
      ],
      { startDate: '2026-11-24', name: 'From cart', deliveryTimeSlot: '8:00 AM - 10:00 AM' },
    );
    expect(draft.days).toEqual([false, false, false, false, false, false, false]);
    expect(draft.lines.map((l) => [l.productId, l.usual, l.quantities.join('')])).toEqual([
      ['p-baguette', 24, '0000000'],
      ['p-croissant', 5, '0000000'],
    ]);
    expect(draft).toMatchObject({ startDate: '2026-11-24', name: 'From cart', everyWeeks: 1, deliveryTimeSlot: '8:00 AM - 10:00 AM', endDate: null });
  });

  it('puts each product’s usual quantity on a day chosen, keeps what a day has, and empties a day dropped', () => {
    let draft = draftFromItems([{ productId: 'p-baguette', name: 'Baguette', quantity: 20 }], { startDate: '2026-11-24', name: 'x' });
    for (const day of [0, 1, 2, 3, 4]) draft = toggleDay(draft, day, true);
    expect(draft.lines[0].quantities).toEqual([20, 20, 20, 20, 20, 0, 0]);
    // Saturday is bigger: typing it makes 30 the usual for the next day chosen
    draft = toggleDay(draft, 5, true);
    draft = setQuantity(draft, 'p-baguette', 5, 30);
    draft = toggleDay(draft, 6, true);
    expect(draft.lines[0].quantities).toEqual([20, 20, 20, 20, 20, 30, 30]);
    draft = toggleDay(draft, 6, false);
    expect(draft.lines[0].quantities).toEqual([20, 20, 20, 20, 20, 30, 0]);
    expect(draft.days).toEqual([true, true, true, true, true, true, false]);
    // quantities stay within 0–500 whole units
    expect(setQuantity(draft, 'p-baguette', 0, 900).lines[0].quantities[0]).toBe(500);
    expect(setQuantity(draft, 'p-baguette', 0, -3).lines[0].quantities[0]).toBe(0);
  });

  it('adds a product with 1 on each chosen day, once, and removes it', () => {
    let draft = toggleDay(toggleDay(blankDraft('2026-11-24'), 0, true), 2, true);
    draft = addProduct(draft, { id: 'p-rye', name: 'Rye' });
    draft = addProduct(draft, { id: 'p-rye', name: 'Rye' });
    expect(draft.lines).toEqual([{ productId: 'p-rye', name: 'Rye', quantities: [1, 0, 1, 0, 0, 0, 0], usual: 1 }]);
    expect(removeProduct(draft, 'p-rye').lines).toEqual([]);
  });

  it('edits a saved standing order: its delivery days are those with a quantity, each product’s usual quantity the most frequent', () => {
    const draft = draftFromStandingOrder(so, nameOf);
    expect(draft.days).toEqual([true, true, true, true, true, true, false]);
    expect(draft.lines.map((l) => [l.name, l.usual])).toEqual([
      ['Baguette', 20],
      ['Croissant', 12],
    ]);
    expect(draft).toMatchObject({ name: 'Weekday bread', specialInstructions: 'Back door', deliveryTimeSlot: '6:00 AM - 8:00 AM' });
    expect(usualQuantity([0, 0, 0, 0, 0, 0, 0])).toBe(1);
    expect(usualQuantity([5, 7, 0, 0, 0, 0, 0])).toBe(7);
  });

  it('sends 0 on the days that are not delivery days, leaves out products with nothing, trims, and names the customer only when given', () => {
    let draft = draftFromStandingOrder(so, nameOf);
    draft = addProduct(draft, { id: 'p-rye', name: 'Rye' });
    for (const day of [0, 1, 2, 3, 4, 5]) draft = setQuantity(draft, 'p-rye', day, 0);
    draft = { ...toggleDay(draft, 5, false), name: '  Weekday bread  ', specialInstructions: '   ' };
    const { body, sentLines } = standingOrderBody(draft);
    expect(body).toEqual({
      name: 'Weekday bread',
      startDate: '2026-11-23',
      endDate: null,
      everyWeeks: 1,
      deliveryTimeSlot: '6:00 AM - 8:00 AM',
      specialInstructions: null,
      lines: [
        { productId: 'p-baguette', quantities: [20, 20, 20, 20, 20, 0, 0] },
        { productId: 'p-croissant', quantities: [0, 0, 0, 0, 12, 0, 0] },
      ],
    });
    expect(sentLines.map((l) => l.productId)).toEqual(['p-baguette', 'p-croissant']);
    expect(standingOrderBody(draft, 'c-9').body.customerId).toBe('c-9');
  });

  it('sends every product when none has a quantity: the server then says one is needed', () => {
    const draft = draftFromItems([{ productId: 'p-baguette', name: 'Baguette', quantity: 3 }], { startDate: '2026-11-24', name: 'x' });
    expect(standingOrderBody(draft).body.lines).toEqual([{ productId: 'p-baguette', quantities: [0, 0, 0, 0, 0, 0, 0] }]);
  });

  it('sorts the server’s field messages: the form’s fields, the products as a whole, and each product by the index sent', () => {
    const errors = formErrorsFrom(
      {
        name: ['Name must be 1 to 100 characters'],
        endDate: ['endDate cannot be before startDate'],
        lines: ['A standing order needs a quantity on at least one day'],
        'lines.1.quantities': ['quantities must be seven whole numbers from 0 to 500, Monday to Sunday'],
      },
      [{ productId: 'p-baguette' }, { productId: 'p-croissant' }],
    );
    expect(errors).toEqual({
      fields: { name: 'Name must be 1 to 100 characters', endDate: 'endDate cannot be before startDate' },
      lines: ['A standing order needs a quantity on at least one day'],
      byProduct: { 'p-croissant': 'quantities must be seven whole numbers from 0 to 500, Monday to Sunday' },
    });
  });
});

describe('a standing order on its card', () => {
  it('writes runs of days with the same quantity', () => {
    expect(quantitiesText([20, 20, 20, 20, 20, 30, 0])).toBe('20 Mon–Fri, 30 Sat');
    expect(quantitiesText([5, 0, 5, 0, 0, 0, 8])).toBe('5 Mon, 5 Wed, 8 Sun');
    expect(quantitiesText([0, 0, 0, 0, 4, 4, 0])).toBe('4 Fri–Sat');
    expect(quantitiesText([0, 0, 0, 0, 0, 0, 0])).toBe('');
  });

  it('names the delivery days', () => {
    expect(deliveryDaysText(so.lines)).toBe('Mon, Tue, Wed, Thu, Fri, Sat');
    expect(deliveryDaysText([{ quantities: [0, 0, 0, 0, 0, 0, 0] }])).toBe('No delivery days');
  });

  it('says whether it is active, paused (until a date or until resumed) or ended', () => {
    const short = (d: string) => `<${d}>`;
    expect(statusText(so, '2026-11-24', short)).toEqual({ label: 'Active', color: 'green' });
    expect(statusText({ ...so, status: 'paused', pausedUntil: '2026-12-07' }, '2026-11-24', short)).toEqual({ label: 'Paused, resumes <2026-12-07>', color: 'orange' });
    expect(statusText({ ...so, status: 'paused', pausedUntil: null }, '2026-11-24', short).label).toBe('Paused until resumed');
    expect(statusText({ ...so, endDate: '2026-11-23' }, '2026-11-24', short).label).toBe('Ended');
    expect(statusText({ ...so, endDate: '2026-11-24' }, '2026-11-24', short).label).toBe('Active');
  });
});
