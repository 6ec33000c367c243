import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { BakeryCalendar } from '@contracts/calendar';
import type { CartLine } from '@contracts/ordering';
import { dismissToast } from '@/components/ui/toast-store';
import { jsonResponse, mockFetch, renderRoutes, setBrowserTimeZone } from '@/testing/test-utils';
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
    const fetchMock = serve({ timeZone: 'America/New_York', today: '2026-03-10', now: NOW, maxDeliveryDaysAhead: 7 });
    renderRoutes(routes, { path: '/cart' });

    // 10 March (the bakery's today, the browser's yesterday) to 17 March
    expect(await offeredDates()).toEqual(days(10, 17));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/calendar')).toBe(true);
  });

  it('a browser where it is still yesterday is not offered a date the bakery has left behind', async () => {
    setBrowserTimeZone('Pacific/Pago_Pago');
    expect(new Date().getDate()).toBe(10); // the browser's own date: 10 March, 12:30
    serve({ timeZone: 'Asia/Tokyo', today: '2026-03-11', now: NOW, maxDeliveryDaysAhead: 7 });
    renderRoutes(routes, { path: '/cart' });

    // 11 March (the bakery's today) to 18 March; the browser's 10 March is refused by the server
    expect(await offeredDates()).toEqual(days(11, 18));
  });

  it('ends where MAX_DELIVERY_DAYS_AHEAD says, inside the month too', async () => {
    setBrowserTimeZone('UTC');
    serve({ timeZone: 'UTC', today: '2026-03-10', now: NOW, maxDeliveryDaysAhead: 0 });
    renderRoutes(routes, { path: '/cart' });
    expect(await offeredDates()).toEqual(['2026-03-10']);
  });
});
