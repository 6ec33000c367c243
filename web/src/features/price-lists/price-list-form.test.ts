import type { PriceList } from '@contracts/price-lists';
import { formFieldOf, percentageMeaning, plainPercentage, priceListFormValues, toPriceListInput, validateFixedPrice, validateListName, validatePercentage } from './price-list-form';

const LIST: PriceList = {
  id: 'l1',
  name: 'Cafe chain',
  percentage: '92.50',
  fixedPrices: [{ productId: 'p1', price: '1.99' }],
  customerCount: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('the price list form (issue 19)', () => {
  it('shows a list’s percentage as typed and sends the list trimmed, whole', () => {
    expect(priceListFormValues(LIST)).toEqual({ name: 'Cafe chain', percentage: '92.5', fixedPrices: [{ productId: 'p1', price: '1.99' }] });
    expect(plainPercentage('90.00')).toBe('90');
    expect(plainPercentage('110')).toBe('110');
    expect(toPriceListInput({ name: '  Cafe chain ', percentage: ' 90 ', fixedPrices: [{ productId: 'p1', price: ' 1.99 ' }] })).toEqual({
      name: 'Cafe chain',
      percentage: '90',
      fixedPrices: [{ productId: 'p1', price: '1.99' }],
    });
  });

  it('checks the server’s rules: a name of 1 to 100 characters, a percentage from 1 to 500, prices above 0', () => {
    expect(validateListName('  ')).toBe('Name must be 1 to 100 characters');
    expect(validateListName('x'.repeat(101))).toBe('Name must be 1 to 100 characters');
    expect(validateListName('Corner shops')).toBeUndefined();
    for (const ok of ['1', '90', '92.5', '110.25', '500']) expect(validatePercentage(ok)).toBeUndefined();
    for (const bad of ['0', '0.99', '500.01', '90.123', 'ninety', '', '-5']) expect(validatePercentage(bad)).toMatch(/^Enter a percentage from 1 to 500/);
    expect(validateFixedPrice('1.99')).toBeUndefined();
    expect(validateFixedPrice('0')).toBe('Price must be greater than 0');
    expect(validateFixedPrice('')).toBeDefined();
    expect(validateFixedPrice('1.999')).toBeDefined();
  });

  it('says what a percentage means, in words', () => {
    expect(percentageMeaning('90.00')).toBe('10% off the default prices');
    expect(percentageMeaning('92.5')).toBe('7.5% off the default prices');
    expect(percentageMeaning('110')).toBe('10% above the default prices');
    expect(percentageMeaning('100.00')).toBe('The default prices');
    expect(percentageMeaning('x')).toBe('');
  });

  it('puts each of the server’s field messages on its field', () => {
    expect(formFieldOf('name')).toEqual(['name']);
    expect(formFieldOf('percentage')).toEqual(['percentage']);
    expect(formFieldOf('fixedPrices.2.price')).toEqual(['fixedPrices', 2, 'price']);
    expect(formFieldOf('fixedPrices.0.productId')).toEqual(['fixedPrices', 0, 'price']);
    expect(formFieldOf('fixedPrices')).toBeNull();
  });
});
