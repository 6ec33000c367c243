import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BakeryDetails, Invoice } from '@contracts/invoices';
import { dismissToast } from '@/components/ui/toast-store';
import { makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { InvoicesPage } from './invoices-page';

/**
 * The admin's Invoices page (issue 18): the server's pages with Load more, the filters (customer,
 * paid or unpaid, issued dates) in the URL and sent to the server, mark paid and unpaid, the PDF
 * links; the states; and the bakery details form beside the list.
 */
const CORNER = '8f14e45f-ceea-467f-a0e6-0a1b2c3d4e5f';

function makeInvoice(over: Partial<Invoice> = {}): Invoice {
  return {
    id: '11111111-1111-4111-8111-000000000001',
    number: 'INV-2026-000001',
    kind: 'invoice',
    orderId: '00000000-0000-4000-8000-0000abcd0001',
    orderNumber: 'ABCD0001',
    customerId: CORNER,
    creditedInvoiceId: null,
    issuedAt: '2026-11-24T15:00:00.000Z',
    subtotal: '65.00',
    deliveryFee: '12.50',
    tax: '5.20',
    total: '82.70',
    paid: false,
    paidAt: null,
    lines: [{ productId: 'p1', name: 'Classic Baguette', quantity: 20, unitPrice: '3.25', totalPrice: '65.00' }],
    customer: { businessName: 'Corner Coffee', email: 'cafe@demo.bakery', phone: null, address: '1 Main Street' },
    bakery: { name: 'Bakery', address: '', taxId: '', paymentInstructions: '' },
    deliveryDate: '2026-11-25',
    deliveryTimeSlot: null,
    ...over,
  };
}

const first = makeInvoice();
const credit = makeInvoice({
  id: '11111111-1111-4111-8111-000000000002',
  number: 'CN-2026-000001',
  kind: 'credit-note',
  creditedInvoiceId: first.id,
  subtotal: '-65.00',
  deliveryFee: '-12.50',
  tax: '-5.20',
  total: '-82.70',
});
const older = makeInvoice({
  id: '11111111-1111-4111-8111-000000000003',
  number: 'INV-2026-000000',
  customer: { businessName: 'Bistro Forno', email: 'bistro@demo.bakery', phone: null, address: null },
  paid: true,
  paidAt: '2026-11-20T10:00:00.000Z',
});

const DETAILS: BakeryDetails = { name: 'Rise & Shine Bakery', address: '5 Mill Lane', taxId: 'EIN 12-3456789', paymentInstructions: 'Net 14 days' };

function serve(over: Parameters<typeof mockFetch>[0] = {}) {
  let invoices = [credit, first, older];
  const fetchMock = mockFetch({
    'GET /api/invoices': (_, url) => {
      const q = new URL(url!, 'http://x').searchParams;
      if (q.get('cursor') === 'next') return jsonResponse([older], 200, 'OK', { 'x-total-count': '3' });
      const page = invoices.filter((i) => q.get('paid') === null || String(i.paid) === q.get('paid')).filter((i) => i !== older);
      return jsonResponse(page, 200, 'OK', { 'x-total-count': String(page.length + 1), link: '</api/invoices?limit=20&cursor=next>; rel="next"' });
    },
    [`PUT /api/invoices/${first.id}/paid`]: (init) => {
      const { paid } = JSON.parse(String(init?.body)) as { paid: boolean };
      invoices = invoices.map((i) => (i.id === first.id ? { ...i, paid, paidAt: paid ? '2026-11-25T10:00:00.000Z' : null } : i));
      return jsonResponse(invoices.find((i) => i.id === first.id));
    },
    'GET /api/admin/bakery-details': () => jsonResponse(DETAILS),
    'PUT /api/admin/bakery-details': (init) => jsonResponse(JSON.parse(String(init?.body))),
    'GET /api/customers': () => jsonResponse([makeUser({ id: CORNER, businessName: 'Corner Coffee' })]),
    [`GET /api/customers/${CORNER}`]: () => jsonResponse(makeUser({ id: CORNER, businessName: 'Corner Coffee' })),
    ...over,
  });
  return fetchMock;
}

const invoiceCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`).filter((call) => call.startsWith('GET /api/invoices'));

const routes = [{ path: '/admin/invoices', element: <InvoicesPage /> }];

describe('Invoices page', () => {
  beforeEach(() => act(() => dismissToast()));

  it('lists invoices and credit notes page by page: number, customer, order, paid or not, total, the PDF', async () => {
    const fetchMock = serve();
    renderRoutes(routes, { path: '/admin/invoices' });
    const card = within(await screen.findByRole('listitem', { name: 'Invoice INV-2026-000001' }));
    expect(card.getByText('Corner Coffee')).toBeInTheDocument();
    expect(card.getByText('Order #ABCD0001')).toBeInTheDocument();
    expect(card.getByText('Unpaid')).toBeInTheDocument();
    expect(card.getByTestId('invoice-total')).toHaveTextContent('$82.70');
    const pdf = card.getByRole('link', { name: 'Download PDF of invoice INV-2026-000001' });
    expect(pdf).toHaveAttribute('href', `/api/invoices/${first.id}/pdf`);
    expect(pdf).toHaveAttribute('download', 'invoice-INV-2026-000001.pdf');
    const note = within(screen.getByRole('listitem', { name: 'Credit note CN-2026-000001' }));
    expect(note.getByTestId('invoice-total')).toHaveTextContent('-$82.70');
    expect(note.getByText('Not refunded')).toBeInTheDocument();
    expect(screen.getByText('3 invoices, showing 2')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const paid = within(await screen.findByRole('listitem', { name: 'Invoice INV-2026-000000' }));
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(invoiceCalls(fetchMock)).toEqual(['GET /api/invoices?limit=20', 'GET /api/invoices?limit=20&cursor=next']);
  });

  it('marks an invoice paid, and unpaid again', async () => {
    const fetchMock = serve();
    renderRoutes(routes, { path: '/admin/invoices' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid: INV-2026-000001' }));
    expect(await screen.findByText('INV-2026-000001 marked as paid')).toBeInTheDocument();
    const card = within(screen.getByRole('listitem', { name: 'Invoice INV-2026-000001' }));
    await waitFor(() => expect(card.getByText('Paid')).toBeInTheDocument());
    fireEvent.click(card.getByRole('button', { name: 'Mark unpaid: INV-2026-000001' }));
    expect(await screen.findByText('INV-2026-000001 marked as unpaid')).toBeInTheDocument();
    const bodies = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT' && String(init?.body).includes('paid')).map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([{ paid: true }, { paid: false }]);
  });

  it('filters by paid or unpaid and the issued dates, in the URL and on the server', async () => {
    const fetchMock = serve();
    const { router } = renderRoutes(routes, { path: `/admin/invoices?customer=${CORNER}&paid=unpaid` });
    await screen.findByRole('listitem', { name: 'Invoice INV-2026-000001' });
    expect(invoiceCalls(fetchMock)).toEqual([`GET /api/invoices?customerId=${CORNER}&paid=false&limit=20`]);
    // the chosen customer is named in the filter
    expect(await screen.findByText('Corner Coffee', { selector: '.ant-select-content-value, .ant-select-selection-item, [title]' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Issued from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(router.state.location.search).toBe(`?customer=${CORNER}&paid=unpaid&from=2026-11-01`));
    await waitFor(() => expect(invoiceCalls(fetchMock)).toContain(`GET /api/invoices?customerId=${CORNER}&paid=false&issuedFrom=2026-11-01&limit=20`));
    // an end before the start is refused on the page, not sent
    fireEvent.change(screen.getByLabelText('Issued to'), { target: { value: '2026-10-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The end date is before the start date');
    expect(invoiceCalls(fetchMock).some((call) => call.includes('issuedTo'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when there are none, when none match, and offers Retry when they could not be loaded', async () => {
    let answer: 'fail' | 'none' = 'fail';
    serve({
      'GET /api/invoices': () => (answer === 'fail' ? jsonResponse({ statusCode: 503, message: 'Down' }, 503, 'Service Unavailable') : jsonResponse([], 200, 'OK', { 'x-total-count': '0' })),
    });
    renderRoutes(routes, { path: '/admin/invoices' });
    expect(await screen.findByText('Invoices could not be loaded')).toBeInTheDocument();
    answer = 'none';
    fireEvent.click(screen.getAllByRole('button', { name: /Retry/ })[0]);
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });

  it('says no invoice matches the filters', async () => {
    serve({ 'GET /api/invoices': () => jsonResponse([], 200, 'OK', { 'x-total-count': '0' }) });
    renderRoutes(routes, { path: '/admin/invoices?paid=paid' });
    expect(await screen.findByText('No invoices found')).toBeInTheDocument();
  });

  it('edits the bakery details beside the list; the server’s field errors go to their fields', async () => {
    let refuse = true;
    const fetchMock = serve({
      'PUT /api/admin/bakery-details': (init) =>
        refuse
          ? jsonResponse({ statusCode: 400, message: 'Validation failed', errors: { taxId: ['taxId must be at most 500 characters'] } }, 400, 'Bad Request')
          : jsonResponse(JSON.parse(String(init?.body))),
    });
    renderRoutes(routes, { path: '/admin/invoices' });
    const name = (await screen.findByLabelText('Bakery name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Rise & Shine Bakery'));
    expect(screen.getByLabelText('Tax ID')).toHaveValue('EIN 12-3456789');
    fireEvent.change(screen.getByLabelText('Payment instructions'), { target: { value: ' Net 30 days ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByText('taxId must be at most 500 characters')).toBeInTheDocument();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByText('Bakery details saved')).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([url, init]) => url === '/api/admin/bakery-details' && init?.method === 'PUT');
    expect(JSON.parse(String(puts[puts.length - 1][1]?.body))).toEqual({ ...DETAILS, paymentInstructions: 'Net 30 days' });

    // an empty name is refused before anything is sent
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByText("The bakery's name must be 1 to 120 characters")).toBeInTheDocument();
  });
});
