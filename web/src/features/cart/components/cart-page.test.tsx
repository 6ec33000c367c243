import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { makeOrder } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import type { CartLine } from '@contracts/ordering';
import { CartPage } from './cart-page';

const routes = [
  { path: '/cart', element: <CartPage /> },
  { path: '/orders', element: <p>Order history</p> },
];
const PRICING = { deliveryFee: '12.50', taxRate: '0.085' };

/** 10 Sourdough Loaves at `price`; `previousPrice` when the price changed since they were added. */
function loaves(price: string, previousPrice: string | null = null): CartLine[] {
  return [
    {
      id: 'line-1',
      productId: 'p-sourdough',
      quantity: 10,
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      product: { id: 'p-sourdough', name: 'Sourdough Loaf', description: null, price, imageUrl: null, stock: 100, isActive: true },
      previousPrice,
    },
  ];
}

/** The server's answer when the price went from 5.00 to 50.00 after the cart was shown. */
const TOTAL_CHANGED = {
  statusCode: 409,
  code: 'CONFLICT',
  message: 'Prices changed since you saw your cart: please review the new total and place the order again',
  details: {
    expectedTotal: '66.75',
    total: '555.00',
    changedLines: [{ productId: 'p-sourdough', productName: 'Sourdough Loaf', oldPrice: '5.00', newPrice: '50.00' }],
  },
};

type FetchMock = ReturnType<typeof mockFetch>;
const callsTo = (fetchMock: FetchMock, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET').toUpperCase() === method);

async function placeOrder() {
  const button = await screen.findByRole('button', { name: 'Place Order' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

describe('cart: its first screen', () => {
  it('asks for the bakery’s calendar together with the cart, not once the cart has answered', async () => {
    let answerCart: (res: Response) => void = () => undefined;
    const fetchMock = mockFetch({
      'GET /api/cart': () => new Promise<Response>((resolve) => (answerCart = resolve)),
      'GET /api/config/pricing': () => jsonResponse(PRICING),
    });
    renderRoutes(routes, { path: '/cart' });
    // the cart has not answered yet, and the calendar is already asked for
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/calendar')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET', '/api/cart')).toHaveLength(1);
    answerCart(jsonResponse(loaves('5.00')));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$66.75'));
    // and only once: the delivery form reads the same answer
    expect(callsTo(fetchMock, 'GET', '/api/calendar')).toHaveLength(1);
  });
});

describe('cart: Place Order sends the total shown, and a changed price is shown, not charged', () => {
  beforeEach(() => act(() => dismissToast()));

  it('sends the total the cart shows as expectedTotal, with an Idempotency-Key', async () => {
    const fetchMock = mockFetch({
      'GET /api/cart': () => jsonResponse(loaves('5.00')),
      'GET /api/config/pricing': () => jsonResponse(PRICING),
      'POST /api/orders': () => jsonResponse(makeOrder({ total: '66.75' }), 201, 'Created'),
    });
    const { router } = renderRoutes(routes, { path: '/cart' });
    // 10 x 5.00 + 12.50 delivery + 4.25 tax
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$66.75'));
    await placeOrder();

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'POST', '/api/orders')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ deliveryDate: null, deliveryTimeSlot: null, specialInstructions: null, expectedTotal: '66.75' });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  it('on a 409 for a changed price: shows the old and new price in a notice, reads the cart again, and the next Place Order sends the new total', async () => {
    let price = '5.00';
    const fetchMock = mockFetch({
      'GET /api/cart': () => jsonResponse(price === '5.00' ? loaves('5.00') : loaves('50.00', '5.00')),
      'GET /api/config/pricing': () => jsonResponse(PRICING),
      'POST /api/orders': (init) =>
        JSON.parse(String(init?.body)).expectedTotal === '555.00'
          ? jsonResponse(makeOrder({ total: '555.00' }), 201, 'Created')
          : jsonResponse(TOTAL_CHANGED, 409, 'Conflict'),
    });
    const { router } = renderRoutes(routes, { path: '/cart' });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$66.75'));
    expect(screen.queryByText(/Prices have changed/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/cart')).toHaveLength(1);

    price = '50.00'; // the admin changes the price while the customer looks at the cart
    await placeOrder();

    const notice = (await screen.findByText('Prices have changed: your order was not placed')).closest('.ant-alert') as HTMLElement;
    expect(notice).not.toBeNull();
    expect(within(notice).getByText('Sourdough Loaf: price changed from $5.00 to $50.00')).toBeInTheDocument();
    expect(notice).toHaveTextContent('The total is now $555.00 (it was $66.75). Please review your cart and place the order again.');
    // the cart was read again: the summary shows the new total, the line its old and new price
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/cart').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$555.00'));
    expect(within(screen.getByRole('listitem', { name: 'Sourdough Loaf' })).getByText('Price changed from $5.00 to $50.00')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');

    // the customer has seen the new total and places again: a new attempt (key) at the new total
    await placeOrder();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    const posts = callsTo(fetchMock, 'POST', '/api/orders');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)).expectedTotal)).toEqual(['66.75', '555.00']);
    const keys = posts.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('says so when the delivery fee or tax changed instead (no changed lines)', async () => {
    let fee = '12.50';
    mockFetch({
      'GET /api/cart': () => jsonResponse(loaves('5.00')),
      'GET /api/config/pricing': () => jsonResponse({ ...PRICING, deliveryFee: fee }),
      'POST /api/orders': () =>
        jsonResponse({ ...TOTAL_CHANGED, details: { expectedTotal: '66.75', total: '74.25', changedLines: [] } }, 409, 'Conflict'),
    });
    renderRoutes(routes, { path: '/cart' });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$66.75'));
    fee = '20.00';
    await placeOrder();
    const notice = (await screen.findByText('Prices have changed: your order was not placed')).closest('.ant-alert') as HTMLElement;
    expect(notice).toHaveTextContent('The delivery fee or tax has changed.');
    expect(notice).toHaveTextContent('The total is now $74.25 (it was $66.75).');
    // pricing read again too
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$74.25'));
  });
});
