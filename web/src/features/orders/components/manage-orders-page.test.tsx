import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { ADMIN_NOTIFICATIONS_COUNT_KEY } from '@/features/notifications/api/notifications';
import { makeOrder, makeOrderItem } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { ManageOrdersPage } from './manage-orders-page';

const routes = [{ path: '/admin/orders', element: <ManageOrdersPage /> }];
const orders = [
  makeOrder({
    id: '11111111-1111-1111-1111-1111aaaa0001',
    customer: { businessName: 'Corner Coffee', email: 'cafe@demo.bakery', phone: '555-0101' },
    orderItems: ['Sourdough Loaf', 'Classic Baguette', 'Butter Croissant', 'Everything Bagel'].map((n) => makeOrderItem(n, 2)),
    total: '43.86',
  }),
  makeOrder({ id: '22222222-2222-2222-2222-2222bbbb0002', status: 'delivered', customer: { businessName: null, email: 'bistro@forno.test', phone: null } }),
];

describe('Manage Orders (spec section 2)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('marks the admin notifications read on opening, and the badge count drops to 0', async () => {
    const fetchMock = mockFetch({
      'GET /api/orders': () => jsonResponse(orders),
      'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }),
      'GET /api/admin/notifications/count': () => jsonResponse({ count: 0 }),
    });
    const { queryClient } = renderRoutes(routes, { path: '/admin/orders' });
    queryClient.setQueryData(ADMIN_NOTIFICATIONS_COUNT_KEY, { count: 3 });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/notifications/mark-read' && init?.method === 'POST')).toBe(true));
    await waitFor(() => expect(queryClient.getQueryData(ADMIN_NOTIFICATIONS_COUNT_KEY)).toEqual({ count: 0 }));
  });

  it('shows each order: customer, email, phone, 3 items and +N more, total, delivery, a status selector', async () => {
    mockFetch({ 'GET /api/orders': () => jsonResponse(orders), 'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }) });
    renderRoutes(routes, { path: '/admin/orders' });
    const card = within(await screen.findByLabelText('Order #aaaa0001'));
    expect(card.getByText('Corner Coffee')).toBeInTheDocument();
    expect(card.getByText('cafe@demo.bakery')).toBeInTheDocument();
    expect(card.getByText('555-0101')).toBeInTheDocument();
    expect(Array.from(card.getByLabelText('Items').querySelectorAll('li'), (li) => li.textContent)).toEqual([
      '2 × Sourdough Loaf',
      '2 × Classic Baguette',
      '2 × Butter Croissant',
      '+1 more items',
    ]);
    expect(card.getByTestId('order-total')).toHaveTextContent('$43.86');
    expect(card.getByText('Not scheduled')).toBeInTheDocument();
    expect(card.getByLabelText('Order status')).toBeInTheDocument();
    // business name or email
    const other = within(screen.getByLabelText('Order #bbbb0002'));
    expect(other.getAllByText('bistro@forno.test')).toHaveLength(2);
    expect(other.getByText('No phone')).toBeInTheDocument();
  });

  it('filters by free text', async () => {
    mockFetch({ 'GET /api/orders': () => jsonResponse(orders), 'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }) });
    renderRoutes(routes, { path: '/admin/orders' });
    await screen.findByLabelText('Order #aaaa0001');
    fireEvent.change(screen.getByPlaceholderText('Order ID, business name or email'), { target: { value: 'bistro' } });
    await waitFor(() => expect(screen.queryByLabelText('Order #aaaa0001')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Order #bbbb0002')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 2 orders')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Order ID, business name or email'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();
  });
});
