import { fireEvent, screen } from '@testing-library/react';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { routes } from '../router';
import { ROUTE_ERROR_TEXT, ROUTE_ERROR_TITLE } from './route-error';

// Order History's code is gone (a deploy since the tab was opened, the reload tried already)
jest.mock('./orders', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/orders-D2f1.js');
});

const customer = { id: 'u1', email: 'cafe@demo.bakery', role: 'customer', businessName: 'Corner Coffee' };

describe('a screen that cannot be opened', () => {
  const reload = jest.fn();
  const original = window.location;
  beforeAll(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
  });
  afterAll(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
  });

  it("shows the app's error screen with Reload and a way home, not the router's developer page", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(customer),
      'GET /api/cart/count': () => jsonResponse({ count: 0 }),
    });
    renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByRole('heading', { level: 1, name: ROUTE_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText(ROUTE_ERROR_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch dynamically imported module/)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page could not be opened · Bakery Wholesale');

    fireEvent.click(screen.getByRole('button', { name: /Reload/ }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
