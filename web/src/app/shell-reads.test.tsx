import { waitFor } from '@testing-library/react';
import { makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { routes } from './router';

// the shell's code never arrives: what the shell shows is asked for without it, by the guard
jest.mock('./shell', () => ({
  __esModule: true,
  default: () => {
    throw new Promise(() => undefined);
  },
}));

const user = (role: 'customer' | 'admin') => makeUser({ id: `u-${role}`, role, firstName: 'Ada', lastName: 'Baker', businessName: 'Corner Coffee', businessType: 'coffee_shop' });

function serve(role: 'customer' | 'admin') {
  const fetchMock = mockFetch({
    'GET /api/auth/user': () => jsonResponse(user(role)),
    'GET /api/products': () => jsonResponse({ products: [], total: 0 }),
    'GET /api/cart/count': () => jsonResponse({ count: 3 }),
    'GET /api/admin/notifications/count': () => jsonResponse({ count: 2 }),
    'GET /api/dashboard/metrics': () => jsonResponse({ totalOrders: 0, revenue: '0.00', activeCustomers: 0, pendingOrders: 0 }),
  });
  return () => fetchMock.mock.calls.map(([url]) => String(url));
}

describe('the guard asks for what the shell shows with the page’s first reads', () => {
  it('a customer’s cart count, before the shell’s code has arrived', async () => {
    const urls = serve('customer');
    const { queryClient } = renderRoutes(routes, { path: '/products' });
    await waitFor(() => expect(queryClient.getQueryData(['/api/cart/count'])).toEqual({ count: 3 }));
    expect(urls()).not.toContain('/api/admin/notifications/count');
  });

  it('an admin’s unread notifications, and no cart count', async () => {
    const urls = serve('admin');
    const { queryClient } = renderRoutes(routes, { path: '/admin' });
    await waitFor(() => expect(queryClient.getQueryData(['/api/admin/notifications/count'])).toEqual({ count: 2 }));
    expect(urls()).not.toContain('/api/cart/count');
  });
});
