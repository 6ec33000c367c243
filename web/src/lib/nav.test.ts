import { isNavActive } from './nav';

const HREFS = ['/', '/products', '/orders', '/cart', '/admin', '/admin/products', '/admin/orders', '/admin/customers'];

describe('active navigation entry (spec section 2)', () => {
  it('matches / exactly', () => {
    expect(isNavActive('/', '/', HREFS)).toBe(true);
    expect(isNavActive('/products', '/', HREFS)).toBe(false);
  });
  it('matches other entries when the path equals or starts with them', () => {
    expect(isNavActive('/orders', '/orders', HREFS)).toBe(true);
    expect(isNavActive('/admin/orders', '/admin/orders', HREFS)).toBe(true);
    expect(isNavActive('/admin', '/admin', HREFS)).toBe(true);
    expect(isNavActive('/admin/reports', '/admin', HREFS)).toBe(true);
    expect(isNavActive('/cart', '/orders', HREFS)).toBe(false);
  });
  it('highlights only the most specific entry: on /admin/products, Manage Products and not Admin Dashboard', () => {
    const active = (pathname: string) => HREFS.filter((href) => isNavActive(pathname, href, HREFS));
    expect(active('/admin/products')).toEqual(['/admin/products']);
    expect(active('/admin/orders/123')).toEqual(['/admin/orders']);
    expect(active('/admin')).toEqual(['/admin']);
  });
  it('matches whole path segments only', () => {
    expect(isNavActive('/ordersx', '/orders', HREFS)).toBe(false);
  });
});
