import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { termsTotals } from '@contracts/customer-terms';
import { formatCents } from '@contracts/money';
import type { CartLine, PricingAnswer } from '@contracts/ordering';
import { dismissToast } from '@/components/ui/toast-store';
import { makeCartLine, makeOrder } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { CartPage } from './cart-page';

/**
 * Issue 19 in the cart: the customer's own minimum order, delivery fee and free-delivery threshold
 * (the pricing answer's `own`), on the prices the server's cart answer gives.
 */
const routes = [
  { path: '/cart', element: <CartPage /> },
  { path: '/orders', element: <p>Order history</p> },
];
const ON_HOLD = 'Your account is on hold. Please contact the bakery.';
const pricingWith = (own: PricingAnswer['own']): PricingAnswer => ({ deliveryFee: '12.50', taxRate: '0.085', minimumOrder: null, freeDeliveryThreshold: null, own });
const TERMS = { minimumOrder: '25.00', deliveryFee: '7.50', freeDeliveryThreshold: '50.00' };

type FetchMock = ReturnType<typeof mockFetch>;
const posts = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([u, init]) => u === '/api/orders' && init?.method === 'POST');
const placeOrderButton = () => screen.findByRole('button', { name: 'Place Order' });

describe('cart: the customer’s terms (issue 19)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('below the minimum: says how much more reaches it and free delivery, and Place Order waits', async () => {
    const fetchMock = mockFetch({
      'GET /api/cart': () => jsonResponse([makeCartLine('Terms Cake', '24.99', 1)]),
      'GET /api/config/pricing': () => jsonResponse(pricingWith(TERMS)),
    });
    renderRoutes(routes, { path: '/cart' });
    const hint = await screen.findByTestId('minimum-hint');
    expect(hint).toHaveTextContent('Add $0.01 more to reach the minimum order');
    expect(hint).toHaveTextContent('the minimum order is $25.00');
    expect(screen.getByTestId('free-delivery-hint')).toHaveTextContent('Add $25.01 more for free delivery');
    const button = await placeOrderButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-describedby', 'cart-minimum-hint');
    fireEvent.click(button);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows the totals of the contracts’ rule on the server’s prices, and sends that total: the customer’s fee below the threshold', async () => {
    const lines: CartLine[] = [makeCartLine('Terms Tart', '49.99', 1)];
    const fetchMock = mockFetch({
      'GET /api/cart': () => jsonResponse(lines),
      'GET /api/config/pricing': () => jsonResponse(pricingWith(TERMS)),
      'POST /api/orders': () => jsonResponse(makeOrder({ total: '61.74' }), 201, 'Created'),
    });
    const { router } = renderRoutes(routes, { path: '/cart' });
    const rule = termsTotals([{ unitPrice: '49.99', quantity: 1 }], { taxRate: '0.085', ...TERMS });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent(`$${formatCents(rule.total)}`));
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$49.99');
    expect(screen.getByTestId('summary-delivery-fee')).toHaveTextContent('$7.50');
    expect(screen.getByTestId('summary-tax')).toHaveTextContent('$4.25');
    expect(screen.queryByTestId('minimum-hint')).not.toBeInTheDocument();
    expect(screen.getByTestId('free-delivery-hint')).toHaveTextContent('Add $0.01 more for free delivery');

    const button = await placeOrderButton();
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0][1]?.body)).expectedTotal).toBe('61.74');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  it('waives the delivery fee at the threshold: "Free", and the total without it', async () => {
    mockFetch({
      'GET /api/cart': () => jsonResponse([makeCartLine('Terms Tart', '49.99', 1), makeCartLine('Terms Mint', '0.01', 1)]),
      'GET /api/config/pricing': () => jsonResponse(pricingWith(TERMS)),
    });
    renderRoutes(routes, { path: '/cart' });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$54.25'));
    expect(screen.getByTestId('summary-delivery-fee')).toHaveTextContent('Free');
    expect(screen.queryByTestId('free-delivery-hint')).not.toBeInTheDocument();
    expect(screen.queryByTestId('minimum-hint')).not.toBeInTheDocument();
  });

  it('on hold: shows the server’s 403 on the page, the order not placed', async () => {
    mockFetch({
      'GET /api/cart': () => jsonResponse([makeCartLine('Terms Bread', '4.50', 10)]),
      'GET /api/config/pricing': () => jsonResponse(pricingWith({ minimumOrder: null, deliveryFee: '12.50', freeDeliveryThreshold: null })),
      'POST /api/orders': () => jsonResponse({ statusCode: 403, code: 'FORBIDDEN', message: ON_HOLD }, 403, 'Forbidden'),
    });
    const { router } = renderRoutes(routes, { path: '/cart' });
    const button = await placeOrderButton();
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const notice = (await screen.findByText('Your account is on hold: your order was not placed')).closest('.ant-alert') as HTMLElement;
    expect(notice).toHaveTextContent(ON_HOLD);
    expect(await screen.findByTestId('toast')).toHaveTextContent(ON_HOLD);
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('refused below a minimum set meanwhile (400): says so, reads the terms again, and Place Order waits', async () => {
    let terms = { minimumOrder: null as string | null, deliveryFee: '12.50', freeDeliveryThreshold: null };
    const message = 'The minimum order is $50.00: add $5.00 more to place this order';
    const fetchMock = mockFetch({
      'GET /api/cart': () => jsonResponse([makeCartLine('Terms Bread', '4.50', 10)]),
      'GET /api/config/pricing': () => jsonResponse(pricingWith(terms)),
      'POST /api/orders': () =>
        jsonResponse({ statusCode: 400, code: 'VALIDATION_FAILED', message, errors: { cart: [message] }, details: { minimumOrder: '50.00' } }, 400, 'Bad Request'),
    });
    renderRoutes(routes, { path: '/cart' });
    const button = await placeOrderButton();
    await waitFor(() => expect(button).toBeEnabled());
    terms = { ...terms, minimumOrder: '50.00' }; // the admin sets a minimum while the cart is open
    fireEvent.click(button);

    const notice = (await screen.findByText('Your order is below the minimum order: your order was not placed')).closest('.ant-alert') as HTMLElement;
    expect(within(notice).getByText(message)).toBeInTheDocument();
    expect(await screen.findByTestId('minimum-hint')).toHaveTextContent('Add $5.00 more to reach the minimum order');
    expect(await placeOrderButton()).toBeDisabled();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/config/pricing').length).toBeGreaterThanOrEqual(2);
  });
});
