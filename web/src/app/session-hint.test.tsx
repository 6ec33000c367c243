import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { createAppQueryClient } from './provider';
import { routes } from './router';

// The gateway's session hint (lib/session-hint.ts): the session is asked for only when it is there.
describe('the session, by the session hint', () => {
  it('without it, a visitor sees the landing page and GET /api/auth/user is never asked', async () => {
    document.cookie = 'bakery_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const fetch = mockFetch({
      'GET /api/auth/user': () => jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401, 'Unauthorized'),
    });
    renderRoutes(routes, { path: '/', queryClient: createAppQueryClient() });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/auth/user');
  });

  it('with it, the session is asked for and a signed-in customer is let in', async () => {
    const fetch = mockFetch({
      'GET /api/auth/user': () => jsonResponse({ id: 'u1', email: 'cafe@demo.bakery', role: 'customer', businessName: 'Corner Coffee' }),
      'GET /api/cart': () => jsonResponse([]),
      'GET /api/cart/count': () => jsonResponse({ count: 0 }),
      'GET /api/orders': () => jsonResponse([]),
    });
    renderRoutes(routes, { path: '/cart', queryClient: createAppQueryClient() });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/auth/user');
  });
});
