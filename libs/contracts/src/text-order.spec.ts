import { compareNames } from './text-order';

describe('compareNames', () => {
  it('is alphabetical, ignoring case and accents', () => {
    expect(['rye', 'Baguette', 'éclair', 'Eclair', 'apple turnover'].sort(compareNames)).toEqual([
      'apple turnover',
      'Baguette',
      'éclair',
      'Eclair',
      'rye',
    ]);
    expect(compareNames('Croissant', 'croissant')).toBe(0);
    expect(compareNames('Café', 'cafe')).toBe(0);
  });

  it('orders as localeCompare in English with base sensitivity', () => {
    const names = ['Zopf', 'zebra', 'Ämter', 'amber', 'Brötchen', 'brot', 'Sonnenblumenkernvollkornbrot', '10 grain', '2 grain'];
    const expected = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect([...names].sort(compareNames)).toEqual(expected);
  });
});
