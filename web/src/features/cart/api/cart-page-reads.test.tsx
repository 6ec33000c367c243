import { act, screen, waitFor } from '@testing-library/react';
import type { BakeryCalendar } from '@contracts/calendar';
import type { CartLine } from '@contracts/ordering';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { CartPage } from '../components/cart-page';
import { cartProductIds, readCartPage } from './cart-page-reads';

const NOW = '2026-11-29T09:00:00.000Z';
// 70 days ahead: two spans of GET /api/delivery/calendar (62 days at most each)
const CALENDAR: BakeryCalendar = { timeZone: 'Europe/Berlin', today: '2026-11-29', now: NOW, maxDeliveryDaysAhead: 70, requireDeliveryDate: false };
const line = (id: string, productId: string, withProduct = true): CartLine => ({
  id,
  productId,
  quantity: 2,
  createdAt: NOW,
  updatedAt: NOW,
  product: withProduct ? { id: productId, name: `Bread ${productId}`, description: null, price: '5.00', imageUrl: null, stock: 50, isActive: true } : null,
});
// two lines of one product, one of another, and one whose product could not be read
const LINES = [line('l1', 'p-rye'), line('l2', 'p-bagel'), line('l3', 'p-rye'), line('l4', 'p-gone', false)];

function serve(lines: CartLine[]) {
  const fetchMock = mockFetch({
    'GET /api/cart': () => jsonResponse(lines),
    'GET /api/config/pricing': () => jsonResponse({ deliveryFee: '12.50', taxRate: '0.085' }),
    'GET /api/calendar': () => jsonResponse(CALENDAR),
    'GET /api/delivery/calendar': () => jsonResponse([]),
  });
  const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
  return { urls };
}

describe('the cart page’s first reads', () => {
  it('are the cart, its prices and the calendar, then the delivery dates of its products over the bakery’s days', async () => {
    const { urls } = serve(LINES);
    await readCartPage(createQueryClient());
    expect(urls().slice(0, 3).sort()).toEqual(['/api/calendar', '/api/cart', '/api/config/pricing']);
    expect(urls().slice(3)).toEqual([
      '/api/delivery/calendar?from=2026-11-29&to=2027-01-29&productIds=p-bagel%2Cp-rye',
      '/api/delivery/calendar?from=2027-01-30&to=2027-02-07&productIds=p-bagel%2Cp-rye',
    ]);
  });

  it('ask for no delivery dates for an empty cart', async () => {
    const { urls } = serve([]);
    await readCartPage(createQueryClient());
    expect(urls().sort()).toEqual(['/api/calendar', '/api/cart', '/api/config/pricing']);
  });

  it('are what the page then shows: it opens without reading any of them again', async () => {
    const { urls } = serve(LINES);
    const queryClient = createQueryClient();
    await readCartPage(queryClient);
    const before = urls().length;
    renderRoutes([{ path: '/cart', element: <CartPage /> }], { path: '/cart', queryClient });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(/^\$\d+\.\d\d$/));
    expect(screen.getByLabelText('Delivery Date')).toBeEnabled();
    await act(async () => undefined);
    expect(urls().slice(before)).toEqual([]);
  });
});

describe('cartProductIds', () => {
  it('answers each product of the cart once, sorted, leaving out lines whose product could not be read', () => {
    expect(cartProductIds(LINES)).toEqual(['p-bagel', 'p-rye']);
    expect(cartProductIds([])).toEqual([]);
  });
});
