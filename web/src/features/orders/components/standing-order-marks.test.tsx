import { fireEvent, screen, within } from '@testing-library/react';
import { makeOrder, makeOrderItem, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { ManageOrdersPage } from './manage-orders-page';
import { OrderDetailsDialog } from './order-details-dialog';

/**
 * Orders made from standing orders (issue 17): the "Standing order" tag on Manage Orders and in
 * the details, the units that were short of stock (never charged), and "Repeat this order".
 */
const SO_ID = '99999999-9999-9999-9999-999999999999';
const fromStandingOrder = makeOrder({
  id: '11111111-1111-1111-1111-1111aaaa0001',
  standingOrderId: SO_ID,
  deliveryDate: '2026-11-26',
  orderItems: [
    makeOrderItem('Classic Baguette', 5, { productId: 'p-baguette', shortfall: 15, unitPrice: '2.00', totalPrice: '10.00' }),
    makeOrderItem('Butter Croissant', 0, { productId: 'p-croissant', shortfall: 12, unitPrice: '1.10', totalPrice: '0.00' }),
    makeOrderItem('Rye', 4, { productId: 'p-rye' }),
  ],
});
const checkout = makeOrder({ id: '22222222-2222-2222-2222-2222bbbb0002' });

describe('orders from standing orders', () => {
  it('are marked on Manage Orders, with what was short of stock', async () => {
    mockFetch({ 'GET /api/orders': () => jsonResponse([fromStandingOrder, checkout]), 'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }) });
    renderRoutes([{ path: '/admin/orders', element: <ManageOrdersPage /> }], { path: '/admin/orders' });
    const card = within(await screen.findByLabelText('Order #aaaa0001'));
    expect(card.getByText('Standing order')).toBeInTheDocument();
    expect(Array.from(card.getByLabelText('Short of stock').querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'Classic Baguette: 5 of 20 (15 short)',
      'Butter Croissant: 0 of 12 (12 short)',
    ]);
    const other = within(screen.getByLabelText('Order #bbbb0002'));
    expect(other.queryByText('Standing order')).not.toBeInTheDocument();
    expect(other.queryByLabelText('Short of stock')).not.toBeInTheDocument();
  });

  it('are marked in the details, each short item saying how many were available and that the rest is not charged', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })), [`GET /api/orders/${fromStandingOrder.id}`]: () => jsonResponse(fromStandingOrder) });
    renderRoutes([{ path: '/', element: <OrderDetailsDialog order={fromStandingOrder} onClose={() => undefined} /> }]);
    expect(await screen.findByText('Standing order')).toBeInTheDocument();
    expect(screen.getByText('5 of 20 available: 15 short, not charged')).toBeInTheDocument();
    expect(screen.getByText('0 of 12 available: 12 short, not charged')).toBeInTheDocument();
    expect(screen.getByText('Rye').closest('td')!.textContent).toBe('Rye');
    // an admin does not repeat a customer's order
    expect(screen.queryByText('Repeat this order')).not.toBeInTheDocument();
  });

  it('shows a checkout as it was: no tag, no shortfall', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(makeUser()), [`GET /api/orders/${checkout.id}`]: () => jsonResponse(checkout) });
    renderRoutes([{ path: '/', element: <OrderDetailsDialog order={checkout} onClose={() => undefined} /> }]);
    expect(await screen.findByText('Sourdough Loaf')).toBeInTheDocument();
    expect(screen.queryByText('Standing order')).not.toBeInTheDocument();
    expect(screen.queryByText(/short, not charged/)).not.toBeInTheDocument();
  });
});

it('"Repeat this order" opens a new standing order made from the order', async () => {
  mockFetch({ 'GET /api/auth/user': () => jsonResponse(makeUser()), [`GET /api/orders/${checkout.id}`]: () => jsonResponse(checkout) });
  const { router } = renderRoutes([
    { path: '/orders', element: <OrderDetailsDialog order={checkout} onClose={() => undefined} /> },
    { path: '/standing-orders/new', element: <p>the new standing order form</p> },
  ], { path: '/orders' });
  fireEvent.click((await screen.findByText('Repeat this order')).closest('button')!);
  expect(await screen.findByText('the new standing order form')).toBeInTheDocument();
  expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/standing-orders/new?fromOrder=${checkout.id}`);
});
