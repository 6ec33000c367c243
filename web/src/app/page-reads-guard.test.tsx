import { act, waitFor } from '@testing-library/react';
import { makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { routes } from './router';

// the cart page's code never arrives: what is asked for, is asked for without it
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
    'GET /api/cart/count': () => jsonResponse({ count: 0 }),
    'GET /api/config/pricing': () => jsonResponse({ deliveryFee: '12.50', taxRate: '0.085' }),
    'GET /api/calendar': () => jsonResponse({ timeZone: 'UTC', today: '2026-11-29', now: '2026-11-29T09:00:00Z', maxDeliveryDaysAhead: 30, requireDeliveryDate: false }),
    'GET /api/admin/notifications/count': () => jsonResponse({ count: 0 }),
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
