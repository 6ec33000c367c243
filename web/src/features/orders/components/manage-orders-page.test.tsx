import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as orderStatus from '@contracts/order-status';
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

  /** Opens a card's status selector and answers the statuses it offers. */
  async function offeredStatuses(cardLabel: string): Promise<string[]> {
    const select = within(await screen.findByLabelText(cardLabel)).getByLabelText('Order status');
    fireEvent.mouseDown(select);
    const listbox = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      expect(open).not.toBeNull();
      return open!;
    });
    const offered = Array.from(listbox.querySelectorAll('.ant-select-item-option'), (o) => o.getAttribute('title') ?? o.textContent ?? '');
    fireEvent.keyDown(select, { key: 'Escape' });
    return offered;
  }

  it('offers in each status selector only the statuses the transitions table allows next, and none on a final order', async () => {
    const table = [
      makeOrder({ id: '33333333-3333-3333-3333-3333cccc0003', status: 'pending' }),
      makeOrder({ id: '44444444-4444-4444-4444-4444dddd0004', status: 'in_transit' }),
      makeOrder({ id: '55555555-5555-5555-5555-5555eeee0005', status: 'delivered' }),
      makeOrder({ id: '66666666-6666-6666-6666-6666ffff0006', status: 'cancelled' }),
    ];
    mockFetch({ 'GET /api/orders': () => jsonResponse(table), 'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }) });
    renderRoutes(routes, { path: '/admin/orders' });
    const every = ['Pending', 'Confirmed', 'In Preparation', 'Ready For Delivery', 'In Transit', 'Delivered', 'Cancelled'];
    // an admin may set any status until the order is delivered or cancelled (going back too)
    expect(await offeredStatuses('Order #cccc0003')).toEqual(every);
    expect(await offeredStatuses('Order #dddd0004')).toEqual(every);
    for (const [card, status] of [['Order #eeee0005', 'delivered'], ['Order #ffff0006', 'cancelled']] as const) {
      const select = within(screen.getByLabelText(card)).getByLabelText('Order status');
      expect(select).toBeDisabled();
      expect(select.closest('.ant-select')).toHaveAttribute('title', `This order is ${status} and can no longer change`);
    }
  });

  it('follows the table: a table that allows fewer next statuses shows fewer', async () => {
    const next = jest.spyOn(orderStatus, 'nextOrderStatuses').mockImplementation((current) => (current === 'pending' ? ['confirmed', 'cancelled'] : []));
    try {
      mockFetch({ 'GET /api/orders': () => jsonResponse(orders), 'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }) });
      renderRoutes(routes, { path: '/admin/orders' });
      expect(await offeredStatuses('Order #aaaa0001')).toEqual(['Pending', 'Confirmed', 'Cancelled']);
      expect(next).toHaveBeenCalledWith('pending', 'admin');
    } finally {
      next.mockRestore();
    }
  });

  /** Picks an option of a card's status selector. */
  async function chooseStatus(cardLabel: string, option: string) {
    const select = within(await screen.findByLabelText(cardLabel)).getByLabelText('Order status');
    fireEvent.mouseDown(select);
    const item = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.click(item);
  }

  it('asks before setting a final status (Delivered, Cancelled) and sends it only once confirmed', async () => {
    const statusCalls: string[] = [];
    mockFetch({
      'GET /api/orders': () => jsonResponse(orders),
      'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }),
      'PUT /api/orders/11111111-1111-1111-1111-1111aaaa0001/status': (init) => {
        statusCalls.push(JSON.parse(String(init?.body)).status);
        return jsonResponse({ ...orders[0], status: JSON.parse(String(init?.body)).status });
      },
    });
    renderRoutes(routes, { path: '/admin/orders' });

    await chooseStatus('Order #aaaa0001', 'Delivered');
    // (text queries: role queries are slow on a whole page in jsdom)
    const dialog = (await screen.findByText('Mark order #aaaa0001 as Delivered?')).closest<HTMLElement>('.ant-modal')!;
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(statusCalls).toEqual([]);
    // dismissing leaves the order as it was
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Pending' }));
    await waitFor(() => expect(dialog.closest('.ant-modal-wrap')).not.toBeVisible());
    expect(statusCalls).toEqual([]);
    expect(within(screen.getByLabelText('Order #aaaa0001')).getByLabelText('Order status').closest('.ant-select')).toHaveTextContent('Pending');

    await chooseStatus('Order #aaaa0001', 'Cancelled');
    const again = (await screen.findByText('Mark order #aaaa0001 as Cancelled?')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(again).getByRole('button', { name: 'Mark as Cancelled' }));
    await waitFor(() => expect(statusCalls).toEqual(['cancelled']));
    expect(await screen.findByText('Order status updated successfully')).toBeInTheDocument();
  });

  it('sets a status that is not final at once', async () => {
    const statusCalls: string[] = [];
    mockFetch({
      'GET /api/orders': () => jsonResponse(orders),
      'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }),
      'PUT /api/orders/11111111-1111-1111-1111-1111aaaa0001/status': (init) => {
        statusCalls.push(JSON.parse(String(init?.body)).status);
        return jsonResponse({ ...orders[0], status: 'confirmed' });
      },
    });
    renderRoutes(routes, { path: '/admin/orders' });
    await chooseStatus('Order #aaaa0001', 'Confirmed');
    await waitFor(() => expect(statusCalls).toEqual(['confirmed']));
    expect(document.querySelector('.ant-modal')).toBeNull();
  });

  it('searches on the server once typing pauses, with the filters in the URL, and counts what it found', async () => {
    const fetchMock = mockFetch({
      'GET /api/orders': (_init, url) =>
        url!.includes('q=bistro')
          ? jsonResponse([orders[1]], 200, 'OK', { 'X-Total-Count': '1' })
          : url!.includes('q=nobody')
            ? jsonResponse([], 200, 'OK', { 'X-Total-Count': '0' })
            : jsonResponse(orders, 200, 'OK', { 'X-Total-Count': '2' }),
      'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }),
    });
    const { router } = renderRoutes(routes, { path: '/admin/orders' });
    await screen.findByLabelText('Order #aaaa0001');
    expect(screen.getByText('2 orders')).toBeInTheDocument();
    const box = screen.getByPlaceholderText('Order ID, business name or email');
    for (const typed of ['b', 'bis', 'bistro']) fireEvent.change(box, { target: { value: typed } });
    await waitFor(() => expect(screen.queryByLabelText('Order #aaaa0001')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Order #bbbb0002')).toBeInTheDocument();
    expect(screen.getByText('1 matching order')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=bistro');
    // one request for what was typed once it paused, none for each letter
    const searches = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/orders') && url.includes('q='));
    expect(searches).toEqual(['/api/orders?q=bistro&limit=20']);
    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText('No orders found')).toBeInTheDocument();

    // a link to the screen without filters (the sidebar's Manage Orders) clears the search box too
    await act(() => router.navigate('/admin/orders'));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByLabelText('Order #aaaa0001')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('asks for the filters in the URL on opening, and for the next page only when Load more is pressed', async () => {
    const third = makeOrder({ id: '77777777-7777-7777-7777-7777aaaa0007', customer: { businessName: 'Corner Deli', email: 'deli@shop.test', phone: null } });
    const fetchMock = mockFetch({
      'GET /api/orders?status=pending&placedFrom=2026-11-21&placedTo=2026-11-21&q=corner&limit=20': () =>
        jsonResponse([orders[0]], 200, 'OK', { Link: '<http://localhost/api/orders?status=pending&q=corner&cursor=page2>; rel="next"' }),
      'GET /api/orders?status=pending&q=corner&cursor=page2': () => jsonResponse([third]),
      'POST /api/admin/notifications/mark-read': () => jsonResponse({ count: 0 }),
    });
    renderRoutes(routes, { path: '/admin/orders?status=pending&date=2026-11-21&q=corner' });
    await screen.findByLabelText('Order #aaaa0001');
    expect(screen.getByPlaceholderText('Order ID, business name or email')).toHaveValue('corner');
    // no total from the server: it says how many of the first it shows
    expect(screen.getByText('Showing the first 1 order')).toBeInTheDocument();
    const orderCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/orders'));
    expect(orderCalls()).toEqual(['/api/orders?status=pending&placedFrom=2026-11-21&placedTo=2026-11-21&q=corner&limit=20']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByLabelText('Order #aaaa0007')).toBeInTheDocument();
    expect(screen.getByLabelText('Order #aaaa0001')).toBeInTheDocument();
    expect(orderCalls()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
