import { makeOrder, makeOrderItem } from '@/testing/fixtures';
import { amendmentBody, mayChangeOrder, reorderToast } from './order-changes';

describe('mayChangeOrder', () => {
  const cutoffAt = '2026-11-24T19:00:00.000Z';
  it('offers a customer a pending order until its cut-off, or always without a date', () => {
    expect(mayChangeOrder({ status: 'pending', cutoffAt }, 'customer', Date.parse(cutoffAt) - 1)).toBe(true);
    expect(mayChangeOrder({ status: 'pending', cutoffAt }, 'customer', Date.parse(cutoffAt))).toBe(false);
    expect(mayChangeOrder({ status: 'pending', cutoffAt: null }, 'customer', Date.parse('2099-01-01'))).toBe(true);
    expect(mayChangeOrder({ status: 'confirmed', cutoffAt: null }, 'customer', 0)).toBe(false);
  });

  it('offers an admin any order that is not final, at any time', () => {
    expect(mayChangeOrder({ status: 'in_preparation', cutoffAt }, 'admin', Date.parse('2099-01-01'))).toBe(true);
    expect(mayChangeOrder({ status: 'delivered', cutoffAt: null }, 'admin', 0)).toBe(false);
    expect(mayChangeOrder({ status: 'cancelled', cutoffAt: null }, 'admin', 0)).toBe(false);
  });
});

describe('reorderToast', () => {
  it('names what was added, and what was left out and why', () => {
    expect(
      reorderToast({
        added: [
          { productId: 'a', name: 'Baguette', quantity: 10 },
          { productId: 'c', name: 'Cake', quantity: 4 },
        ],
        skipped: [
          { productId: 'c', name: 'Cake', reason: 'stock_limit', missing: 2 },
          { productId: 'r', name: 'Rye', reason: 'unavailable', missing: 3 },
          { productId: 'b', name: 'Bagel', reason: 'line_limit', missing: 5 },
          { productId: 'm', name: 'Muffin', reason: 'out_of_stock', missing: 1 },
        ],
      }),
    ).toEqual({
      title: 'Added to your cart, with changes',
      description:
        'Added: Baguette × 10, Cake × 4. Left out: Cake: 2 fewer, not enough in stock; Rye: no longer available; Bagel: 5 fewer, a cart line holds at most 500; Muffin: out of stock.',
      variant: 'default',
    });
  });

  it('says so when everything, or nothing, was added', () => {
    expect(reorderToast({ added: [{ productId: 'a', name: 'Baguette', quantity: 2 }], skipped: [] })).toEqual({
      title: 'Added to your cart',
      description: 'Baguette × 2',
      variant: 'default',
    });
    expect(reorderToast({ added: [], skipped: [{ productId: 'r', name: 'Rye', reason: 'unavailable', missing: 3 }] })).toEqual({
      title: 'Nothing was added to your cart',
      description: 'Rye: no longer available',
      variant: 'destructive',
    });
  });
});

describe('amendmentBody', () => {
  const order = makeOrder({
    orderItems: [makeOrderItem('a', 2), makeOrderItem('b', 1)],
    deliveryDate: '2026-12-03',
    deliveryTimeSlot: '6:00 AM - 8:00 AM',
    specialInstructions: 'Back door',
  });
  const unchanged = {
    lines: [
      { productId: 'b', quantity: 1 },
      { productId: 'a', quantity: 2 },
    ],
    deliveryDate: '2026-12-03',
    deliveryTimeSlot: '6:00 AM - 8:00 AM' as const,
    specialInstructions: ' Back door ',
  };

  it('sends nothing when nothing changed', () => {
    expect(amendmentBody(order, unchanged)).toEqual({});
  });

  it('sends only what changed: the whole lines, a cleared slot, instructions left blank as none', () => {
    expect(
      amendmentBody(order, { ...unchanged, lines: [{ productId: 'a', quantity: 3 }], deliveryTimeSlot: null, specialInstructions: '   ' }),
    ).toEqual({ lines: [{ productId: 'a', quantity: 3 }], deliveryTimeSlot: null, specialInstructions: null });
    expect(amendmentBody(order, { ...unchanged, deliveryDate: '2026-12-04' })).toEqual({ deliveryDate: '2026-12-04' });
  });
});
