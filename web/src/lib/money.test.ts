import { applyRate, computeTotals, DEFAULT_PRICING, formatAmount, formatCents, formatMoney, lineTotalCents, parseAmount } from './money';

describe('amounts in whole cents', () => {
  it('parses decimal strings exactly', () => {
    expect(parseAmount('4.50')).toBe(450);
    expect(parseAmount('4.5')).toBe(450);
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('0.07')).toBe(7);
    // the float trap: 0.1 + 0.2 is not 0.3, but 10 + 20 cents is 30
    expect(parseAmount('0.10') + parseAmount('0.20')).toBe(parseAmount('0.30'));
    expect(() => parseAmount('4.505')).toThrow(RangeError);
    expect(() => parseAmount('-1')).toThrow(RangeError);
    expect(() => parseAmount('abc')).toThrow(RangeError);
  });
  it('formats cents with two decimals and dollars with a $ and thousands separators', () => {
    expect(formatCents(450)).toBe('4.50');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatAmount('4.5')).toBe('$4.50');
    expect(formatAmount(null)).toBe('$0.00');
  });
  it('multiplies a unit price by a quantity exactly', () => {
    expect(lineTotalCents('4.50', 3)).toBe(1350);
    expect(lineTotalCents('0.29', 500)).toBe(14500);
  });
  it('rounds tax half-up to whole cents', () => {
    expect(applyRate(1000, '0.085')).toBe(85);
    expect(applyRate(1, '0.5')).toBe(1); // 0.5 cent → 1
    expect(applyRate(1350, '0.085')).toBe(115); // 114.75 → 115
    expect(applyRate(1294, '0.085')).toBe(110); // 109.99 → 110
    expect(applyRate(100, '0')).toBe(0);
  });
});

describe('order totals', () => {
  it('adds subtotal, delivery fee and tax (spec section 9)', () => {
    const totals = computeTotals(
      [
        { price: '4.50', quantity: 3 },
        { price: '2.25', quantity: 2 },
        { price: '1.99', quantity: 1 },
      ],
      DEFAULT_PRICING,
    );
    // 13.50 + 4.50 + 1.99 = 19.99; tax 8.5% = 1.69915 → 1.70; total 19.99 + 12.50 + 1.70
    expect(totals).toEqual({ subtotal: 1999, deliveryFee: 1250, tax: 170, total: 3419 });
    expect(formatMoney(totals.total)).toBe('$34.19');
  });
  it('uses the configured pricing', () => {
    expect(computeTotals([{ price: '10.00', quantity: 1 }], { deliveryFee: '0', taxRate: '0.2' })).toEqual({
      subtotal: 1000,
      deliveryFee: 0,
      tax: 200,
      total: 1200,
    });
  });
});
