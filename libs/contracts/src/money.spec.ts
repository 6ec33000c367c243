import { applyRate, formatCents, lineTotal, lineTotalCents, orderTotals, parseAmount, parseRate } from './money';

describe('money', () => {
  it('parses and formats decimal strings exactly', () => {
    expect(parseAmount('4.5')).toBe(450);
    expect(parseAmount('0012.30')).toBe(1230);
    expect(parseAmount('99999999.99')).toBe(9_999_999_999);
    expect(formatCents(450)).toBe('4.50');
    expect(formatCents(5)).toBe('0.05');
    expect(() => parseAmount('1.234')).toThrow(RangeError);
    expect(() => parseAmount('-1')).toThrow(RangeError);
    expect(() => parseAmount('1e3')).toThrow(RangeError);
  });

  it('multiplies a unit price by a quantity without float error', () => {
    expect(lineTotal('0.10', 3)).toBe('0.30'); // 0.1 * 3 = 0.30000000000000004 in floats
    expect(lineTotal('3.25', 2)).toBe('6.50');
  });

  it('applies a rate rounding half-up to cents', () => {
    expect(applyRate(1160, '0.085')).toBe(99); // 98.6 → 99 (spec example: 11.60 → tax 0.99)
    expect(applyRate(1000, '0.085')).toBe(85);
    expect(applyRate(100, '0.005')).toBe(1); // 0.5 → 1
    expect(applyRate(100, '0.0049')).toBe(0); // 0.49 → 0
    expect(applyRate(0, '0.085')).toBe(0);
    expect(parseRate('0.085')).toEqual({ numerator: 85n, denominator: 1000n });
  });

  it('multiplies in cents and refuses a quantity that is not a whole non-negative number', () => {
    expect(lineTotalCents('0.29', 500)).toBe(14500);
    expect(() => lineTotalCents('1.00', 1.5)).toThrow(RangeError);
    expect(() => lineTotalCents('1.00', -1)).toThrow(RangeError);
  });

  it('computes order totals: the worked example 2 × 3.25 + 1 × 5.10, fee 12.50, tax 8.5%', () => {
    expect(
      orderTotals(
        [
          { unitPrice: '3.25', quantity: 2 },
          { unitPrice: '5.10', quantity: 1 },
        ],
        { deliveryFee: '12.50', taxRate: '0.085' },
      ),
    ).toEqual({ lineTotals: [650, 510], subtotal: 1160, deliveryFee: 1250, tax: 99, total: 2509 });
    // exact where floats are not; tax half-up to cents
    expect(orderTotals([{ unitPrice: '0.10', quantity: 3 }, { unitPrice: '0.20', quantity: 1 }], { deliveryFee: '0', taxRate: '0' }).total).toBe(50);
    expect(orderTotals([{ unitPrice: '1.00', quantity: 1 }], { deliveryFee: '0', taxRate: '0.005' }).tax).toBe(1);
    expect(orderTotals([{ unitPrice: '1.00', quantity: 1 }], { deliveryFee: '0', taxRate: '0.0049' }).tax).toBe(0);
    expect(orderTotals([], { deliveryFee: '12.50', taxRate: '0.085' })).toEqual({ lineTotals: [], subtotal: 0, deliveryFee: 1250, tax: 0, total: 1250 });
  });
});
