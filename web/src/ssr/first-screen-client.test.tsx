import { act, waitFor } from '@testing-library/react';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { routes } from '@/app/router';
import { CALENDAR_KEY, CART_COUNT_KEY, CART_KEY, PRICING_KEY, USER_KEY } from '@/lib/query-keys';
import { makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { firstScreenFromServer } from './first-screen-client';
import { FIRST_SCREEN_STATE_ID, scriptSafeJson } from './first-screen-markup';

// the screens' code, fetched ahead: here it is at once, and records that it was asked for
jest.mock('@/app/signed-in-screens', () => {
  const screen = (render: (props: { children?: unknown }) => unknown) => Object.assign(render, { preload: jest.fn(() => Promise.resolve()) });
  return {
    Shell: screen(({ children }) => children),
    RealtimeBridge: screen(() => null),
    CartPage: screen(() => 'the cart page'),
    ProductsPage: screen(() => 'the catalogue'),
  };
});
const screens = require('@/app/signed-in-screens') as Record<'Shell' | 'RealtimeBridge' | 'CartPage', { preload: jest.Mock }>;

const customer = makeUser({ id: 'u-1', role: 'customer', businessName: 'Corner Coffee', businessType: 'coffee_shop' });

/** The page as the gateway sends it: the state element the server wrote, with what it read. */
function servedPage(state: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_SCREEN_STATE_ID;
  element.textContent = state;
  document.body.appendChild(element);
}

function serverReads() {
  const server = new QueryClient();
  server.setQueryData(USER_KEY, customer);
  server.setQueryData(CART_KEY, [{ id: 'line-1', productId: 'p-1', quantity: 2, product: { name: '</script> Rye' } }]);
  server.setQueryData(CART_COUNT_KEY, { count: 2 });
  server.setQueryData(PRICING_KEY, { deliveryFee: '12.50', taxRate: '0.085' });
  server.setQueryData(CALENDAR_KEY, { timeZone: 'UTC', today: '2026-11-29', now: '2026-11-29T09:00:00Z', maxDeliveryDaysAhead: 30, requireDeliveryDate: false });
  return scriptSafeJson(dehydrate(server));
}

const apiCalls = () => {
  const fetchMock = mockFetch({
    'GET /api/auth/user': () => jsonResponse(customer),
    'GET /api/cart': () => jsonResponse([]),
    'GET /api/cart/count': () => jsonResponse({ count: 0 }),
    'GET /api/config/pricing': () => jsonResponse({ deliveryFee: '12.50', taxRate: '0.085' }),
    'GET /api/calendar': () => jsonResponse({ timeZone: 'UTC', today: '2026-11-29', now: '2026-11-29T09:00:00Z', maxDeliveryDaysAhead: 30, requireDeliveryDate: false }),
    'GET /api/products': () => jsonResponse([]),
  });
  return () => fetchMock.mock.calls.map(([url]) => String(url));
};

describe('a first screen the server rendered, taken over by the app', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    Object.values(screens).forEach((s) => s.preload.mockClear());
    window.history.replaceState(null, '', '/cart');
  });

  it("puts the server's reads in the app's cache and fetches the page's code before the first render", async () => {
    servedPage(serverReads());
    const client = await firstScreenFromServer();
    expect(client?.getQueryData(USER_KEY)).toEqual(customer);
    expect(client?.getQueryData(CART_KEY)).toEqual([expect.objectContaining({ product: { name: '</script> Rye' } })]);
    // read once: the state goes, so nothing else takes it up
    expect(document.getElementById(FIRST_SCREEN_STATE_ID)).toBeNull();
    expect(screens.Shell.preload).toHaveBeenCalled();
    expect(screens.RealtimeBridge.preload).toHaveBeenCalled();
    expect(screens.CartPage.preload).toHaveBeenCalled();
  });

  it('does not read again what the server read as the page opens, and reads on the next opening', async () => {
    servedPage(serverReads());
    const queryClient = (await firstScreenFromServer())!;
    const urls = apiCalls();
    const { router, findByText } = renderRoutes(routes, { path: '/cart', queryClient });
    await findByText('the cart page');
    await act(async () => undefined);
    expect(urls()).toEqual([]);

    // the next opening reads what the cart reads on every opening (the bakery's calendar)
    await act(() => router.navigate('/products'));
    await act(() => router.navigate('/cart'));
    await waitFor(() => expect(urls()).toContain('/api/calendar'));
  });

  it('is nothing without the server’s state, and a fresh cache with an unreadable one', async () => {
    await expect(firstScreenFromServer()).resolves.toBeNull();
    servedPage('{not json');
    const client = await firstScreenFromServer();
    expect(client?.getQueryCache().getAll()).toEqual([]);
    expect(screens.CartPage.preload).not.toHaveBeenCalled();
  });
});
