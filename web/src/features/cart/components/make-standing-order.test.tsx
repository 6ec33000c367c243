import { fireEvent, screen } from '@testing-library/react';
import { makeCartLine } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { CartPage } from './cart-page';

it('"Make this a standing order" opens a new standing order made from the cart, leaving the cart as it is', async () => {
  const fetchMock = mockFetch({
    'GET /api/cart': () => jsonResponse([makeCartLine('Sourdough Loaf', '6.50', 10)]),
    'GET /api/config/pricing': () => jsonResponse({ deliveryFee: '12.50', taxRate: '0.085' }),
  });
  const { router } = renderRoutes(
    [
      { path: '/cart', element: <CartPage /> },
      { path: '/standing-orders/new', element: <p>the new standing order form</p> },
    ],
    { path: '/cart' },
  );
  fireEvent.click((await screen.findByText('Make this a standing order')).closest('button')!);
  expect(await screen.findByText('the new standing order form')).toBeInTheDocument();
  expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/standing-orders/new?fromCart=1');
  expect(fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toEqual([]);
});
