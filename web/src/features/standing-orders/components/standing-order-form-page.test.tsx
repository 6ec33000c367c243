import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bakeryCalendar } from '@contracts/calendar';
import type { StandingOrder } from '@contracts/standing-orders';
import { dismissToast } from '@/components/ui/toast-store';
import { makeCartLine, makeOrder, makeOrderItem, makeProduct, makeUser } from '@/testing/fixtures';
import { controllableViewport, jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { StandingOrderFormPage } from './standing-order-form-page';

/**
 * The standing order form, as a customer reaches it: blank, "Make this a standing order" from the
 * cart (?fromCart=1), "Repeat this order" from an order (?fromOrder=<id>), and Edit; the
 * quantities go on the delivery days the customer picks, and the server's messages show where
 * they belong.
 */
const ZONE = 'America/New_York';
const NOW = new Date('2026-11-24T16:48:00.000Z');
const ORDER_ID = '11111111-1111-1111-1111-1111aaaa0001';
const SO_ID = '99999999-9999-9999-9999-999999999999';
const AT = '2026-11-20T10:00:00.000Z';

const saved = (body: Partial<StandingOrder>): StandingOrder => ({
  id: SO_ID,
  customerId: 'u1',
  status: 'active',
  pausedUntil: null,
  name: 'x',
  startDate: '2026-11-24',
  endDate: null,
  everyWeeks: 1,
  deliveryTimeSlot: null,
  specialInstructions: null,
  lines: [],
  createdAt: AT,
  updatedAt: AT,
  ...body,
});

function serve(routes: Parameters<typeof mockFetch>[0] = {}) {
  const baguette = { ...makeCartLine('p-baguette', '2.40', 20), product: { ...makeCartLine('p-baguette', '2.40', 20).product!, name: 'Baguette' } };
  const croissant = { ...makeCartLine('p-croissant', '1.10', 5), product: { ...makeCartLine('p-croissant', '1.10', 5).product!, name: 'Croissant' } };
  return mockFetch({
    'GET /api/auth/user': () => jsonResponse(makeUser()),
    'GET /api/calendar': () => jsonResponse(bakeryCalendar(NOW, ZONE, 90)),
    'GET /api/products': () =>
      jsonResponse([
        makeProduct({ id: 'p-baguette', name: 'Baguette', price: '2.40' }),
        makeProduct({ id: 'p-croissant', name: 'Croissant', price: '1.10' }),
        makeProduct({ id: 'p-focaccia', name: 'Focaccia', price: '3.35' }),
        makeProduct({ id: 'p-rye', name: 'Old Rye', isActive: false }),
      ]),
    // a line whose product has gone from the catalogue is left out
    'GET /api/cart': () => jsonResponse([baguette, croissant, makeCartLine('p-gone', null, 3)]),
    [`GET /api/orders/${ORDER_ID}`]: () =>
      jsonResponse(
        makeOrder({
          id: ORDER_ID,
          deliveryTimeSlot: '8:00 AM - 10:00 AM',
          specialInstructions: 'Back door',
          orderItems: [
            makeOrderItem('Croissant', 12, { productId: 'p-croissant' }),
            makeOrderItem('Old Rye', 2, { productId: 'p-rye' }),
          ],
        }),
      ),
    'POST /api/standing-orders': (init) => jsonResponse(saved(JSON.parse(String(init?.body))), 201, 'Created'),
    ...routes,
  });
}

const routes = [
  { path: '/standing-orders', element: <p>the standing orders list</p> },
  { path: '/standing-orders/new', element: <StandingOrderFormPage /> },
  { path: '/standing-orders/:id/edit', element: <StandingOrderFormPage /> },
];

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): Record<string, unknown> | undefined => {
  const call = [...fetchMock.mock.calls].reverse().find(([url, init]) => url === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body ?? 'null')) : undefined;
};
const pickDays = (...days: string[]) => days.forEach((day) => fireEvent.click(screen.getByLabelText(day)));
const quantity = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = (text = 'Create Standing Order') => fireEvent.click(screen.getByText(text).closest('button')!);

describe('the standing order form', () => {
  beforeEach(() => act(() => dismissToast()));

  it('makes one from the cart: its products and quantities go on the days picked, a product gone is left out and said', async () => {
    const fetchMock = serve();
    const { router } = renderRoutes(routes, { path: '/standing-orders/new?fromCart=1' });
    expect(await screen.findByText('Some products were left out')).toBeInTheDocument();
    expect(screen.getByText('1 product is no longer sold.')).toBeInTheDocument();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('My regular order');
    // nothing is on any day until the customer picks them
    expect(screen.getByText(/Choose the delivery days above/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Baguette on Monday')).not.toBeInTheDocument();

    pickDays('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday');
    // what lead times do to it, said before it is saved (the server keeps them, as it keeps dates past their cut-off)
    expect(screen.getByText('A product that needs notice (a lead time) starts from the first delivery the bakery has that notice for.')).toBeInTheDocument();
    expect(quantity('Baguette on Monday').value).toBe('20');
    expect(quantity('Croissant on Saturday').value).toBe('5');
    // Saturday is bigger, and no croissants on Tuesdays
    fireEvent.change(quantity('Baguette on Saturday'), { target: { value: '30' } });
    fireEvent.change(quantity('Croissant on Tuesday'), { target: { value: '0' } });
    // a product added gets 1 on each day
    fireEvent.mouseDown(screen.getByLabelText('Add a product'));
    const options = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).map((o) => o.textContent);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    // only what can be ordered, and not twice
    expect(options).toEqual(['Focaccia ($3.35)']);
    fireEvent.click(document.querySelector('.ant-select-item-option')!);
    expect(quantity('Focaccia on Friday').value).toBe('1');
    fireEvent.click(screen.getByLabelText('Remove Focaccia'));
    expect(screen.queryByLabelText('Focaccia on Friday')).not.toBeInTheDocument();

    submit();
    expect(await screen.findByText('the standing orders list')).toBeInTheDocument();
    expect(screen.getByText('My regular order has been created')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/standing-orders');
    expect(bodyOf(fetchMock, 'POST', '/api/standing-orders')).toEqual({
      name: 'My regular order',
      startDate: '2026-11-24',
      endDate: null,
      everyWeeks: 1,
      deliveryTimeSlot: null,
      specialInstructions: null,
      lines: [
        { productId: 'p-baguette', quantities: [20, 20, 20, 20, 20, 30, 0] },
        { productId: 'p-croissant', quantities: [5, 0, 5, 5, 5, 5, 0] },
      ],
    });
  });

  it('repeats an order: its products, slot and instructions; a product no longer sold is left out', async () => {
    const fetchMock = serve();
    renderRoutes(routes, { path: `/standing-orders/new?fromOrder=${ORDER_ID}` });
    expect(await screen.findByText('Old Rye: no longer available.')).toBeInTheDocument();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Repeat of order #aaaa0001');
    expect(screen.getByText(/From order #aaaa0001/)).toBeInTheDocument();
    pickDays('Tuesday', 'Thursday');
    // every 2 weeks, until the end of January
    fireEvent.mouseDown(screen.getByLabelText('Repeat'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(4));
    fireEvent.click(Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((o) => o.textContent === 'Every 2 weeks')!);
    submit();
    expect(await screen.findByText('the standing orders list')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/standing-orders')).toEqual({
      name: 'Repeat of order #aaaa0001',
      startDate: '2026-11-24',
      endDate: null,
      everyWeeks: 2,
      deliveryTimeSlot: '8:00 AM - 10:00 AM',
      specialInstructions: 'Back door',
      lines: [{ productId: 'p-croissant', quantities: [0, 12, 0, 12, 0, 0, 0] }],
    });
  });

  it('shows the server’s field messages at their fields and a refusal above the form, keeping what was entered', async () => {
    let answer = jsonResponse(
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        errors: { name: ['Name must be 1 to 100 characters'], lines: ['A standing order needs a quantity on at least one day'] },
      },
      400,
      'Bad Request',
    );
    serve({ 'POST /api/standing-orders': () => answer });
    renderRoutes(routes, { path: '/standing-orders/new?fromCart=1' });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: '' } });
    submit();
    expect(await screen.findByText('Name must be 1 to 100 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A standing order needs a quantity on at least one day')).toBeInTheDocument();

    // one product's quantities, by its index in what was sent
    pickDays('Monday');
    answer = jsonResponse(
      { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Validation failed', errors: { 'lines.1.quantities': ['quantities must be seven whole numbers from 0 to 500, Monday to Sunday'] } },
      400,
      'Bad Request',
    );
    submit();
    const croissantRow = (await screen.findByText('quantities must be seven whole numbers from 0 to 500, Monday to Sunday')).closest('tr')!;
    expect(within(croissantRow).getByText('Croissant')).toBeInTheDocument();
    expect(screen.queryByText('Name must be 1 to 100 characters')).not.toBeInTheDocument();

    answer = jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'This product is not available', details: { productId: 'p-baguette' } }, 404, 'Not Found');
    submit();
    const baguetteRow = (await screen.findByText('This product is not available')).closest('tr')!;
    expect(within(baguetteRow).getByText('Baguette')).toBeInTheDocument();

    answer = jsonResponse({ statusCode: 409, code: 'CONFLICT', message: 'A customer can have at most 10 standing orders' }, 409, 'Conflict');
    submit();
    expect((await screen.findByText('A customer can have at most 10 standing orders')).closest('[role="alert"]')).not.toBeNull();
    expect(quantity('Baguette on Monday').value).toBe('20');
  });

  it('edits a standing order: its days and quantities as saved, and Save Changes replaces it', async () => {
    const existing = saved({
      name: 'Weekday bread',
      startDate: '2026-11-23',
      endDate: '2027-01-31',
      deliveryTimeSlot: '6:00 AM - 8:00 AM',
      lines: [{ productId: 'p-baguette', quantities: [20, 20, 20, 20, 20, 30, 0] }],
    });
    const fetchMock = serve({
      [`GET /api/standing-orders/${SO_ID}`]: () => jsonResponse(existing),
      [`PUT /api/standing-orders/${SO_ID}`]: (init) => jsonResponse(saved(JSON.parse(String(init?.body)))),
    });
    renderRoutes(routes, { path: `/standing-orders/${SO_ID}/edit` });
    expect(await screen.findByLabelText('Baguette on Saturday')).toBeInTheDocument();
    expect(screen.getByLabelText('Saturday')).toBeChecked();
    expect(screen.getByLabelText('Sunday')).not.toBeChecked();
    expect(quantity('Baguette on Saturday').value).toBe('30');
    expect((screen.getByLabelText('End date (optional)') as HTMLInputElement).value).toBe('2027-01-31');
    // no more Saturdays
    pickDays('Saturday');
    fireEvent.change(quantity('Baguette on Friday'), { target: { value: '25' } });
    submit('Save Changes');
    expect(await screen.findByText('the standing orders list')).toBeInTheDocument();
    expect(screen.getByText('Weekday bread has been saved')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', `/api/standing-orders/${SO_ID}`)).toEqual({
      name: 'Weekday bread',
      startDate: '2026-11-23',
      endDate: '2027-01-31',
      everyWeeks: 1,
      deliveryTimeSlot: '6:00 AM - 8:00 AM',
      specialInstructions: null,
      lines: [{ productId: 'p-baguette', quantities: [20, 20, 20, 20, 25, 0, 0] }],
    });
  });

  it('says when the order to repeat could not be loaded', async () => {
    serve({ [`GET /api/orders/${ORDER_ID}`]: () => jsonResponse({ statusCode: 404, message: 'Order not found' }, 404, 'Not Found') });
    renderRoutes(routes, { path: `/standing-orders/new?fromOrder=${ORDER_ID}` });
    expect(await screen.findByText('The order could not be loaded')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    let viewport: ReturnType<typeof controllableViewport>;
    beforeEach(() => (viewport = controllableViewport(true)));
    afterEach(() => viewport.restore());

    it('shows a block per product with an input per delivery day', async () => {
      const fetchMock = serve();
      renderRoutes(routes, { path: '/standing-orders/new?fromCart=1' });
      await screen.findByText('Some products were left out');
      pickDays('Monday', 'Friday');
      const block = document.querySelector('li.so-line-block[aria-label="Baguette"]')!;
      expect(Array.from(block.querySelectorAll('input'), (el) => el.getAttribute('aria-label'))).toEqual(['Baguette on Monday', 'Baguette on Friday']);
      expect(document.querySelector('table.so-grid')).toBeNull();
      fireEvent.change(quantity('Baguette on Friday'), { target: { value: '40' } });
      submit();
      expect(await screen.findByText('the standing orders list')).toBeInTheDocument();
      expect((bodyOf(fetchMock, 'POST', '/api/standing-orders')?.lines as unknown[])[0]).toEqual({ productId: 'p-baguette', quantities: [20, 0, 0, 0, 40, 0, 0] });
    });
  });
});
