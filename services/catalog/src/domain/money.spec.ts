import { formatCents, lineTotal, parseAmount } from '@bakery/contracts';
import { normalizePrice, parsePrice } from './money';

describe('money', () => {
  it('parses prices into integer cents without floating point', () => {
    expect(parsePrice('4.50')).toBe(450);
    expect(parsePrice('4.5')).toBe(450);
    expect(parsePrice('12')).toBe(1200);
    expect(parsePrice('0.01')).toBe(1);
    expect(parsePrice('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(parsePrice('99999999.99')).toBe(9_999_999_999);
  });

  it('refuses prices that are not positive decimals with at most 2 places up to 99999999.99', () => {
    for (const bad of ['', '0', '0.00', '-1', '4.555', '1e3', '4,50', ' 4.50', '.5', '4.', '100000000', 'abc']) {
      expect(() => parsePrice(bad)).toThrow(RangeError);
    }
  });

  it('formats cents as a decimal string with two places', () => {
    expect(formatCents(450)).toBe('4.50');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(9_999_999_999)).toBe('99999999.99');
    expect(formatCents(-125)).toBe('-1.25');
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it('normalizes a price and keeps leading zeros out', () => {
    expect(normalizePrice('4.5')).toBe('4.50');
    expect(normalizePrice('007')).toBe('7.00');
    expect(normalizePrice('00000001.10')).toBe('1.10');
  });

  it('parses any non-negative amount, zero included', () => {
    expect(parseAmount('0.00')).toBe(0);
    expect(() => parseAmount('-0.01')).toThrow(RangeError);
  });

  it('multiplies a unit price by a quantity exactly', () => {
    expect(lineTotal('0.10', 3)).toBe('0.30'); // 0.1 * 3 is 0.30000000000000004 in floats
    expect(lineTotal('4.50', 500)).toBe('2250.00');
  });
});
