import { act, fireEvent, screen, within } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { makeOrder, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { OrdersPage } from './orders-page';

const routes = [{ path: '/orders', element: <OrdersPage /> }];
const pending = makeOrder({ id: '11111111-1111-1111-1111-1111aaaa0001', status: 'pending' });
const confirmed = makeOrder({ id: '22222222-2222-2222-2222-2222bbbb0002', status: 'confirmed' });

describe('Order History (spec section 2)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('offers a customer Cancel on their pending orders only', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(makeUser()), 'GET /api/orders': () => jsonResponse([pending, confirmed]) });
    renderRoutes(routes, { path: '/orders' });
    expect(await screen.findByRole('button', { name: 'Cancel order #aaaa0001' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Order #bbbb0002')).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('offers an admin no Cancel: it is a customer action (admins set statuses in Manage Orders)', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })), 'GET /api/orders': () => jsonResponse([pending]) });
    renderRoutes(routes, { path: '/orders' });
    const card = within(await screen.findByLabelText('Order #aaaa0001'));
    expect(await card.findByRole('button', { name: 'View order #aaaa0001' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('offers Retry when the orders could not be loaded, and shows them once they load', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser()),
      'GET /api/orders': () => (fail ? jsonResponse({ statusCode: 500, message: 'Boom' }, 500, 'Internal Server Error') : jsonResponse([pending])),
    });
    renderRoutes(routes, { path: '/orders' });
    expect(await screen.findByText('Orders could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByLabelText('Order #aaaa0001')).toBeInTheDocument();
    expect(screen.queryByText('Orders could not be loaded')).not.toBeInTheDocument();
  });
});
