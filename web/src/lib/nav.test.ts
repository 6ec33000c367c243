import { isNavActive } from './nav';

describe('active navigation entry (spec section 2)', () => {
  it('matches / exactly', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/products', '/')).toBe(false);
  });
  it('matches other entries when the path equals or starts with them', () => {
    expect(isNavActive('/orders', '/orders')).toBe(true);
    expect(isNavActive('/admin/orders', '/admin/orders')).toBe(true);
    expect(isNavActive('/admin/orders', '/admin')).toBe(true);
    expect(isNavActive('/cart', '/orders')).toBe(false);
  });
});
