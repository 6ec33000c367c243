import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Invoice } from '@contracts/invoices';
import { dismissToast } from '@/components/ui/toast-store';
import { makeOrder, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderWithClient } from '@/testing/test-utils';
import { OrderDetailsDialog } from './order-details-dialog';

/**
 * Issue 18 in an order's details: the Invoice download when the order has one (GET
 * /api/invoices?orderId=), a credit note's after a cancellation, and for admins Issue invoice
 * (POST /api/orders/:id/invoice) while it has none.
 */
const order = makeOrder({ id: '11111111-1111-4111-8111-1111aaaa0001', status: 'delivered' });
const invoice: Invoice = {
  id: '99999999-9999-4999-8999-000000000001',
  number: 'INV-2026-000007',
  kind: 'invoice',
  orderId: order.id,
  orderNumber: 'AAAA0001',
  customerId: order.customerId,
  creditedInvoiceId: null,
  issuedAt: '2026-11-24T15:00:00.000Z',
  subtotal: order.subtotal,
  deliveryFee: order.deliveryFee,
  tax: order.tax,
  total: order.total,
  paid: false,
  paidAt: null,
  lines: [],
  customer: { businessName: 'Corner Coffee', email: 'cafe@demo.bakery', phone: null, address: null },
  bakery: { name: 'Bakery', address: '', taxId: '', paymentInstructions: '' },
  deliveryDate: null,
  deliveryTimeSlot: null,
};
const invoicesPath = `/api/invoices?orderId=${order.id}&limit=10`;

describe('Order details: the invoice', () => {
  beforeEach(() => act(() => dismissToast()));

  it('offers a customer the Invoice download when the order has one', async () => {
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser()),
      [`GET /api/orders/${order.id}`]: () => jsonResponse(order),
      [`GET ${invoicesPath}`]: () => jsonResponse([invoice]),
    });
    renderWithClient(<OrderDetailsDialog order={order} onClose={() => undefined} />);
    const link = await screen.findByRole('link', { name: 'Invoice' });
    expect(link).toHaveAttribute('href', `/api/invoices/${invoice.id}/pdf`);
    expect(link).toHaveAttribute('download', 'invoice-INV-2026-000007.pdf');
    expect(screen.getByTestId('details-invoice-number')).toHaveTextContent('INV-2026-000007');
    expect(screen.queryByRole('button', { name: 'Issue invoice' })).not.toBeInTheDocument();
  });

  it('shows a customer nothing of invoices while the order has none', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser()),
      [`GET /api/orders/${order.id}`]: () => jsonResponse({ ...order, status: 'pending' }),
      [`GET ${invoicesPath}`]: () => jsonResponse([]),
    });
    renderWithClient(<OrderDetailsDialog order={{ ...order, status: 'pending' }} onClose={() => undefined} />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === invoicesPath)).toBe(true));
    await screen.findByText('Special Instructions');
    expect(screen.queryByText('Invoice')).not.toBeInTheDocument();
  });

  it('lets an admin issue the invoice of an order that has none, then offers its download', async () => {
    let issued: Invoice[] = [];
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })),
      [`GET /api/orders/${order.id}`]: () => jsonResponse({ ...order, status: 'confirmed' }),
      [`GET ${invoicesPath}`]: () => jsonResponse(issued),
      [`POST /api/orders/${order.id}/invoice`]: () => {
        issued = [invoice];
        return jsonResponse(invoice, 201, 'Created');
      },
    });
    renderWithClient(<OrderDetailsDialog order={{ ...order, status: 'confirmed' }} onClose={() => undefined} />);
    expect(await screen.findByText('Not issued yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('INV-2026-000007 has been issued')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Invoice' })).toHaveAttribute('href', `/api/invoices/${invoice.id}/pdf`);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('says why when the order got its invoice meanwhile (409), and shows it', async () => {
    let issued: Invoice[] = [];
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })),
      [`GET /api/orders/${order.id}`]: () => jsonResponse(order),
      [`GET ${invoicesPath}`]: () => jsonResponse(issued),
      [`POST /api/orders/${order.id}/invoice`]: () => {
        issued = [invoice];
        return jsonResponse({ statusCode: 409, message: 'This order already has an invoice' }, 409, 'Conflict');
      },
    });
    renderWithClient(<OrderDetailsDialog order={order} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('This order already has an invoice')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Invoice' })).toBeInTheDocument();
  });

  it('offers a cancelled order’s credit note beside its invoice, and no Issue invoice', async () => {
    const note: Invoice = { ...invoice, id: '99999999-9999-4999-8999-000000000002', kind: 'credit-note', number: 'CN-2026-000002', total: '-13.59' };
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })),
      [`GET /api/orders/${order.id}`]: () => jsonResponse({ ...order, status: 'cancelled' }),
      [`GET ${invoicesPath}`]: () => jsonResponse([note, invoice]),
    });
    renderWithClient(<OrderDetailsDialog order={{ ...order, status: 'cancelled' }} onClose={() => undefined} />);
    const row = within((await screen.findByTestId('details-invoice-number')).closest('dd')!);
    expect(row.getByRole('link', { name: 'Credit note' })).toHaveAttribute('download', 'credit-note-CN-2026-000002.pdf');
    expect(row.getByRole('link', { name: 'Invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue invoice' })).not.toBeInTheDocument();
  });
});
