import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bakeryCalendar } from '@contracts/calendar';
import { DELIVERY_TIME_SLOTS } from '@contracts/constants';
import { deliveryCalendar, WEEKDAYS, type DeliverySchedule } from '@contracts/delivery-rules';
import type { ReorderResult } from '@contracts/order-changes';
import type { Order } from '@contracts/ordering';
import { dismissToast } from '@/components/ui/toast-store';
import { makeOrder, makeOrderItem, makeProduct, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderWithClient } from '@/testing/test-utils';
import { OrderDetailsDialog } from './order-details-dialog';

/**
 * Order details: "Order again" (a customer's, any order) and "Change order" (a customer's pending
 * order until its cut-off; an admin's order until it is delivered or cancelled), with the
 * dialog that changes quantities, lines, the date and slot, and the instructions.
 */
const ZONE = 'America/New_York';
// Tuesday 24 November 2026, 11:48 AM in New York
const NOW = Date.parse('2026-11-24T16:48:00.000Z');
const ORDER_ID = '11111111-1111-1111-1111-1111aaaa0001';
const order = makeOrder({
  id: ORDER_ID,
  status: 'pending',
  deliveryDate: '2026-11-26',
  cutoffAt: '2026-11-25T19:00:00.000Z',
  specialInstructions: 'Back door',
  orderItems: [
    makeOrderItem('Baguette', 10, { productId: 'p-baguette', unitPrice: '2.00', totalPrice: '20.00' }),
    makeOrderItem('Croissant', 4, { productId: 'p-croissant', unitPrice: '1.10', totalPrice: '4.40' }),
  ],
});

/** Monday to Saturday, orders by 2:00 PM the day before; Saturday only 8–10. */
const SCHEDULE: DeliverySchedule = {
  weekdays: WEEKDAYS.map((weekday) => ({
    weekday,
    delivers: weekday !== 7,
    leadDays: 1,
    cutoffTime: '14:00',
    slots: weekday === 6 ? [DELIVERY_TIME_SLOTS[1]] : [...DELIVERY_TIME_SLOTS],
  })),
  requireDeliveryDate: false,
  autoConfirmAtCutoff: false,
};

function serve({ role = 'customer' as 'customer' | 'admin', shown = order, routes = {} as Parameters<typeof mockFetch>[0] } = {}) {
  return mockFetch({
    'GET /api/auth/user': () => jsonResponse(makeUser({ role })),
    [`GET /api/orders/${shown.id}`]: () => jsonResponse(shown),
    'GET /api/calendar': () => jsonResponse(bakeryCalendar(new Date(NOW), ZONE, 90)),
    'GET /api/delivery/calendar': (_init, url) => {
      const query = new URL(url!, 'http://localhost').searchParams;
      return jsonResponse(deliveryCalendar(query.get('from')!, query.get('to')!, { schedule: SCHEDULE, closures: [], timeZone: ZONE, now: new Date(NOW) }));
    },
    'GET /api/products': () =>
      jsonResponse([
        makeProduct({ id: 'p-baguette', name: 'Baguette', price: '2.40' }),
        makeProduct({ id: 'p-focaccia', name: 'Focaccia', price: '3.35', stock: 30 }),
        makeProduct({ id: 'p-hidden', name: 'Hidden Torte', isActive: false }),
      ]),
    ...routes,
  });
}

function show(shown: Order = order, now = NOW) {
  return renderWithClient(<OrderDetailsDialog order={shown} onClose={jest.fn()} changeWindow={{ timeZone: ZONE, now }} />);
}

// getByRole walks antd's whole tree and takes seconds in jsdom: buttons are found by their text or label
const button = (text: string, root: HTMLElement = document.body) => within(root).queryByText(text)?.closest('button') ?? null;
const findButton = async (text: string) => (await screen.findByText(text)).closest('button')!;

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body ?? 'null')) : undefined;
};

describe('Order again', () => {
  beforeEach(() => act(() => dismissToast()));

  it('puts the order in the cart, says what was added and what was left out and why, and reads the cart badge again', async () => {
    const result: ReorderResult = {
      added: [{ productId: 'p-baguette', name: 'Baguette', quantity: 10 }],
      skipped: [{ productId: 'p-croissant', name: 'Croissant', reason: 'unavailable', missing: 4 }],
    };
    const fetchMock = serve({
      routes: {
        [`POST /api/orders/${ORDER_ID}/reorder`]: () => jsonResponse(result),
        'GET /api/cart/count': () => jsonResponse({ count: 1 }),
      },
    });
    const { queryClient } = show();
    // what the header's badge shows
    await queryClient.fetchQuery({ queryKey: ['/api/cart/count'] });
    expect(queryClient.getQueryState(['/api/cart/count'])?.isInvalidated).toBe(false);

    fireEvent.click(await findButton('Order again'));
    expect(await screen.findByText('Added to your cart, with changes')).toBeInTheDocument();
    expect(screen.getByText('Added: Baguette × 10. Left out: Croissant: no longer available.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === `/api/orders/${ORDER_ID}/reorder` && init?.method === 'POST')).toBe(true);
    // the badge is read again
    await waitFor(() => expect(queryClient.getQueryState(['/api/cart/count'])?.isInvalidated).toBe(true));
  });

  it('is a customer’s: an admin is not offered it', async () => {
    serve({ role: 'admin' });
    show();
    expect(await findButton('Change order')).toBeInTheDocument();
    expect(button('Order again')).toBeNull();
  });
});

describe('Change order: offered while allowed', () => {
  it('offers a customer their pending order until its cut-off only', async () => {
    serve();
    const { unmount } = show(order, Date.parse(order.cutoffAt!) - 1000);
    expect(await findButton('Order again')).toBeInTheDocument();
    expect(button('Change order')).not.toBeNull();
    unmount();

    show(order, Date.parse(order.cutoffAt!));
    expect(await findButton('Order again')).toBeInTheDocument();
    expect(button('Change order')).toBeNull();
  });

  it('offers nothing to change on a customer’s confirmed order; an admin still may change it, not a delivered one', async () => {
    const confirmed = { ...order, status: 'confirmed' as const };
    serve({ shown: confirmed });
    const first = show(confirmed);
    expect(await findButton('Order again')).toBeInTheDocument();
    expect(button('Change order')).toBeNull();
    first.unmount();

    serve({ role: 'admin', shown: confirmed });
    const second = show(confirmed, Date.parse('2099-01-01'));
    expect(await findButton('Change order')).toBeInTheDocument();
    second.unmount();

    const delivered = { ...order, status: 'delivered' as const };
    serve({ role: 'admin', shown: delivered });
    const { queryClient } = show(delivered);
    await screen.findByText('Order #aaaa0001');
    await waitFor(() => expect(queryClient.getQueryState(['/api/auth/user'])?.status).toBe('success'));
    expect(button('Change order')).toBeNull();
  });
});

describe('the Change order dialog', () => {
  beforeEach(() => act(() => dismissToast()));

  // (jsdom's dialogs share one test id for their titles: found by the title's text instead)
  const changeDialog = async () => (await screen.findByText('Change order #aaaa0001')).closest<HTMLElement>('[role="dialog"]')!;
  const changeDialogGone = () => waitFor(() => expect(screen.queryByText('Change order #aaaa0001')).not.toBeInTheDocument());

  async function openChange() {
    fireEvent.click(await findButton('Change order'));
    return within(await changeDialog());
  }

  it('sends only what changed: the lines (a quantity up, one removed, one added) and the instructions', async () => {
    const fetchMock = serve({
      routes: { [`PATCH /api/orders/${ORDER_ID}`]: (init) => jsonResponse({ ...order, specialInstructions: JSON.parse(String(init?.body)).specialInstructions }) },
    });
    show();
    const dialog = await openChange();
    fireEvent.click(dialog.getByLabelText('Increase quantity of Baguette'));
    fireEvent.click(dialog.getByLabelText('Remove Croissant'));
    // the last line cannot go: an order needs one
    expect(dialog.getByLabelText('Remove Baguette')).toBeDisabled();

    // products that can be ordered and are not on the order yet
    fireEvent.mouseDown(dialog.getByLabelText('Add a product'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    const options = Array.from(document.querySelectorAll('.ant-select-item-option'), (o) => o.textContent);
    expect(options).toEqual(['Focaccia ($3.35)']);
    fireEvent.click(document.querySelector('.ant-select-item-option')!);
    expect(await dialog.findByText('$3.35 each (today’s price)')).toBeInTheDocument();
    // 11 × 2.00 at the order's price + 1 × 3.35 at today's
    expect(dialog.getByTestId('change-order-subtotal')).toHaveTextContent('Subtotal $25.35');

    fireEvent.change(dialog.getByLabelText('Special Instructions'), { target: { value: 'Side door' } });
    fireEvent.click(dialog.getByText('Save changes').closest('button')!);

    expect(await screen.findByText('Order #aaaa0001 has been changed')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}`)).toEqual({
      lines: [
        { productId: 'p-baguette', quantity: 11 },
        { productId: 'p-focaccia', quantity: 1 },
      ],
      specialInstructions: 'Side door',
    });
    await changeDialogGone();
  });

  it('offers the dates the bakery’s windows allow, and sends a new date and a slot that day offers', async () => {
    const fetchMock = serve({ routes: { [`PATCH /api/orders/${ORDER_ID}`]: () => jsonResponse(order) } });
    show();
    const dialog = await openChange();
    const input = dialog.getByLabelText('Delivery Date');
    await waitFor(() => expect(input).toBeEnabled());
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    await waitFor(() => expect(document.querySelector('td[title="2026-11-28"]')).not.toBeNull());
    const disabled = (date: string) => document.querySelector(`td[title="${date}"]`)!.classList.contains('ant-picker-cell-disabled');
    // Wednesday's orders closed at 2:00 PM today? Not yet: open. Tuesday (today) closed yesterday; Sunday has no deliveries.
    expect(disabled('2026-11-25')).toBe(false);
    expect(disabled('2026-11-24')).toBe(true);
    expect(disabled('2026-11-29')).toBe(true);
    // the order's own date stays as it is
    expect(disabled('2026-11-26')).toBe(false);
    fireEvent.click(document.querySelector('td[title="2026-11-28"]')!);

    // Saturday offers 8–10 only
    fireEvent.mouseDown(dialog.getByLabelText('Delivery Time Slot'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    fireEvent.click(document.querySelector('.ant-select-item-option')!);
    fireEvent.click(dialog.getByText('Save changes').closest('button')!);
    await screen.findByText('Order #aaaa0001 has been changed');
    expect(bodyOf(fetchMock, 'PATCH', `/api/orders/${ORDER_ID}`)).toEqual({ deliveryDate: '2026-11-28', deliveryTimeSlot: '8:00 AM - 10:00 AM' });
  });

  it('shows the server’s field message at the date, and a refusal (after the cut-off, not enough stock, an account on hold) above the form', async () => {
    let answer = jsonResponse(
      { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Validation failed', errors: { deliveryDate: ['There are no deliveries on Sundays.'] } },
      400,
      'Bad Request',
    );
    serve({ routes: { [`PATCH /api/orders/${ORDER_ID}`]: () => answer } });
    show();
    const dialog = await openChange();
    fireEvent.click(dialog.getByLabelText('Increase quantity of Croissant'));
    fireEvent.click(dialog.getByText('Save changes').closest('button')!);
    expect(await dialog.findByText('There are no deliveries on Sundays.')).toBeInTheDocument();

    answer = jsonResponse(
      { statusCode: 409, code: 'CONFLICT', message: 'Not enough stock', details: { shortages: [{ productId: 'p-croissant', name: 'Croissant', requested: 5, available: 4 }] } },
      409,
      'Conflict',
    );
    fireEvent.click(dialog.getByText('Save changes').closest('button')!);
    expect(await dialog.findByText('Not enough stock')).toBeInTheDocument();
    expect(dialog.getByText('Croissant: at most 4 for this order')).toBeInTheDocument();
    // the dialog stays, with what the customer chose
    expect((dialog.getAllByLabelText('Quantity of Croissant').find((el) => el.tagName === 'INPUT') as HTMLInputElement).value).toBe('5');

    answer = jsonResponse({ statusCode: 409, code: 'CONFLICT', message: 'This order is being prepared: contact the bakery to change it' }, 409, 'Conflict');
    fireEvent.click(dialog.getByText('Save changes').closest('button')!);
    expect(await dialog.findByText('This order is being prepared: contact the bakery to change it')).toBeInTheDocument();

    answer = jsonResponse({ statusCode: 403, code: 'FORBIDDEN', message: 'Your account is on hold. Please contact the bakery.' }, 403, 'Forbidden');
    fireEvent.click(dialog.getByText('Save changes').closest('button')!);
    expect(await dialog.findByText('Your account is on hold. Please contact the bakery.')).toBeInTheDocument();
  });

  it('sends nothing when nothing changed', async () => {
    const fetchMock = serve();
    show();
    const dialog = await openChange();
    fireEvent.click(dialog.getByText('Save changes').closest('button')!);
    await changeDialogGone();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });
});
