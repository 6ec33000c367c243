import {
  adjustedPrice,
  belowMinimumMessage,
  canonicalPercentage,
  cartHints,
  customerPrice,
  CustomerTermsMessages,
  deliveryFeeFor,
  effectiveTerms,
  freeDeliveryShortfall,
  holdRefusal,
  minimumOrderShortfall,
  percentageProblem,
  priceResolver,
  type PriceListRule,
  termsTotals,
} from './customer-terms';
import { formatCents, parseAmount } from './money';

const BREAD = '11111111-1111-4111-8111-111111111111';
const ROLL = '22222222-2222-4222-8222-222222222222';

const list = (percentage: string, fixedPrices: { productId: string; price: string }[] = []): PriceListRule => ({ id: 'l', percentage, fixedPrices });

/** The exact product price × percentage, rounded half-up, worked out another way: quotient and remainder. */
function reference(cents: number, percentage: string): string {
  const exact = cents * parseAmount(percentage); // in 1/10,000 of a cent
  const whole = Math.floor(exact / 10_000);
  return formatCents(exact % 10_000 >= 5_000 ? whole + 1 : whole);
}

describe('customer terms', () => {
  describe('percentage', () => {
    it.each(['1', '90', '92.5', '100', '110.25', '200', '500', '500.00', '1.00'])('accepts %s', (p) => expect(percentageProblem(p)).toBeNull());
    it.each(['0', '0.99', '500.01', '501', '1000', '-10', '90.123', '90.', '', ' 90', 90, null, undefined])('refuses %p', (p) =>
      expect(percentageProblem(p)).toBe(CustomerTermsMessages.percentage),
    );
    it('is kept with two decimals', () => {
      expect(canonicalPercentage('92.5')).toBe('92.50');
      expect(canonicalPercentage('090')).toBe('90.00');
    });
  });

  describe('price resolution', () => {
    it('is the default price without a list, and at 100%', () => {
      expect(customerPrice(BREAD, '4.50', null)).toBe('4.50');
      expect(customerPrice(BREAD, '4.50', list('100'))).toBe('4.50');
      expect(customerPrice(BREAD, '0.01', list('100.00'))).toBe('0.01');
    });

    it('doubles at 200% and takes the percentage of the default otherwise', () => {
      expect(customerPrice(BREAD, '4.50', list('200'))).toBe('9.00');
      expect(customerPrice(BREAD, '0.01', list('200'))).toBe('0.02');
      expect(customerPrice(BREAD, '4.50', list('90'))).toBe('4.05');
      expect(customerPrice(BREAD, '4.50', list('110'))).toBe('4.95');
      expect(customerPrice(BREAD, '10.00', list('500'))).toBe('50.00');
      expect(customerPrice(BREAD, '10.00', list('1'))).toBe('0.10');
    });

    it('takes a fixed price over the percentage, for that product only', () => {
      const cafe = list('90', [{ productId: BREAD, price: '3.5' }]);
      expect(customerPrice(BREAD, '4.50', cafe)).toBe('3.50');
      expect(customerPrice(BREAD.toUpperCase(), '4.50', cafe)).toBe('3.50');
      expect(customerPrice(ROLL, '1.00', cafe)).toBe('0.90');
      // a fixed price may be above the default too, and is not adjusted again
      expect(customerPrice(BREAD, '4.50', list('50', [{ productId: BREAD, price: '6.00' }]))).toBe('6.00');
    });

    it('rounds half-up at the half cent and down just below it', () => {
      expect(adjustedPrice('0.05', '110')).toBe('0.06'); // 5.5 cents
      expect(adjustedPrice('0.15', '90')).toBe('0.14'); // 13.5 cents
      expect(adjustedPrice('0.01', '50')).toBe('0.01'); // 0.5 cent
      expect(adjustedPrice('0.01', '49.99')).toBe('0.00'); // 0.4999 cent
      expect(adjustedPrice('0.01', '150')).toBe('0.02'); // 1.5 cents
      expect(adjustedPrice('0.01', '149.99')).toBe('0.01'); // 1.4999 cents
      expect(adjustedPrice('3.33', '33.33')).toBe('1.11'); // 110.9889 cents
      expect(adjustedPrice('0.00', '90')).toBe('0.00');
    });

    it('rounds every cent from 0.00 to 30.00 exactly, at percentages with and without decimals', () => {
      for (const percentage of ['1', '12.5', '33.33', '66.67', '90', '92.5', '99.99', '100.01', '110', '115.5', '199.99', '250.05', '500']) {
        const resolve = priceResolver(list(percentage));
        for (let cents = 0; cents <= 3000; cents++) {
          const price = formatCents(cents);
          const got = resolve(BREAD, price);
          if (got !== reference(cents, percentage)) throw new Error(`${price} at ${percentage}%: ${got}, not ${reference(cents, percentage)}`);
        }
      }
    });

    it('never prices above what a price column holds', () => {
      expect(adjustedPrice('99999999.99', '500')).toBe('99999999.99');
    });
  });

  describe('minimum order', () => {
    it('passes exactly at the minimum and fails one cent below, naming it', () => {
      expect(minimumOrderShortfall(5000, '50.00')).toBe(0);
      expect(minimumOrderShortfall(5001, '50')).toBe(0);
      expect(minimumOrderShortfall(4999, '50.00')).toBe(1);
      expect(belowMinimumMessage('50', 1)).toBe('The minimum order is $50.00: add $0.01 more to place this order');
    });
    it('has none unless set', () => {
      expect(minimumOrderShortfall(0, null)).toBe(0);
    });
  });

  describe('delivery fee', () => {
    const fee = { deliveryFee: '12.50', freeDeliveryThreshold: '100.00' };
    it('is waived exactly at the threshold and charged one cent below', () => {
      expect(deliveryFeeFor(10_000, fee)).toBe(0);
      expect(deliveryFeeFor(10_001, fee)).toBe(0);
      expect(deliveryFeeFor(9_999, fee)).toBe(1250);
    });
    it('is always charged without a threshold', () => {
      expect(deliveryFeeFor(1_000_000, { deliveryFee: '12.50', freeDeliveryThreshold: null })).toBe(1250);
      expect(freeDeliveryShortfall(1_000_000, null)).toBeNull();
    });
    it('says how far free delivery is', () => {
      expect(freeDeliveryShortfall(9_999, '100')).toBe(1);
      expect(freeDeliveryShortfall(10_000, '100')).toBe(0);
    });
    it('goes into the totals', () => {
      const lines = [{ unitPrice: '25.00', quantity: 4 }];
      expect(termsTotals(lines, { taxRate: '0.1', ...fee })).toEqual({ lineTotals: [10_000], subtotal: 10_000, deliveryFee: 0, tax: 1000, total: 11_000 });
      const below = [{ unitPrice: '33.33', quantity: 3 }];
      expect(termsTotals(below, { taxRate: '0.1', ...fee })).toEqual({ lineTotals: [9_999], subtotal: 9_999, deliveryFee: 1250, tax: 1000, total: 12_249 });
    });
  });

  describe('the customer’s terms', () => {
    const bakery = { deliveryFee: '12.50', minimumOrder: '40.00', freeDeliveryThreshold: null };
    it('take each override over the bakery’s default (null: the default)', () => {
      expect(effectiveTerms(bakery, null)).toEqual({ deliveryFee: '12.50', minimumOrder: '40.00', freeDeliveryThreshold: null });
      expect(effectiveTerms(bakery, { deliveryFee: '0.00', minimumOrder: null, freeDeliveryThreshold: '80.00' })).toEqual({
        deliveryFee: '0.00',
        minimumOrder: '40.00',
        freeDeliveryThreshold: '80.00',
      });
    });
    it('give the cart its hints', () => {
      expect(cartHints(3_000, { deliveryFee: '12.50', minimumOrder: '40.00', freeDeliveryThreshold: '80.00' })).toEqual({ toMinimum: '10.00', toFreeDelivery: '50.00' });
      expect(cartHints(8_000, { deliveryFee: '12.50', minimumOrder: '40.00', freeDeliveryThreshold: '80.00' })).toEqual({ toMinimum: null, toFreeDelivery: null });
      expect(cartHints(0, { deliveryFee: '12.50', minimumOrder: null, freeDeliveryThreshold: null })).toEqual({ toMinimum: null, toFreeDelivery: null });
    });
  });

  describe('hold', () => {
    it('refuses a held account with the words the customer sees', () => {
      expect(holdRefusal({ onHold: true })).toBe('Your account is on hold. Please contact the bakery.');
      expect(holdRefusal({ onHold: false })).toBeNull();
      expect(holdRefusal(null)).toBeNull();
    });
  });
});
