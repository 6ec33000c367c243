import { act, waitFor } from '@testing-library/react';
import { ADMIN_NOTIFICATIONS_COUNT_KEY, CART_COUNT_KEY } from '@/lib/query-keys';
import { makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { routes } from './router';

// the shell's and the cart page's code never arrive: what is asked for, is asked for without them
jest.mock('./shell', () => ({
  __esModule: true,
  default: () => {
    throw new Promise(() => undefined);
  },
}));
jest.mock('@/features/cart/components/cart-page', () => ({
  __esModule: true,
  default: () => {
    throw new Promise(() => undefined);
  },
}));

const user = (role: 'customer' | 'admin') => makeUser({ id: `u-${role}`, role, firstName: 'Ada', lastName: 'Baker', businessName: 'Corner Coffee', businessType: 'coffee_shop' });

function serve(role: 'customer' | 'admin') {
  const fetchMock = mockFetch({
    'GET /api/auth/user': () => jsonResponse(user(role)),
    'GET /api/cart': () => jsonResponse([]),
    'GET /api/products': () => jsonResponse({ products: [], total: 0 }),
    'GET /api/cart/count': () => jsonResponse({ count: 3 }),
    'GET /api/config/pricing': () => jsonResponse({ deliveryFee: '12.50', taxRate: '0.085' }),
    'GET /api/calendar': () => jsonResponse({ timeZone: 'UTC', today: '2026-11-29', now: '2026-11-29T09:00:00Z', maxDeliveryDaysAhead: 30, requireDeliveryDate: false }),
    'GET /api/admin/notifications/count': () => jsonResponse({ count: 2 }),
    'GET /api/dashboard/metrics': () => jsonResponse({ totalOrders: 0, revenue: '0.00', activeCustomers: 0, pendingOrders: 0 }),
  });
  return () => fetchMock.mock.calls.map(([url]) => String(url));
}

describe('the guard asks for a page’s first reads with its code', () => {
  it('reads the cart, its prices and the calendar while the cart page’s code is still on its way', async () => {
    const urls = serve('customer');
    renderRoutes(routes, { path: '/cart' });
    await waitFor(() => expect(urls()).toEqual(expect.arrayContaining(['/api/cart', '/api/config/pricing', '/api/calendar'])));
  });

  it('reads nothing of the cart for an admin, who is sent to the admin dashboard', async () => {
    const urls = serve('admin');
    const { router } = renderRoutes(routes, { path: '/cart' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    await act(async () => undefined);
    expect(urls()).not.toContain('/api/cart');
    expect(urls()).not.toContain('/api/config/pricing');
  });
});

describe('the guard asks for what the shell shows with the page’s first reads', () => {
  it('a customer’s cart count, before the shell’s code has arrived', async () => {
    const urls = serve('customer');
    const { queryClient } = renderRoutes(routes, { path: '/products' });
    await waitFor(() => expect(queryClient.getQueryData(CART_COUNT_KEY)).toEqual({ count: 3 }));
    expect(urls()).not.toContain('/api/admin/notifications/count');
  });

  it('an admin’s unread notifications, and no cart count', async () => {
    const urls = serve('admin');
    const { queryClient } = renderRoutes(routes, { path: '/admin' });
    await waitFor(() => expect(queryClient.getQueryData(ADMIN_NOTIFICATIONS_COUNT_KEY)).toEqual({ count: 2 }));
    expect(urls()).not.toContain('/api/cart/count');
  });
});
