import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bakeryCalendar } from '@contracts/calendar';
import { dismissToast } from '@/components/ui/toast-store';
import { makeOrder, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { OrdersPage } from './orders-page';

const routes = [{ path: '/orders', element: <OrdersPage /> }];
const pending = makeOrder({ id: '11111111-1111-1111-1111-1111aaaa0001', status: 'pending' });
const confirmed = makeOrder({ id: '22222222-2222-2222-2222-2222bbbb0002', status: 'confirmed' });

describe('Order History (spec section 2)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('offers a customer Cancel on their pending orders only', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(makeUser()), 'GET /api/orders': () => jsonResponse([pending, confirmed]) });
    renderRoutes(routes, { path: '/orders' });
    expect(await screen.findByRole('button', { name: 'Cancel order #aaaa0001' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Order #bbbb0002')).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('offers an admin no Cancel: it is a customer action (admins set statuses in Manage Orders)', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })), 'GET /api/orders': () => jsonResponse([pending]) });
    renderRoutes(routes, { path: '/orders' });
    const card = within(await screen.findByLabelText('Order #aaaa0001'));
    expect(await card.findByRole('button', { name: 'View order #aaaa0001' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('offers Retry when the orders could not be loaded, and shows them once they load', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser()),
      'GET /api/orders': () => (fail ? jsonResponse({ statusCode: 500, message: 'Boom' }, 500, 'Internal Server Error') : jsonResponse([pending])),
    });
    renderRoutes(routes, { path: '/orders' });
    expect(await screen.findByText('Orders could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByLabelText('Order #aaaa0001')).toBeInTheDocument();
    expect(screen.queryByText('Orders could not be loaded')).not.toBeInTheDocument();
  });
});

/**
 * A customer may cancel a pending order until its delivery date's cut-off (the server answers 409
 * after it): the list offers Cancel only until then, by the server's clock (GET /api/calendar's
 * `now`), and says until when in the bakery's time zone. Jest's clock: Date and the page's interval.
 */
describe('Order History: Cancel until the cut-off', () => {
  const ZONE = 'America/New_York';
  // Tuesday 24 November 2026, 11:48 AM in New York; the browser's own clock is a day behind
  const SERVER_NOW = '2026-11-24T16:48:00.000Z';
  const BROWSER_NOW = '2026-11-23T16:48:00.000Z';
  const open = makeOrder({ id: '33333333-3333-3333-3333-3333cccc0003', status: 'pending', deliveryDate: '2026-11-25', cutoffAt: '2026-11-24T19:00:00.000Z' });
  const preparing = makeOrder({ id: '44444444-4444-4444-4444-4444dddd0004', status: 'pending', deliveryDate: '2026-11-24', cutoffAt: '2026-11-23T19:00:00.000Z' });
  const undated = makeOrder({ id: '55555555-5555-5555-5555-5555eeee0005', status: 'pending', deliveryDate: null, cutoffAt: null });
  const later = makeOrder({ id: '66666666-6666-6666-6666-6666ffff0006', status: 'pending', deliveryDate: '2026-12-08', cutoffAt: '2026-12-07T19:00:00.000Z' });

  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date(BROWSER_NOW),
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'],
    });
    act(() => dismissToast());
  });
  afterEach(() => jest.useRealTimers());

  function serve() {
    const serverNow = () => new Date(Date.now() + (Date.parse(SERVER_NOW) - Date.parse(BROWSER_NOW)));
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(makeUser()),
      'GET /api/orders': () => jsonResponse([open, preparing, undated, later]),
      'GET /api/calendar': () => jsonResponse(bakeryCalendar(serverNow(), ZONE, 90)),
      [`GET /api/orders/${open.id}`]: () => jsonResponse(open),
    });
  }
  const card = (shortId: string) => within(screen.getByRole('listitem', { name: `Order #${shortId}` }));

  it('offers Cancel before the cut-off only, and says until when by the bakery’s clock', async () => {
    serve();
    renderRoutes(routes, { path: '/orders' });
    await screen.findByLabelText('Order #cccc0003');
    await waitFor(() => expect(card('cccc0003').getByText('Can be changed until Tue 2:00 PM')).toBeInTheDocument());
    expect(card('cccc0003').getByRole('button', { name: 'Cancel order #cccc0003' })).toBeInTheDocument();
    // its cut-off (yesterday 2:00 PM) has passed: no Cancel, and why
    expect(card('dddd0004').queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(card('dddd0004').getByText('This order is being prepared: contact the bakery to change it')).toBeInTheDocument();
    // no date, no cut-off: as the spec has it
    expect(card('eeee0005').getByRole('button', { name: 'Cancel order #eeee0005' })).toBeInTheDocument();
    expect(card('eeee0005').queryByText(/Can be changed/)).not.toBeInTheDocument();
    // more than a week away: the date too
    expect(card('ffff0006').getByText('Can be changed until Mon 7 Dec, 2:00 PM')).toBeInTheDocument();

    // View shows it too
    fireEvent.click(card('cccc0003').getByRole('button', { name: 'View order #cccc0003' }));
    expect(await screen.findByTestId('details-change-window')).toHaveTextContent('Can be changed until Tue 2:00 PM');
    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0]);

    // 2:00 PM in New York: Cancel goes while the list is open
    act(() => {
      jest.setSystemTime(new Date(Date.parse('2026-11-23T19:00:00.000Z') - 1000));
      jest.advanceTimersByTime(5_000);
    });
    await waitFor(() => expect(card('cccc0003').queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument());
    expect(card('cccc0003').getByText('This order is being prepared: contact the bakery to change it')).toBeInTheDocument();
    expect(card('eeee0005').getByRole('button', { name: 'Cancel order #eeee0005' })).toBeInTheDocument();
  });
});
