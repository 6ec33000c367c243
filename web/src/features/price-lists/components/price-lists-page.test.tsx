import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PriceList } from '@contracts/price-lists';
import { dismissToast } from '@/components/ui/toast-store';
import { makeProduct } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { PriceListsPage } from './price-lists-page';

/** Price Lists (issue 19): the admin's lists, the form with its product picker, who is on a list, delete, the bakery's terms. */
const AT = '2026-11-21T10:00:00.000Z';
const BREAD = makeProduct({ id: 'p-bread', name: 'Terms Bread', price: '4.50' });
const CROISSANT = makeProduct({ id: 'p-croissant', name: 'Terms Croissant', price: '2.15', category: 'pastries' });
const RYE = makeProduct({ id: 'p-rye', name: 'Terms Rye', price: '3.00' });
const SUBMISSION = makeProduct({ id: 'p-sub', name: 'Terms Submission', reviewStatus: 'pending_review' });
const CHAIN: PriceList = {
  id: 'l-chain',
  name: 'Cafe chain',
  percentage: '90.00',
  fixedPrices: [{ productId: CROISSANT.id, price: '1.99' }],
  customerCount: 2,
  createdAt: AT,
  updatedAt: AT,
};
const PRICING = { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: null, freeDeliveryThreshold: null };
const IN_USE = 'This price list is assigned to customers: move them to another list first';

type FetchMock = ReturnType<typeof mockFetch>;
const bodiesOf = (fetchMock: FetchMock, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === method).map(([, init]) => JSON.parse(String(init?.body)));

function serve(routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/admin/price-lists': () => jsonResponse([CHAIN], 200, 'OK', { 'X-Total-Count': '1' }),
    'GET /api/products': () => jsonResponse([BREAD, CROISSANT, RYE, SUBMISSION]),
    'GET /api/config/pricing': () => jsonResponse(PRICING),
    ...routes,
  });
}

const show = () => renderRoutes([{ path: '/admin/price-lists', element: <PriceListsPage /> }], { path: '/admin/price-lists' });
/** The open dialog (role queries over antd's whole page are slow on a busy machine: the dialog's own element). */
const dialog = async () =>
  within(
    await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-modal[role="dialog"]');
      if (!open) throw new Error('no dialog open');
      return open;
    }),
  );
const SLOW = { timeout: 10_000 };

describe('Price Lists (issue 19)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('lists each list: its percentage, what it means, its fixed prices and customers, and the count', async () => {
    serve();
    show();
    const card = within(await screen.findByLabelText('Cafe chain'));
    expect(card.getByText('90%')).toBeInTheDocument();
    expect(card.getByText('10% off the default prices')).toBeInTheDocument();
    expect(card.getByText('1 fixed price')).toBeInTheDocument();
    expect(card.getByText('Used by 2 customers')).toBeInTheDocument();
    expect(screen.getByText('1 price list')).toBeInTheDocument();
  });

  it('says so when there are none, and when they cannot be loaded', async () => {
    serve({ 'GET /api/admin/price-lists': () => jsonResponse([], 200, 'OK', { 'X-Total-Count': '0' }) });
    const { unmount } = show();
    expect(await screen.findByText('No price lists yet')).toBeInTheDocument();
    unmount();
    serve({ 'GET /api/admin/price-lists': () => jsonResponse({ statusCode: 503, message: 'Unavailable' }, 503, 'Service Unavailable') });
    show();
    expect(await screen.findByText('Price lists could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Retry')).toBeInTheDocument();
  });

  it('creates a list: a name, a percentage, and a fixed price picked by searching the products', async () => {
    const fetchMock = serve({
      'POST /api/admin/price-lists': (init) => jsonResponse({ ...CHAIN, ...JSON.parse(String(init?.body)), id: 'l-new', percentage: '90.00', customerCount: 0 }, 201, 'Created'),
    });
    show();
    fireEvent.click(await screen.findByText('New Price List'));
    const form = await dialog();
    fireEvent.change(form.getByLabelText('Name'), { target: { value: ' Cafe chain ' } });
    fireEvent.change(form.getByLabelText('Percentage of default prices'), { target: { value: '90' } });
    expect(await form.findByText('10% off the default prices')).toBeInTheDocument();

    // the picker searches the admin's product list; submissions are not on sale
    const picker = form.getByLabelText('Add a fixed price for a product');
    fireEvent.mouseDown(picker);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(3));
    fireEvent.change(picker, { target: { value: 'crois' } });
    await waitFor(() => expect(Array.from(document.querySelectorAll('.ant-select-item-option'), (o) => o.textContent)).toEqual(['Terms Croissant · $2.15']));
    fireEvent.click(document.querySelector('.ant-select-item-option')!);
    const row = within(await form.findByLabelText('Terms Croissant', { selector: 'li' }));
    expect(row.getByText('Default $2.15')).toBeInTheDocument();
    fireEvent.change(row.getByLabelText('Fixed price of Terms Croissant'), { target: { value: '1.99' } });

    fireEvent.click(form.getByText('Create Price List'));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST', '/api/admin/price-lists')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'POST', '/api/admin/price-lists')[0]).toEqual({
      name: 'Cafe chain',
      percentage: '90',
      fixedPrices: [{ productId: CROISSANT.id, price: '1.99' }],
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Cafe chain has been created');
    await waitFor(() => expect(document.querySelector('.ant-modal[role="dialog"]')).toBeNull());
  });

  it('checks the form before sending, and puts the server’s field messages on their fields', async () => {
    const fetchMock = serve({
      [`PUT /api/admin/price-lists/${CHAIN.id}`]: () =>
        jsonResponse(
          { statusCode: 400, message: 'Validation failed', errors: { name: ['A price list with this name already exists'], 'fixedPrices.0.price': ['Price must be greater than 0'] } },
          400,
          'Bad Request',
        ),
    });
    show();
    fireEvent.click(await screen.findByLabelText('Edit Cafe chain'));
    const form = await dialog();
    expect(form.getByLabelText('Name')).toHaveValue('Cafe chain');
    expect(form.getByLabelText('Percentage of default prices')).toHaveValue('90');
    expect(await form.findByLabelText('Fixed price of Terms Croissant', {}, SLOW)).toHaveValue('1.99');

    fireEvent.change(form.getByLabelText('Percentage of default prices'), { target: { value: '0' } });
    fireEvent.click(form.getByText('Save Changes'));
    expect(await form.findByText(/^Enter a percentage from 1 to 500/)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', `/api/admin/price-lists/${CHAIN.id}`)).toHaveLength(0);

    fireEvent.change(form.getByLabelText('Percentage of default prices'), { target: { value: '85' } });
    fireEvent.click(form.getByText('Save Changes'));
    expect(await form.findByText('A price list with this name already exists')).toBeInTheDocument();
    expect(form.getByText('Price must be greater than 0')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'PUT', `/api/admin/price-lists/${CHAIN.id}`)).toEqual([
      { name: 'Cafe chain', percentage: '85', fixedPrices: [{ productId: CROISSANT.id, price: '1.99' }] },
    ]);
  });

  it('shows which customers are on a list', async () => {
    serve({
      [`GET /api/admin/price-lists/${CHAIN.id}/customers`]: () =>
        jsonResponse([
          { id: 'c1', businessName: 'Terms Cafe', email: 'cafe@terms.test' },
          { id: 'c2', businessName: null, email: 'bistro@terms.test' },
        ]),
    });
    show();
    fireEvent.click(await screen.findByLabelText('Customers on Cafe chain', { selector: 'button' }));
    const list = within(await screen.findByLabelText('Customers on Cafe chain', { selector: 'ul' }, SLOW));
    expect(list.getByText('Terms Cafe')).toBeInTheDocument();
    expect(list.getByText('cafe@terms.test')).toBeInTheDocument();
    expect(list.getByText('bistro@terms.test')).toBeInTheDocument();
  });

  it('deletes only when asked, and says clearly why a list in use is not deleted (409)', async () => {
    let inUse = true;
    const fetchMock = serve({
      [`DELETE /api/admin/price-lists/${CHAIN.id}`]: () =>
        inUse ? jsonResponse({ statusCode: 409, code: 'CONFLICT', message: IN_USE }, 409, 'Conflict') : jsonResponse(undefined, 204, 'No Content'),
    });
    show();
    fireEvent.click(await screen.findByLabelText('Delete Cafe chain'));
    let confirm = await dialog();
    expect(confirm.getByText('Delete Cafe chain?')).toBeInTheDocument();
    fireEvent.click(confirm.getByText('Delete Price List'));
    const refusal = (await confirm.findByText('This price list cannot be deleted')).closest('.ant-alert') as HTMLElement;
    expect(refusal).toHaveTextContent(IN_USE);
    expect(confirm.getByText('Delete Price List').closest('button')).toBeDisabled();
    fireEvent.click(confirm.getByText('Close', { selector: '.ant-modal-footer button span' }));
    await waitFor(() => expect(document.querySelector('.ant-modal[role="dialog"]')).toBeNull());

    inUse = false;
    fireEvent.click(screen.getByLabelText('Delete Cafe chain'));
    confirm = await dialog();
    fireEvent.click(confirm.getByText('Delete Price List'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Cafe chain has been deleted');
    expect(fetchMock.mock.calls.filter(([u, init]) => u === `/api/admin/price-lists/${CHAIN.id}` && init?.method === 'DELETE')).toHaveLength(2);
  });

  it('saves the bakery’s terms: the tax rate typed as a percentage, a minimum order and free delivery, empty for none', async () => {
    const fetchMock = serve({ 'PUT /api/config/pricing': (init) => jsonResponse({ ...PRICING, ...JSON.parse(String(init?.body)) }) });
    show();
    const card = within((await screen.findByText('Bakery Terms')).closest('.ant-card') as HTMLElement);
    await waitFor(() => expect(card.getByLabelText('Tax rate')).toHaveValue('8.5'));
    expect(card.getByLabelText('Delivery fee')).toHaveValue('12.50');
    fireEvent.change(card.getByLabelText('Minimum order'), { target: { value: '20' } });
    fireEvent.change(card.getByLabelText('Free delivery from'), { target: { value: '200' } });
    fireEvent.click(card.getByText('Save Terms'));
    await waitFor(() => expect(bodiesOf(fetchMock, 'PUT', '/api/config/pricing')).toHaveLength(1));
    expect(bodiesOf(fetchMock, 'PUT', '/api/config/pricing')[0]).toEqual({ deliveryFee: '12.50', taxRate: '0.085', minimumOrder: '20', freeDeliveryThreshold: '200' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Bakery terms saved');
  });
});
