import { makeCartLine } from '@/testing/fixtures';
import { cartTotals, formatRate } from './totals';

describe('cart totals', () => {
  it('sums a cart, skipping lines whose product has gone, with the defaults when pricing is unknown', () => {
    const line = makeCartLine;
    const totals = cartTotals([line('a', '3.00', 2), line('b', null, 5)], undefined);
    expect(totals).toEqual({ subtotal: 600, deliveryFee: 1250, tax: 51, total: 1901 });
  });
  it('shows a rate as a percentage', () => {
    expect(formatRate('0.085')).toBe('8.5%');
    expect(formatRate('0.1')).toBe('10%');
  });
});
