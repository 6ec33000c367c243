import { listCountText, nextPagePath } from './paged-list';

describe('paged lists', () => {
  it('follows the Link header to the next page on this origin, and stops without one', () => {
    expect(nextPagePath(`<${window.location.origin}/api/orders?status=pending&cursor=abc>; rel="next"`)).toBe('/api/orders?status=pending&cursor=abc');
    expect(nextPagePath(`<http://localhost:3000/api/customers?q=corner&cursor=x>; rel="next"`)).toBe('/api/customers?q=corner&cursor=x');
    expect(nextPagePath(null)).toBeNull();
    expect(nextPagePath('<http://elsewhere.test/x>; rel="prev"')).toBeNull();
  });

  it('counts what a list shows: the total with how many are loaded, or the first N when not counted', () => {
    const customers = ['customer', 'customers'] as const;
    expect(listCountText(20, 57, false, customers)).toBe('57 customers, showing 20');
    expect(listCountText(1, 1, false, customers)).toBe('1 customer');
    expect(listCountText(3, 3, true, customers)).toBe('3 matching customers');
    expect(listCountText(0, 0, true, customers)).toBe('0 matching customers');
    expect(listCountText(20, null, false, customers)).toBe('Showing the first 20 customers');
  });
});
