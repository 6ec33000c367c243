import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerTerms } from '@contracts/customer-terms';
import type { CustomerTermsAuditEntry, PriceList } from '@contracts/price-lists';
import { dismissToast } from '@/components/ui/toast-store';
import { jsonResponse, mockFetch, renderWithClient } from '@/testing/test-utils';
import { CustomerTermsSection } from './customer-terms-section';

/** A customer's terms in Manage Customers (issue 19): what applies, Edit, and the changes to them. */
const CUSTOMER = 'cccccccc-cccc-cccc-cccc-cccccccccccc';
const AT = '2026-11-21T10:00:00.000Z';
const list = (id: string, name: string, percentage: string): PriceList => ({ id, name, percentage, fixedPrices: [], customerCount: 1, createdAt: AT, updatedAt: AT });
const CHAIN = list('l-chain', 'Cafe chain', '90.00');
const CORNER = list('l-corner', 'Corner shops', '110.00');
const TERMS: CustomerTerms = { priceListId: CHAIN.id, minimumOrder: '25.00', deliveryFee: null, freeDeliveryThreshold: null, onHold: false, holdReason: null };
const PRICING = { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: null, freeDeliveryThreshold: '200.00' };
const ADA = { id: 'a1', name: 'Ada Baker' };
const AUDIT: CustomerTermsAuditEntry[] = [
  { id: 'e2', at: '2026-11-21T10:05:00.000Z', changedBy: ADA, field: 'minimumOrder', oldValue: null, newValue: '25.00' },
  { id: 'e1', at: '2026-11-21T10:00:00.000Z', changedBy: ADA, field: 'priceListId', oldValue: null, newValue: CHAIN.id },
];

type FetchMock = ReturnType<typeof mockFetch>;
const puts = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([u, init]) => u === `/api/customers/${CUSTOMER}/terms` && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
const dialog = async () =>
  within(
    await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-modal[role="dialog"]');
      if (!open) throw new Error('no dialog open');
      return open;
    }),
  );

async function openEdit() {
  const edit = (await screen.findByText('Edit terms')).closest('button')!;
  await waitFor(() => expect(edit).toBeEnabled());
  fireEvent.click(edit);
}

function serve(terms: () => CustomerTerms, routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    [`GET /api/customers/${CUSTOMER}/terms`]: () => jsonResponse(terms()),
    [`GET /api/customers/${CUSTOMER}/terms/audit`]: () => jsonResponse(AUDIT),
    'GET /api/config/pricing': () => jsonResponse(PRICING),
    [`GET /api/admin/price-lists/${CHAIN.id}`]: () => jsonResponse(CHAIN),
    [`GET /api/admin/price-lists/${CORNER.id}`]: () => jsonResponse(CORNER),
    'GET /api/admin/price-lists': () => jsonResponse([CORNER, CHAIN], 200, 'OK', { 'X-Total-Count': '2' }),
    ...routes,
  });
}

describe('a customer’s terms (issue 19)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('shows their list by name, their own amounts or the bakery’s, and every change: who, when, old and new', async () => {
    serve(() => TERMS);
    renderWithClient(<CustomerTermsSection customerId={CUSTOMER} />);
    const terms = within(await screen.findByLabelText('Terms', { selector: 'dl' }));
    expect(await terms.findByText('Cafe chain')).toBeInTheDocument();
    expect(terms.getByText('$25.00')).toBeInTheDocument();
    expect(await terms.findByText('Bakery default ($12.50)')).toBeInTheDocument();
    expect(terms.getByText('Bakery default ($200.00)')).toBeInTheDocument();
    expect(terms.getByText('Active')).toBeInTheDocument();

    const changes = within(await screen.findByLabelText('Changes to terms', { selector: 'ul' }));
    const [minimum, priceList] = changes.getAllByRole('listitem');
    expect(minimum).toHaveTextContent('Minimum order: Bakery default → changed to $25.00');
    expect(minimum).toHaveTextContent('Ada Baker');
    expect(minimum).toHaveTextContent('Nov 21, 2026');
    await waitFor(() => expect(priceList).toHaveTextContent('Price list: Default prices → changed to Cafe chain'));
  });

  it('shows a hold and its reason to the admin', async () => {
    serve(() => ({ ...TERMS, onHold: true, holdReason: 'Invoices 60 days overdue' }));
    renderWithClient(<CustomerTermsSection customerId={CUSTOMER} />);
    const hold = (await screen.findByText('Account on hold: ordering is blocked')).closest('.ant-alert') as HTMLElement;
    expect(hold).toHaveTextContent('Invoices 60 days overdue');
  });

  it('edits them: another list, a minimum removed, a fee of their own, a hold that needs a reason; only the changes are sent', async () => {
    let saved = TERMS;
    const fetchMock = serve(() => saved, {
      [`PUT /api/customers/${CUSTOMER}/terms`]: (init) => {
        saved = { ...saved, ...JSON.parse(String(init?.body)) };
        return jsonResponse(saved);
      },
    });
    renderWithClient(<CustomerTermsSection customerId={CUSTOMER} />);
    await openEdit();
    const form = await dialog();
    expect(form.getByLabelText('Minimum order')).toHaveValue('25.00');
    expect(form.getByLabelText('Delivery fee')).toHaveAttribute('placeholder', 'Bakery default: $12.50');

    fireEvent.mouseDown(form.getByLabelText('Price list'));
    await waitFor(() => expect(Array.from(document.querySelectorAll('.ant-select-item-option'), (o) => o.textContent)).toEqual(['Default prices (none)', 'Corner shops · 110%', 'Cafe chain · 90%']));
    fireEvent.click(Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((o) => o.textContent === 'Corner shops · 110%')!);
    fireEvent.change(form.getByLabelText('Minimum order'), { target: { value: '' } });
    fireEvent.change(form.getByLabelText('Delivery fee'), { target: { value: 'ten' } });
    fireEvent.click(form.getByLabelText('On hold'));
    fireEvent.click(form.getByText('Save Terms'));
    expect(await form.findByText(/^Enter an amount such as 25/)).toBeInTheDocument();
    expect(await form.findByText('A reason is required to put an account on hold')).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(0);

    fireEvent.change(form.getByLabelText('Delivery fee'), { target: { value: '7.5' } });
    fireEvent.change(form.getByLabelText('Reason (administrators only)'), { target: { value: 'Cheque bounced' } });
    fireEvent.click(form.getByText('Save Terms'));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]).toEqual({ priceListId: CORNER.id, minimumOrder: null, deliveryFee: '7.5', onHold: true, holdReason: 'Cheque bounced' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Terms saved');
    // the section shows what was saved, and reads the changes again
    expect(await screen.findByText('Account on hold: ordering is blocked')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => u === `/api/customers/${CUSTOMER}/terms/audit?limit=20`).length).toBe(2));
  });

  it('puts the server’s field messages on their fields', async () => {
    serve(() => TERMS, {
      [`PUT /api/customers/${CUSTOMER}/terms`]: () =>
        jsonResponse({ statusCode: 400, message: 'Validation failed', errors: { priceListId: ['priceListId must be the id of a price list, or null'] } }, 400, 'Bad Request'),
    });
    renderWithClient(<CustomerTermsSection customerId={CUSTOMER} />);
    await openEdit();
    const form = await dialog();
    fireEvent.change(form.getByLabelText('Minimum order'), { target: { value: '30' } });
    fireEvent.click(form.getByText('Save Terms'));
    expect(await form.findByText('priceListId must be the id of a price list, or null')).toBeInTheDocument();
  });

  it('says so when the terms cannot be loaded', async () => {
    serve(() => TERMS, { [`GET /api/customers/${CUSTOMER}/terms`]: () => jsonResponse({ statusCode: 503 }, 503, 'Unavailable') });
    renderWithClient(<CustomerTermsSection customerId={CUSTOMER} />);
    expect(await screen.findByText(/Terms could not be loaded/)).toBeInTheDocument();
    expect(screen.getByText('Edit terms').closest('button')).toBeDisabled();
  });
});
