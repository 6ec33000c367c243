import { termsTotals } from '@contracts/customer-terms';
import { makeCartLine } from '@/testing/fixtures';
import { cartTerms, cartTermsHints, cartTotals, formatRate } from './totals';

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

describe('cart totals under the customer’s terms (issue 19)', () => {
  const bakery = { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: '20.00', freeDeliveryThreshold: '200.00' };
  const own = { minimumOrder: '25.00', deliveryFee: '7.50', freeDeliveryThreshold: '50.00' };

  it('takes the customer’s own terms from the pricing answer, else the bakery’s, else none', () => {
    expect(cartTerms({ ...bakery, own })).toEqual({ taxRate: '0.085', ...own });
    expect(cartTerms(bakery)).toEqual({ taxRate: '0.085', minimumOrder: '20.00', deliveryFee: '12.50', freeDeliveryThreshold: '200.00' });
    expect(cartTerms({ deliveryFee: '12.50', taxRate: '0.085' } as never)).toEqual({ taxRate: '0.085', minimumOrder: null, deliveryFee: '12.50', freeDeliveryThreshold: null });
  });

  it('equal the contracts’ rule on the server’s unit prices: the fee waived exactly at the threshold, charged one cent below', () => {
    const pricing = { ...bakery, own };
    const at = [makeCartLine('tart', '49.99', 1), makeCartLine('mint', '0.01', 1)];
    const below = [makeCartLine('tart', '49.99', 1)];
    for (const lines of [at, below]) {
      const rule = termsTotals(
        lines.map((l) => ({ unitPrice: l.product!.price, quantity: l.quantity })),
        { taxRate: '0.085', deliveryFee: own.deliveryFee, freeDeliveryThreshold: own.freeDeliveryThreshold },
      );
      expect(cartTotals(lines, pricing)).toEqual({ subtotal: rule.subtotal, deliveryFee: rule.deliveryFee, tax: rule.tax, total: rule.total });
    }
    // the server's own figures (gateway/test/customer-terms.int.spec.ts): 54.25 at the threshold, 61.74 below it
    expect(cartTotals(at, pricing)).toEqual({ subtotal: 5000, deliveryFee: 0, tax: 425, total: 5425 });
    expect(cartTotals(below, pricing)).toEqual({ subtotal: 4999, deliveryFee: 750, tax: 425, total: 6174 });
  });

  it('hints how much more reaches the minimum and free delivery, nothing once reached', () => {
    const pricing = { ...bakery, own };
    expect(cartTermsHints(2499, pricing)).toEqual({ toMinimum: '0.01', toFreeDelivery: '25.01' });
    expect(cartTermsHints(2500, pricing)).toEqual({ toMinimum: null, toFreeDelivery: '25.00' });
    expect(cartTermsHints(5000, pricing)).toEqual({ toMinimum: null, toFreeDelivery: null });
    expect(cartTermsHints(100, { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: null, freeDeliveryThreshold: null })).toEqual({ toMinimum: null, toFreeDelivery: null });
  });
});
