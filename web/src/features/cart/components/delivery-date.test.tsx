import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { bakeryCalendar, type BakeryCalendar } from '@contracts/calendar';
import { DELIVERY_TIME_SLOTS } from '@contracts/constants';
import {
  DEFAULT_DELIVERY_SCHEDULE,
  deliveryCalendar,
  WEEKDAYS,
  type Closure,
  type DeliverySchedule,
  type LeadTimeProduct,
} from '@contracts/delivery-rules';
import type { CartLine } from '@contracts/ordering';
import { dismissToast } from '@/components/ui/toast-store';
import { makeOrder } from '@/testing/fixtures';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch, renderRoutes, setBrowserTimeZone } from '@/testing/test-utils';
import { readCartPage } from '../api/cart-page-reads';
import { CartPage } from './cart-page';

/**
 * The delivery date picker offers the bakery's dates (GET /api/calendar: its today, in its time
 * zone, up to maxDeliveryDaysAhead days later), not the browser's: at 23:30 UTC on 10 March a
 * browser on Kiritimati (UTC+14) is already on the 11th, one on Pago Pago (UTC-11) still on the
 * 10th, whatever the bakery's date is.
 */

const NOW = '2026-03-10T23:30:00.000Z';
const routes = [{ path: '/cart', element: <CartPage /> }];
const LINES: CartLine[] = [
  {
    id: 'line-1',
    productId: 'p-sourdough',
    quantity: 1,
    createdAt: NOW,
    updatedAt: NOW,
    product: { id: 'p-sourdough', name: 'Sourdough Loaf', description: null, price: '5.00', imageUrl: null, stock: 100, isActive: true },
  },
];

function serve(calendar: BakeryCalendar) {
  return mockFetch({
    'GET /api/cart': () => jsonResponse(LINES),
    'GET /api/config/pricing': () => jsonResponse({ deliveryFee: '12.50', taxRate: '0.085' }),
    'GET /api/calendar': () => jsonResponse(calendar),
  });
}

/** Opens the picker and answers the dates of the month shown that can be chosen. */
async function offeredDates(): Promise<string[]> {
  const input = await screen.findByLabelText('Delivery Date');
  await waitFor(() => expect(input).toBeEnabled());
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  await waitFor(() => expect(document.querySelector('td.ant-picker-cell-in-view')).not.toBeNull());
  return Array.from(document.querySelectorAll<HTMLElement>('td.ant-picker-cell-in-view'))
    .filter((cell) => !cell.classList.contains('ant-picker-cell-disabled'))
    .map((cell) => cell.getAttribute('title') ?? '');
}

const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `2026-03-${String(from + i).padStart(2, '0')}`);

describe('the delivery date picker uses the bakery’s calendar, not the browser’s', () => {
  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date(NOW),
      // only the clock: timers, animation frames and microtasks run as usual for antd and react-query
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    act(() => dismissToast());
  });
  afterEach(() => {
    jest.useRealTimers();
    setBrowserTimeZone(undefined);
  });

  it('a browser where it is already tomorrow is still offered the bakery’s today, and its last day, no more', async () => {
    setBrowserTimeZone('Pacific/Kiritimati');
    expect(new Date().getDate()).toBe(11); // the browser's own date: 11 March, 13:30
    const fetchMock = serve({ timeZone: 'America/New_York', today: '2026-03-10', now: NOW, maxDeliveryDaysAhead: 7, requireDeliveryDate: false });
    renderRoutes(routes, { path: '/cart' });

    // 10 March (the bakery's today, the browser's yesterday) to 17 March
    expect(await offeredDates()).toEqual(days(10, 17));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/calendar')).toBe(true);
  });

  it('a browser where it is still yesterday is not offered a date the bakery has left behind', async () => {
    setBrowserTimeZone('Pacific/Pago_Pago');
    expect(new Date().getDate()).toBe(10); // the browser's own date: 10 March, 12:30
    serve({ timeZone: 'Asia/Tokyo', today: '2026-03-11', now: NOW, maxDeliveryDaysAhead: 7, requireDeliveryDate: false });
    renderRoutes(routes, { path: '/cart' });

    // 11 March (the bakery's today) to 18 March; the browser's 10 March is refused by the server
    expect(await offeredDates()).toEqual(days(11, 18));
  });

  it('ends where MAX_DELIVERY_DAYS_AHEAD says, inside the month too', async () => {
    setBrowserTimeZone('UTC');
    serve({ timeZone: 'UTC', today: '2026-03-10', now: NOW, maxDeliveryDaysAhead: 0, requireDeliveryDate: false });
    renderRoutes(routes, { path: '/cart' });
    expect(await offeredDates()).toEqual(['2026-03-10']);
  });
});

/**
 * The bakery's ordering windows (GET /api/delivery/calendar, answered here by the contracts' own
 * rule functions at the test's clock): Monday to Saturday, orders by 2:00 PM the day before, a
 * closure, Wednesday and Saturday with fewer slots. The clock is jest's: Date and the page's
 * one-second interval move only when the test moves them.
 */
describe('the cart follows the bakery’s ordering windows', () => {
  const ZONE = 'America/New_York';
  // Tuesday 24 November 2026, 11:48 AM in New York
  const TUESDAY_1148 = '2026-11-24T16:48:00.000Z';
  const [SIX, EIGHT, TEN] = DELIVERY_TIME_SLOTS;
  const MON_TO_SAT: DeliverySchedule = {
    weekdays: WEEKDAYS.map((weekday) => ({
      weekday,
      delivers: weekday !== 7,
      leadDays: 1,
      cutoffTime: '14:00',
      slots: weekday === 3 ? [SIX, EIGHT] : weekday === 6 ? [EIGHT] : [SIX, EIGHT, TEN],
    })),
    requireDeliveryDate: false,
    autoConfirmAtCutoff: false,
  };
  const STOCKTAKE: Closure = { id: 'c1', from: '2026-12-01', to: '2026-12-02', message: 'Closed for stocktake' };
  const routes = [
    { path: '/cart', element: <CartPage /> },
    { path: '/orders', element: <p>Order history</p> },
  ];

  function serveWindows({
    schedule,
    closures = [],
    leadTimes = {},
  }: {
    schedule: DeliverySchedule;
    closures?: Closure[];
    leadTimes?: Record<string, LeadTimeProduct>;
  }) {
    return mockFetch({
      'GET /api/cart': () => jsonResponse(LINES),
      'GET /api/config/pricing': () => jsonResponse({ deliveryFee: '12.50', taxRate: '0.085' }),
      'GET /api/calendar': () => jsonResponse(bakeryCalendar(new Date(), ZONE, 90, schedule.requireDeliveryDate)),
      'GET /api/delivery/calendar': (_init, url) => {
        const query = new URL(url!, 'http://localhost').searchParams;
        const products = (query.get('productIds') ?? '').split(',').flatMap((id) => (leadTimes[id] ? [leadTimes[id]] : []));
        const ctx = { schedule, closures, timeZone: ZONE, now: new Date() };
        return jsonResponse(deliveryCalendar(query.get('from')!, query.get('to')!, ctx, products));
      },
      'POST /api/orders': (init) => jsonResponse(makeOrder(JSON.parse(String(init?.body))), 201, 'Created'),
    });
  }

  const calendarCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/delivery/calendar'));
  const dateInput = () => screen.getByLabelText('Delivery Date') as HTMLInputElement;
  const countdown = () => screen.queryByTestId('delivery-cutoff')?.querySelector('strong')?.textContent ?? null;

  async function openPicker(): Promise<void> {
    const input = await screen.findByLabelText('Delivery Date');
    await waitFor(() => expect(input).toBeEnabled());
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    await waitFor(() => expect(document.querySelector('td.ant-picker-cell-in-view')).not.toBeNull());
  }
  const cell = (date: string) => document.querySelector<HTMLElement>(`td[title="${date}"]`)!;
  const isDisabled = (date: string) => cell(date).classList.contains('ant-picker-cell-disabled');
  const reasonOf = (date: string) => cell(date).querySelector('.ant-picker-cell-inner')?.getAttribute('title') ?? null;

  /** The slot select's options, from its opened drop-down. */
  async function slotOptions(): Promise<string[]> {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Delivery Time Slot' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    const options = Array.from(document.querySelectorAll('.ant-select-item-option'), (o) => o.textContent ?? '');
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Delivery Time Slot' }), { key: 'Escape' });
    return options;
  }

  /** Moves the clock to `iso` and lets the page's one-second interval see it. */
  function setClock(iso: string): void {
    act(() => {
      jest.setSystemTime(new Date(new Date(iso).getTime() - 1000));
      jest.advanceTimersByTime(1000);
    });
  }

  beforeEach(() => {
    // Date and setInterval are jest's; timeouts, frames and microtasks run as usual for antd and react-query
    jest.useFakeTimers({
      now: new Date(TUESDAY_1148),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
      ],
    });
    setBrowserTimeZone('UTC');
    act(() => dismissToast());
  });
  afterEach(() => {
    jest.useRealTimers();
    setBrowserTimeZone(undefined);
  });

  it('disables the dates that cannot be ordered, each with its reason on hover and below the calendar', async () => {
    const fetchMock = serveWindows({ schedule: MON_TO_SAT, closures: [STOCKTAKE] });
    renderRoutes(routes, { path: '/cart' });
    await openPicker();

    // today: its cut-off was yesterday at 2:00 PM
    expect(isDisabled('2026-11-24')).toBe(true);
    expect(reasonOf('2026-11-24')).toBe('Orders for Tuesday 24 November closed at 2:00 PM on Monday 23 November.');
    expect(isDisabled('2026-11-29')).toBe(true);
    expect(reasonOf('2026-11-29')).toBe('There are no deliveries on Sundays.');
    expect(isDisabled('2026-12-01')).toBe(true);
    expect(reasonOf('2026-12-01')).toBe('Closed for stocktake');
    for (const open of ['2026-11-25', '2026-11-26', '2026-11-28', '2026-11-30']) {
      expect({ open, disabled: isDisabled(open), reason: reasonOf(open) }).toEqual({ open, disabled: false, reason: null });
    }
    const notes = screen.getByRole('list', { name: 'Dates that cannot be ordered' });
    expect(within(notes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Orders for Tuesday 24 November closed at 2:00 PM on Monday 23 November.',
      'There are no deliveries on Sundays.',
      'Tue 1 Dec – Wed 2 Dec: Closed for stocktake',
    ]);
    // from the bakery's today, with the cart's products, 62 days at a time
    expect(calendarCalls(fetchMock)).toEqual([
      '/api/delivery/calendar?from=2026-11-24&to=2027-01-24&productIds=p-sourdough',
      '/api/delivery/calendar?from=2027-01-25&to=2027-02-22&productIds=p-sourdough',
    ]);
  });

  it('opened with the page’s reads done, leads with that date in its first render, not a render later', async () => {
    serveWindows({ schedule: MON_TO_SAT });
    const queryClient = createQueryClient();
    await readCartPage(queryClient);
    // the date input's value at each commit of the page (React's Profiler runs after the DOM is updated)
    const shown: string[] = [];
    const onCommit = () => {
      const input = document.getElementById('delivery-date') as HTMLInputElement | null;
      if (input) shown.push(input.value);
    };
    renderRoutes(
      [
        {
          path: '/cart',
          element: (
            <Profiler id="cart" onRender={onCommit}>
              <CartPage />
            </Profiler>
          ),
        },
      ],
      { path: '/cart', queryClient },
    );
    await waitFor(() => expect(countdown()).toBe('Order within 2 h 12 min for delivery on Wed 25 Nov'));
    expect(shown[0]).toBe('2026-11-25');
  });

  it('chooses the next date that can be ordered, counts down to its cut-off, and offers only that day’s slots', async () => {
    serveWindows({ schedule: MON_TO_SAT });
    renderRoutes(routes, { path: '/cart' });

    await waitFor(() => expect(dateInput().value).toBe('2026-11-25'));
    expect(countdown()).toBe('Order within 2 h 12 min for delivery on Wed 25 Nov');
    expect(screen.getByTestId('delivery-cutoff')).toHaveTextContent('orders close Tue 2:00 PM');
    setClock('2026-11-24T16:49:00.000Z');
    expect(countdown()).toBe('Order within 2 h 11 min for delivery on Wed 25 Nov');
    setClock('2026-11-24T18:59:30.000Z'); // 1:59:30 PM
    expect(countdown()).toBe('Order within 1 min for delivery on Wed 25 Nov');

    // Wednesday has two slots
    expect(await slotOptions()).toEqual([SIX, EIGHT]);
    fireEvent.click(document.querySelector<HTMLElement>(`.ant-select-item-option[title="${SIX}"]`)!);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Delivery Time Slot' }).closest('.ant-select')).toHaveTextContent(SIX));

    // Saturday has one, without 6:00 AM: the chosen slot goes
    await openPicker();
    fireEvent.click(cell('2026-11-28'));
    await waitFor(() => expect(dateInput().value).toBe('2026-11-28'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Delivery Time Slot' }).closest('.ant-select')).not.toHaveTextContent(SIX));
    expect(await slotOptions()).toEqual([EIGHT]);
    // Friday 2:00 PM is 3 days and 30 seconds away: rounded up to the minute, no "0 h"
    expect(countdown()).toBe('Order within 3 d 1 min for delivery on Sat 28 Nov');
  });

  it('when the cut-off passes with the cart open, says so, moves to the next date, reads the dates again, and orders for it', async () => {
    const fetchMock = serveWindows({ schedule: MON_TO_SAT });
    renderRoutes(routes, { path: '/cart' });
    await waitFor(() => expect(dateInput().value).toBe('2026-11-25'));
    const readsBefore = calendarCalls(fetchMock).length;
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    setClock('2026-11-24T19:00:00.000Z'); // 2:00 PM: Wednesday's cut-off

    const notice = (await screen.findByText('Orders for Wed 25 Nov have closed')).closest('.ant-alert') as HTMLElement;
    expect(notice).toHaveTextContent(
      'Orders for Wednesday 25 November closed at 2:00 PM on Tuesday 24 November. Your delivery date is now Thursday 26 November.',
    );
    expect(dateInput().value).toBe('2026-11-26');
    expect(countdown()).toBe('Order within 1 d for delivery on Thu 26 Nov');
    await waitFor(() => expect(calendarCalls(fetchMock).length).toBeGreaterThan(readsBefore));
    await openPicker();
    expect(isDisabled('2026-11-25')).toBe(true);
    expect(reasonOf('2026-11-25')).toBe('Orders for Wednesday 25 November closed at 2:00 PM on Tuesday 24 November.');
    fireEvent.keyDown(dateInput(), { key: 'Escape' });

    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/orders' && init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, init]) => url === '/api/orders' && init?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ deliveryDate: '2026-11-26' });
  });

  it('a product’s lead time rules out the dates it needs more notice for', async () => {
    const fetchMock = serveWindows({ schedule: MON_TO_SAT, leadTimes: { 'p-sourdough': { name: 'Sourdough Loaf', leadDays: 3 } } });
    renderRoutes(routes, { path: '/cart' });
    // Saturday's cut-off with 3 more days of notice: today at 2:00 PM
    await waitFor(() => expect(dateInput().value).toBe('2026-11-28'));
    expect(countdown()).toBe('Order within 2 h 12 min for delivery on Sat 28 Nov');
    await openPicker();
    expect(isDisabled('2026-11-27')).toBe(true);
    expect(reasonOf('2026-11-27')).toBe(
      'Sourdough Loaf must be ordered 3 days ahead: orders with it for Friday 27 November closed at 2:00 PM on Monday 23 November.',
    );
    expect(calendarCalls(fetchMock)[0]).toContain('productIds=p-sourdough');
  });

  it('with the default schedule, keeps the spec’s cart: no date chosen, every date offered, no countdown', async () => {
    const fetchMock = serveWindows({ schedule: DEFAULT_DELIVERY_SCHEDULE });
    renderRoutes(routes, { path: '/cart' });
    await openPicker();
    const offered = Array.from(document.querySelectorAll<HTMLElement>('td.ant-picker-cell-in-view'))
      .filter((c) => !c.classList.contains('ant-picker-cell-disabled'))
      .map((c) => c.getAttribute('title'));
    expect(offered).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    expect(screen.queryByRole('list', { name: 'Dates that cannot be ordered' })).not.toBeInTheDocument();
    fireEvent.keyDown(dateInput(), { key: 'Escape' });
    expect(dateInput().value).toBe('');
    expect(countdown()).toBeNull();
    expect(screen.getByText('Delivery Date')).not.toHaveClass('required-label');

    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/orders' && init?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, init]) => url === '/api/orders' && init?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ deliveryDate: null, deliveryTimeSlot: null });
  });

  it('when the bakery requires a date, chooses one and will not place the order without it', async () => {
    const fetchMock = serveWindows({ schedule: { ...DEFAULT_DELIVERY_SCHEDULE, requireDeliveryDate: true } });
    renderRoutes(routes, { path: '/cart' });
    // every day is open until its end: today, until midnight in New York
    await waitFor(() => expect(dateInput().value).toBe('2026-11-24'));
    expect(countdown()).toBe('Order within 12 h 12 min for delivery on Tue 24 Nov');
    expect(screen.getByText('Delivery Date')).toHaveClass('required-label');
    expect(dateInput()).toHaveAttribute('aria-required', 'true');

    // the customer clears it
    fireEvent.mouseDown(document.querySelector('.ant-picker-clear')!);
    fireEvent.mouseUp(document.querySelector('.ant-picker-clear')!);
    fireEvent.click(document.querySelector('.ant-picker-clear')!);
    await waitFor(() => expect(dateInput().value).toBe(''));
    const place = screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    expect(await screen.findByText('Please choose a delivery date')).toBeInTheDocument();
    expect(dateInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/orders' && init?.method === 'POST')).toBe(false);
  });
});
