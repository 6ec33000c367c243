import { fireEvent, screen, within } from '@testing-library/react';
import type { Invoice } from '@contracts/invoices';
import { makeOrder, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { OrdersRoute } from './orders';

/** Order History as the app composes it: a customer's invoices in a tab beside their orders (issue 18). */
const invoice = {
  id: '99999999-9999-4999-8999-000000000001',
  number: 'INV-2026-000007',
  kind: 'invoice',
  orderId: '11111111-1111-4111-8111-1111aaaa0001',
  orderNumber: 'AAAA0001',
  issuedAt: '2026-11-24T15:00:00.000Z',
  total: '13.59',
  paid: false,
  paidAt: null,
  deliveryDate: '2026-11-25',
  customer: { businessName: 'Corner Coffee', email: 'cafe@demo.bakery', phone: null, address: null },
} as Invoice;

function serve(role: 'customer' | 'admin') {
  return mockFetch({
    'GET /api/auth/user': () => jsonResponse(makeUser({ role })),
    'GET /api/orders': () => jsonResponse([makeOrder()]),
    'GET /api/invoices': () => jsonResponse([invoice], 200, 'OK', { 'x-total-count': '1' }),
  });
}

describe('Order History with invoices', () => {
  it('gives a customer an Invoices tab listing their invoices with the PDF', async () => {
    const fetchMock = serve('customer');
    const { router } = renderRoutes([{ path: '/orders', element: <OrdersRoute /> }], { path: '/orders' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Invoices' }));
    expect(router.state.location.search).toBe('?tab=invoices');
    const card = within(await screen.findByRole('listitem', { name: 'Invoice INV-2026-000007' }));
    expect(card.getByRole('link', { name: 'Download PDF of invoice INV-2026-000007' })).toHaveAttribute('href', `/api/invoices/${invoice.id}/pdf`);
    expect(card.queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/invoices?limit=20');
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(await screen.findByRole('listitem', { name: 'Order #abcdef12' })).toBeInTheDocument();
  });

  it('shows an admin the orders without tabs (their invoices are on the Invoices page)', async () => {
    serve('admin');
    renderRoutes([{ path: '/orders', element: <OrdersRoute /> }], { path: '/orders' });
    await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
