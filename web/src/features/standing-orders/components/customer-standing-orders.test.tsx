import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bakeryCalendar } from '@contracts/calendar';
import type { StandingOrder } from '@contracts/standing-orders';
import { dismissToast } from '@/components/ui/toast-store';
import { makeProduct, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderWithClient } from '@/testing/test-utils';
import { CustomerStandingOrders } from './customer-standing-orders';

/**
 * Manage Customers: a customer's standing orders in their details, made and edited by an admin on
 * their behalf with the customer's own form (customerId on create).
 */
const CUSTOMER = 'cccccccc-cccc-cccc-cccc-cccccccccccc';
const NOW = new Date('2026-11-24T16:48:00.000Z');
const AT = '2026-11-20T10:00:00.000Z';
const theirs: StandingOrder = {
  id: '11111111-1111-1111-1111-111111111111',
  customerId: CUSTOMER,
  status: 'active',
  pausedUntil: null,
  name: 'Weekday bread',
  startDate: '2026-11-23',
  endDate: null,
  everyWeeks: 1,
  deliveryTimeSlot: null,
  specialInstructions: null,
  lines: [{ productId: 'p-baguette', quantities: [20, 20, 20, 20, 20, 0, 0] }],
  createdAt: AT,
  updatedAt: AT,
};

function serve() {
  let list = [theirs];
  const fetchMock = mockFetch({
    'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })),
    'GET /api/calendar': () => jsonResponse(bakeryCalendar(NOW, 'America/New_York', 90)),
    // admins get every product: an inactive one is not offered
    'GET /api/products': () => jsonResponse([makeProduct({ id: 'p-baguette', name: 'Baguette' }), makeProduct({ id: 'p-rye', name: 'Rye', price: '4.00' }), makeProduct({ id: 'p-old', name: 'Old', isActive: false })]),
    [`GET /api/standing-orders?customerId=${CUSTOMER}`]: () => jsonResponse(list),
    'POST /api/standing-orders': (init) => {
      const body = JSON.parse(String(init?.body)) as StandingOrder;
      const created = { ...theirs, ...body, id: '22222222-2222-2222-2222-222222222222' };
      list = [...list, created];
      return jsonResponse(created, 201, 'Created');
    },
    [`PUT /api/standing-orders/${theirs.id}`]: (init) => {
      const saved = { ...theirs, ...(JSON.parse(String(init?.body)) as StandingOrder) };
      list = [saved];
      return jsonResponse(saved);
    },
  });
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body ?? 'null')) : undefined;
};
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

describe("a customer's standing orders, for an admin", () => {
  beforeEach(() => act(() => dismissToast()));

  it('lists them and makes a new one for that customer', async () => {
    const fetchMock = serve();
    renderWithClient(<CustomerStandingOrders customerId={CUSTOMER} />);
    const item = await screen.findByLabelText('Weekday bread');
    expect(within(item).getByText('Active')).toBeInTheDocument();
    expect(await within(item).findByText('20 Mon–Fri')).toBeInTheDocument();
    expect(screen.getByText('(1)')).toBeInTheDocument();

    fireEvent.click(screen.getByText('New standing order', { selector: 'button *' }).closest('button')!);
    const form = within(await dialog('New standing order'));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Saturday rye (phone order)' } });
    fireEvent.click(form.getByLabelText('Saturday'));
    fireEvent.mouseDown(form.getByLabelText('Add a product'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(2));
    fireEvent.click(Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((o) => o.textContent === 'Rye ($4.00)')!);
    fireEvent.change(form.getByLabelText('Rye on Saturday'), { target: { value: '8' } });
    fireEvent.click(form.getByText('Create Standing Order').closest('button')!);

    expect(await screen.findByText('Saturday rye (phone order) has been created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/standing-orders')).toEqual({
      name: 'Saturday rye (phone order)',
      startDate: '2026-11-24',
      endDate: null,
      everyWeeks: 1,
      deliveryTimeSlot: null,
      specialInstructions: null,
      lines: [{ productId: 'p-rye', quantities: [0, 0, 0, 0, 0, 8, 0] }],
      customerId: CUSTOMER,
    });
    expect(await screen.findByLabelText('Saturday rye (phone order)')).toBeInTheDocument();
    expect(screen.getByText('(2)')).toBeInTheDocument();
  });

  it('edits one with the same form, filled in', async () => {
    const fetchMock = serve();
    renderWithClient(<CustomerStandingOrders customerId={CUSTOMER} />);
    fireEvent.click(await screen.findByLabelText('Edit Weekday bread'));
    const form = within(await dialog('Edit Weekday bread'));
    expect((form.getByLabelText('Baguette on Monday') as HTMLInputElement).value).toBe('20');
    fireEvent.change(form.getByLabelText('Baguette on Monday'), { target: { value: '24' } });
    fireEvent.click(form.getByText('Save Changes').closest('button')!);
    expect(await screen.findByText('Weekday bread has been saved')).toBeInTheDocument();
    // the customer stays who they are: customerId goes with a new one only
    expect(bodyOf(fetchMock, 'PUT', `/api/standing-orders/${theirs.id}`)).toMatchObject({ lines: [{ productId: 'p-baguette', quantities: [24, 20, 20, 20, 20, 0, 0] }] });
    expect(bodyOf(fetchMock, 'PUT', `/api/standing-orders/${theirs.id}`)).not.toHaveProperty('customerId');
    expect(await within(await screen.findByLabelText('Weekday bread')).findByText('24 Mon, 20 Tue–Fri')).toBeInTheDocument();
  });

  it('follows the server’s pages with Load more, so none is left out', async () => {
    const second = { ...theirs, id: '33333333-3333-3333-3333-333333333333', name: 'Saturday rye' };
    const nextPath = `/api/standing-orders?customerId=${CUSTOMER}&cursor=page2`;
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })),
      'GET /api/calendar': () => jsonResponse(bakeryCalendar(NOW, 'America/New_York', 90)),
      'GET /api/products': () => jsonResponse([makeProduct({ id: 'p-baguette', name: 'Baguette' })]),
      [`GET /api/standing-orders?customerId=${CUSTOMER}`]: () => jsonResponse([theirs], 200, 'OK', { link: `<http://localhost${nextPath}>; rel="next"` }),
      [`GET ${nextPath}`]: () => jsonResponse([second]),
    });
    renderWithClient(<CustomerStandingOrders customerId={CUSTOMER} />);
    expect(await screen.findByLabelText('Weekday bread')).toBeInTheDocument();
    expect(screen.queryByLabelText('Saturday rye')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByLabelText('Saturday rye')).toBeInTheDocument();
    expect(screen.getByLabelText('Weekday bread')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === nextPath)).toHaveLength(1);
    // the last page has no next one
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
