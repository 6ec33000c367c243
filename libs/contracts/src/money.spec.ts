import { applyRate, formatCents, lineTotal, parseAmount, parseRate } from './money';

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
});
