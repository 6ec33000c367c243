import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, bakeryCalendar } from '@contracts/calendar';
import { DELIVERY_TIME_SLOTS } from '@contracts/constants';
import { DeliveryMessages, WEEKDAYS, type DeliverySchedule, type ScheduleContext } from '@contracts/delivery-rules';
import { deliveryChangeable, occurrenceOn, occurrencesBetween, type DeliveryException } from '@contracts/standing-order-rules';
import type { StandingOrder, UpcomingDelivery } from '@contracts/standing-orders';
import { dismissToast } from '@/components/ui/toast-store';
import { makeProduct, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { StandingOrdersPage } from './standing-orders-page';

/**
 * A customer's Standing Orders page: the list with statuses, Pause (until a date or until resumed),
 * Resume and Delete; the next four weeks with each date's quantities and cut-off, Skip / Unskip
 * and Change until the cut-off. A small server of the test's own answers the API with the
 * contracts' occurrence rules, at a fixed server clock.
 */
const ZONE = 'America/New_York';
// Tuesday 24 November 2026, 11:48 AM in New York
const NOW = new Date('2026-11-24T16:48:00.000Z');
const TODAY = '2026-11-24';
/** Monday to Saturday, orders by 2:00 PM the day before; no deliveries on Sundays. */
const SCHEDULE: DeliverySchedule = {
  weekdays: WEEKDAYS.map((weekday) => ({ weekday, delivers: weekday !== 7, leadDays: 1, cutoffTime: '14:00', slots: [...DELIVERY_TIME_SLOTS] })),
  requireDeliveryDate: false,
  autoConfirmAtCutoff: false,
};
const ctx: ScheduleContext = { schedule: SCHEDULE, closures: [], timeZone: ZONE, now: NOW };
const AT = '2026-11-20T10:00:00.000Z';

const weekdayBread: StandingOrder = {
  id: '11111111-1111-1111-1111-111111111111',
  customerId: 'u1',
  status: 'active',
  pausedUntil: null,
  name: 'Weekday bread',
  startDate: '2026-11-23',
  endDate: null,
  everyWeeks: 1,
  deliveryTimeSlot: '6:00 AM - 8:00 AM',
  specialInstructions: null,
  lines: [
    { productId: 'p-baguette', quantities: [20, 20, 20, 20, 20, 30, 0] },
    { productId: 'p-croissant', quantities: [0, 0, 0, 0, 12, 0, 0] },
  ],
  createdAt: AT,
  updatedAt: AT,
};
const weekendPastries: StandingOrder = {
  ...weekdayBread,
  id: '22222222-2222-2222-2222-222222222222',
  name: 'Weekend pastries',
  status: 'paused',
  pausedUntil: '2026-12-07',
  lines: [{ productId: 'p-croissant', quantities: [0, 0, 0, 0, 0, 24, 0] }],
};

/** The API as ordering answers it, for one customer. */
function bakery(initial: StandingOrder[] = [weekdayBread, weekendPastries]) {
  let standingOrders = initial.map((so) => ({ ...so }));
  const exceptions = new Map<string, DeliveryException[]>([[weekdayBread.id, [{ date: '2026-11-26', skip: true, lines: null }]]]);
  const terms = (so: StandingOrder) => ({ ...so, paused: so.status === 'paused', pausedUntil: so.pausedUntil });
  const upcoming = (): UpcomingDelivery[] =>
    standingOrders
      .flatMap((so) =>
        occurrencesBetween(terms(so), exceptions.get(so.id) ?? [], TODAY, addDays(TODAY, 27), ctx).map((o) => ({
          standingOrderId: so.id,
          date: o.date,
          cutoffAt: o.cutoffAt.toISOString(),
          skipped: o.skipped,
          lines: o.lines,
        })),
      )
      .sort((a, b) => a.date.localeCompare(b.date));
  const changeDelivery = (id: string, date: string) => (init?: RequestInit) => {
    const so = standingOrders.find((s) => s.id === id)!;
    const body = JSON.parse(String(init?.body)) as { skip?: boolean; lines?: { productId: string; quantity: number }[] };
    const planned = occurrenceOn(terms(so), [], date, ctx)!;
    if (!deliveryChangeable(planned, NOW)) return jsonResponse({ statusCode: 409, message: DeliveryMessages.orderBeingPrepared }, 409, 'Conflict');
    const current = (exceptions.get(id) ?? []).find((e) => e.date === date);
    const next: DeliveryException = { date, skip: body.skip ?? current?.skip ?? false, lines: body.lines ?? current?.lines ?? null };
    exceptions.set(id, [...(exceptions.get(id) ?? []).filter((e) => e.date !== date), next]);
    return jsonResponse(upcoming().find((d) => d.standingOrderId === id && d.date === date));
  };
  const routes: Parameters<typeof mockFetch>[0] = {
    'GET /api/auth/user': () => jsonResponse(makeUser()),
    'GET /api/calendar': () => jsonResponse(bakeryCalendar(NOW, ZONE, 90)),
    'GET /api/products': () =>
      jsonResponse([makeProduct({ id: 'p-baguette', name: 'Baguette', price: '2.40' }), makeProduct({ id: 'p-croissant', name: 'Croissant', price: '1.10' })]),
    'GET /api/standing-orders': () => jsonResponse(standingOrders),
    'GET /api/standing-orders/upcoming?weeks=4': () => jsonResponse(upcoming()),
    [`PUT /api/standing-orders/${weekdayBread.id}/deliveries/2026-11-24`]: changeDelivery(weekdayBread.id, '2026-11-24'),
    [`PUT /api/standing-orders/${weekdayBread.id}/deliveries/2026-11-25`]: changeDelivery(weekdayBread.id, '2026-11-25'),
    [`PUT /api/standing-orders/${weekdayBread.id}/deliveries/2026-11-26`]: changeDelivery(weekdayBread.id, '2026-11-26'),
    [`PUT /api/standing-orders/${weekdayBread.id}/deliveries/2026-11-27`]: changeDelivery(weekdayBread.id, '2026-11-27'),
    [`POST /api/standing-orders/${weekdayBread.id}/pause`]: (init) => {
      const { until } = JSON.parse(String(init?.body)) as { until: string | null };
      standingOrders = standingOrders.map((so) => (so.id === weekdayBread.id ? { ...so, status: 'paused', pausedUntil: until } : so));
      return jsonResponse(standingOrders.find((so) => so.id === weekdayBread.id));
    },
    [`POST /api/standing-orders/${weekendPastries.id}/resume`]: () => {
      standingOrders = standingOrders.map((so) => (so.id === weekendPastries.id ? { ...so, status: 'active', pausedUntil: null } : so));
      return jsonResponse(standingOrders.find((so) => so.id === weekendPastries.id));
    },
    [`DELETE /api/standing-orders/${weekendPastries.id}`]: () => {
      standingOrders = standingOrders.filter((so) => so.id !== weekendPastries.id);
      return jsonResponse(undefined, 204, 'No Content');
    },
  };
  return { routes, exceptions };
}

const routes = [
  { path: '/standing-orders', element: <StandingOrdersPage /> },
  { path: '/standing-orders/new', element: <p>the new standing order form</p> },
  { path: '/standing-orders/:id/edit', element: <p>the edit form</p> },
];

function bodyOf(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown {
  const call = [...fetchMock.mock.calls].reverse().find(([url, init]) => url === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body ?? 'null')) : undefined;
}

// by their labels, not their roles: role queries over the whole calendar are slow in jsdom
const card = (name: string) => document.querySelector<HTMLElement>(`li.so-card[aria-label="${name}"]`)!;
/** The row of one standing order on one date of the calendar, once it is there. */
async function deliveryOn(date: string, name = 'Weekday bread') {
  const row = await waitFor(() => {
    const el = document.querySelector<HTMLElement>(`li.so-date[aria-label="${date}"] li.so-delivery[aria-label="${name}"]`);
    expect(el).not.toBeNull();
    return el!;
  });
  return within(row);
}
/** An open dialog by its title. */
async function dialogNamed(title: string) {
  const el = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
    expect(found).toBeDefined();
    return found!;
  });
  return within(el);
}
const noDelivery = (date: string, name = 'Weekday bread') => document.querySelector(`li.so-date[aria-label="${date}"] li.so-delivery[aria-label="${name}"]`) === null;

describe('Standing Orders page', () => {
  beforeEach(() => act(() => dismissToast()));

  it('lists each standing order with its status, cadence, days and quantities per product', async () => {
    mockFetch(bakery().routes);
    renderRoutes(routes, { path: '/standing-orders' });
    expect(await screen.findByText('2 of 10 standing orders')).toBeInTheDocument();
    const bread = within(card('Weekday bread'));
    expect(bread.getByText('Active')).toBeInTheDocument();
    expect(bread.getByText('Every week · Mon, Tue, Wed, Thu, Fri, Sat')).toBeInTheDocument();
    expect(await bread.findByText('Baguette')).toBeInTheDocument();
    expect(Array.from(bread.getByRole('list', { name: 'Products' }).querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'Baguette: 20 Mon–Fri, 30 Sat',
      'Croissant: 12 Fri',
    ]);
    const pastries = within(card('Weekend pastries'));
    expect(pastries.getByText('Paused, resumes Mon 7 Dec')).toBeInTheDocument();
    expect(pastries.getByLabelText('Resume Weekend pastries')).toBeInTheDocument();
    expect(pastries.queryByRole('button', { name: /^Pause/ })).not.toBeInTheDocument();
  });

  it('shows the next four weeks by date with quantities and cut-offs: changes until the cut-off, a passed one being prepared, a skipped date', async () => {
    mockFetch(bakery().routes);
    renderRoutes(routes, { path: '/standing-orders' });
    expect((await screen.findByText('This week')).tagName).toBe('H3');
    expect(screen.getByText('Next week').tagName).toBe('H3');

    // today: its orders closed yesterday at 2:00 PM, the order is being prepared
    const today = await deliveryOn('Tue 24 Nov');
    expect(today.getByText('20 × Baguette')).toBeInTheDocument();
    expect(today.getByText('Being prepared')).toBeInTheDocument();
    expect(today.getByText(DeliveryMessages.orderBeingPrepared)).toBeInTheDocument();
    expect(today.queryAllByRole('button')).toEqual([]);

    // tomorrow: open until today 2:00 PM
    const tomorrow = await deliveryOn('Wed 25 Nov');
    expect(tomorrow.getByText('Change or skip until Tue 2:00 PM')).toBeInTheDocument();
    expect(tomorrow.getByLabelText('Skip Weekday bread on Wed 25 Nov')).toBeInTheDocument();
    expect(tomorrow.getByLabelText('Change Weekday bread on Wed 25 Nov')).toBeInTheDocument();

    // Thursday was skipped; Friday has croissants too
    const thursday = await deliveryOn('Thu 26 Nov');
    expect(thursday.getByText('Skipped')).toBeInTheDocument();
    expect(thursday.getByLabelText('Unskip Weekday bread on Thu 26 Nov')).toBeInTheDocument();
    expect((await deliveryOn('Fri 27 Nov')).getByText('20 × Baguette, 12 × Croissant')).toBeInTheDocument();

    // the paused one delivers again from 7 December: its first Saturday is 12 December
    expect((await deliveryOn('Sat 12 Dec', 'Weekend pastries')).getByText('24 × Croissant')).toBeInTheDocument();
    expect(noDelivery('Sat 5 Dec', 'Weekend pastries')).toBe(true);
    expect(noDelivery('Sat 5 Dec')).toBe(false);
    // no Sundays
    expect(document.querySelector('li.so-date[aria-label="Sun 29 Nov"]')).toBeNull();
  });

  it('skips a date and unskips another: one date changes, the calendar shows it', async () => {
    const fetchMock = mockFetch(bakery().routes);
    renderRoutes(routes, { path: '/standing-orders' });
    fireEvent.click((await deliveryOn('Wed 25 Nov')).getByLabelText('Skip Weekday bread on Wed 25 Nov'));
    expect(await screen.findByText('Weekday bread will not deliver on Wed 25 Nov')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', `/api/standing-orders/${weekdayBread.id}/deliveries/2026-11-25`)).toEqual({ skip: true });
    await waitFor(async () => expect((await deliveryOn('Wed 25 Nov')).getByText('Skipped')).toBeInTheDocument());

    fireEvent.click((await deliveryOn('Thu 26 Nov')).getByLabelText('Unskip Weekday bread on Thu 26 Nov'));
    expect(await screen.findByText('Weekday bread delivers on Thu 26 Nov again')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', `/api/standing-orders/${weekdayBread.id}/deliveries/2026-11-26`)).toEqual({ skip: false });
    await waitFor(async () => expect((await deliveryOn('Thu 26 Nov')).queryByText('Skipped')).not.toBeInTheDocument());
    expect((await deliveryOn('Thu 26 Nov')).getByLabelText('Skip Weekday bread on Thu 26 Nov')).toBeInTheDocument();
  });

  it('changes one date’s quantities only, and marks that date', async () => {
    const fetchMock = mockFetch(bakery().routes);
    renderRoutes(routes, { path: '/standing-orders' });
    fireEvent.click((await deliveryOn('Fri 27 Nov')).getByLabelText('Change Weekday bread on Fri 27 Nov'));
    const dialog = await dialogNamed('Change Weekday bread on Fri 27 Nov');
    fireEvent.click(dialog.getByLabelText('Increase quantity of Baguette on Fri 27 Nov'));
    for (let i = 0; i < 12; i++) fireEvent.click(dialog.getByLabelText('Decrease quantity of Croissant on Fri 27 Nov'));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Weekday bread on Fri 27 Nov has been changed')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT', `/api/standing-orders/${weekdayBread.id}/deliveries/2026-11-27`)).toEqual({
      lines: [
        { productId: 'p-baguette', quantity: 21 },
        { productId: 'p-croissant', quantity: 0 },
      ],
    });
    await waitFor(async () => expect((await deliveryOn('Fri 27 Nov')).getByText('21 × Baguette')).toBeInTheDocument());
    expect((await deliveryOn('Fri 27 Nov')).getByText('Changed for this date')).toBeInTheDocument();
    // the next Friday keeps its usual quantities
    expect((await deliveryOn('Fri 4 Dec')).getByText('20 × Baguette, 12 × Croissant')).toBeInTheDocument();
    expect((await deliveryOn('Fri 4 Dec')).queryByText('Changed for this date')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog when the cut-off passed meanwhile', async () => {
    const { routes: api } = bakery();
    api[`PUT /api/standing-orders/${weekdayBread.id}/deliveries/2026-11-25`] = () =>
      jsonResponse({ statusCode: 409, code: 'CONFLICT', message: DeliveryMessages.orderBeingPrepared }, 409, 'Conflict');
    mockFetch(api);
    renderRoutes(routes, { path: '/standing-orders' });
    fireEvent.click((await deliveryOn('Wed 25 Nov')).getByLabelText('Change Weekday bread on Wed 25 Nov'));
    const dialog = await dialogNamed('Change Weekday bread on Wed 25 Nov');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(DeliveryMessages.orderBeingPrepared)).toBeInTheDocument();
  });

  // three tests, not one: together they took over the 60 s timeout on a loaded CI machine
  it('pauses until a date', async () => {
    const fetchMock = mockFetch(bakery().routes);
    renderRoutes(routes, { path: '/standing-orders' });
    await screen.findByText('2 of 10 standing orders');

    // pause: a date is required when pausing until one
    fireEvent.click(within(card('Weekday bread')).getByLabelText('Pause Weekday bread'));
    const dialog = await dialogNamed('Pause Weekday bread');
    fireEvent.click(dialog.getByLabelText('Until a date'));
    fireEvent.click(dialog.getByRole('button', { name: 'Pause' }));
    expect(await dialog.findByText('Choose the date deliveries start again')).toBeInTheDocument();
    const input = dialog.getByLabelText('Deliveries start again on');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    await waitFor(() => expect(document.querySelector('td[title="2026-11-30"]')).not.toBeNull());
    // today cannot be chosen: a pause until today pauses nothing
    expect(document.querySelector('td[title="2026-11-24"]')!.classList.contains('ant-picker-cell-disabled')).toBe(true);
    fireEvent.click(document.querySelector('td[title="2026-11-30"]')!);
    fireEvent.click(dialog.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Weekday bread is paused until Mon 30 Nov')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', `/api/standing-orders/${weekdayBread.id}/pause`)).toEqual({ until: '2026-11-30' });
    expect(await within(card('Weekday bread')).findByText('Paused, resumes Mon 30 Nov')).toBeInTheDocument();
  });

  it('resumes', async () => {
    mockFetch(bakery().routes);
    renderRoutes(routes, { path: '/standing-orders' });
    await screen.findByText('2 of 10 standing orders');
    fireEvent.click(within(card('Weekend pastries')).getByLabelText('Resume Weekend pastries'));
    expect(await screen.findByText('Weekend pastries delivers again')).toBeInTheDocument();
    expect(await within(card('Weekend pastries')).findByText('Active')).toBeInTheDocument();
  });

  it('deletes after asking; keeping it sends nothing', async () => {
    const fetchMock = mockFetch(bakery().routes);
    renderRoutes(routes, { path: '/standing-orders' });
    await screen.findByText('2 of 10 standing orders');
    fireEvent.click(within(card('Weekend pastries')).getByLabelText('Delete Weekend pastries'));
    let dialog = await dialogNamed('Delete this standing order?');
    fireEvent.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(card('Weekend pastries')).getByLabelText('Delete Weekend pastries'));
    dialog = await dialogNamed('Delete this standing order?');
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Weekend pastries has been deleted')).toBeInTheDocument();
    await waitFor(() => expect(card('Weekend pastries')).toBeNull());
    expect(screen.getByText('1 of 10 standing orders')).toBeInTheDocument();
  });

  it('pauses until resumed', async () => {
    const fetchMock = mockFetch(bakery().routes);
    renderRoutes(routes, { path: '/standing-orders' });
    await screen.findByText('2 of 10 standing orders');
    fireEvent.click(within(card('Weekday bread')).getByLabelText('Pause Weekday bread'));
    const dialog = await dialogNamed('Pause Weekday bread');
    expect(dialog.getByLabelText('Until I resume it')).toBeChecked();
    fireEvent.click(dialog.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Weekday bread is paused until you resume it')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', `/api/standing-orders/${weekdayBread.id}/pause`)).toEqual({ until: null });
    expect(await within(card('Weekday bread')).findByText('Paused until resumed')).toBeInTheDocument();
  });

  it('goes to the form for a new one and to edit one', async () => {
    mockFetch(bakery().routes);
    const { router } = renderRoutes(routes, { path: '/standing-orders' });
    fireEvent.click(await screen.findByLabelText('Edit Weekday bread'));
    expect(await screen.findByText('the edit form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/standing-orders/${weekdayBread.id}/edit`);
    await act(() => router.navigate('/standing-orders'));
    fireEvent.click((await screen.findByText('New Standing Order')).closest('button')!);
    expect(await screen.findByText('the new standing order form')).toBeInTheDocument();
  });

  it('offers New Standing Order when there is none, and no more at ten', async () => {
    const { routes: none } = bakery([]);
    mockFetch(none);
    const { unmount } = renderRoutes(routes, { path: '/standing-orders' });
    expect(await screen.findByText('No standing orders yet')).toBeInTheDocument();
    expect(screen.getByText('New Standing Order').closest('button')).toBeEnabled();
    unmount();

    const ten = Array.from({ length: 10 }, (_, i) => ({ ...weekdayBread, id: `0000000${i}-0000-0000-0000-000000000000`, name: `Order ${i + 1}` }));
    mockFetch(bakery(ten).routes);
    renderRoutes(routes, { path: '/standing-orders' });
    expect(await screen.findByText('10 of 10 standing orders')).toBeInTheDocument();
    expect(screen.getByText('New Standing Order').closest('button')).toBeDisabled();
  });

  it('offers Retry when the standing orders could not be loaded', async () => {
    let fail = true;
    const { routes: api } = bakery();
    const list = api['GET /api/standing-orders'];
    api['GET /api/standing-orders'] = (init, url) => (fail ? jsonResponse({ statusCode: 500, message: 'Boom' }, 500, 'Internal Server Error') : list(init, url));
    mockFetch(api);
    renderRoutes(routes, { path: '/standing-orders' });
    expect(await screen.findByText('Standing orders could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('2 of 10 standing orders')).toBeInTheDocument();
  });
});
