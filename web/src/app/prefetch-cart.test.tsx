import { act, screen, waitFor } from '@testing-library/react';
import { makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { routes } from './router';

// Whether the cart page's module has been loaded (its lazy import requires it).
const mockLoaded: string[] = [];
jest.mock('@/features/cart/components/cart-page', () => {
  mockLoaded.push('cart-page');
  return { __esModule: true, default: () => null };
});
jest.mock('@/features/products/components/products-page', () => ({ __esModule: true, default: () => <p>The catalogue</p> }));
jest.mock('@/features/dashboard/components/admin-dashboard-page', () => ({ __esModule: true, default: () => <p>The admin dashboard</p> }));

const user = (role: 'customer' | 'admin') => makeUser({ id: `u-${role}`, role, firstName: 'Ada', lastName: 'Baker', businessName: 'Corner Coffee', businessType: 'coffee_shop' });

function serve(role: 'customer' | 'admin') {
  mockFetch({
    'GET /api/auth/user': () => jsonResponse(user(role)),
    'GET /api/products': () => jsonResponse([]),
    'GET /api/cart/count': () => jsonResponse({ count: 0 }),
    'GET /api/admin/notifications/count': () => jsonResponse({ count: 0 }),
  });
}

/** Lets the first screen's idle moment pass (jsdom has no requestIdleCallback: a timer stands in). */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('the next screen’s code, fetched after the first screen', () => {
  it('is not fetched for an admin, who has no cart', async () => {
    serve('admin');
    renderRoutes(routes, { path: '/admin' });
    expect(await screen.findByText('The admin dashboard')).toBeInTheDocument();
    await settle();
    expect(mockLoaded).toEqual([]);
  });

  it('is the cart’s for a customer, once the catalogue is shown, and before the cart is opened', async () => {
    serve('customer');
    const { router } = renderRoutes(routes, { path: '/products' });
    expect(await screen.findByText('The catalogue')).toBeInTheDocument();
    await waitFor(() => expect(mockLoaded).toEqual(['cart-page']));
    expect(router.state.location.pathname).toBe('/products');
  });
});
