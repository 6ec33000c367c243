import { fireEvent, screen, within } from '@testing-library/react';
import { bakeryCalendar } from '@contracts/calendar';
import type { StandingOrder } from '@contracts/standing-orders';
import { makeProduct, makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { ManageCustomersRoute } from './manage-customers';

/** Manage Customers as the app composes it: a customer's details show their standing orders. */
const customer = makeUser({ id: 'cccccccc-cccc-cccc-cccc-cccccccccccc', email: 'cafe@corner.test', businessName: 'Corner Coffee' });
const standingOrder: StandingOrder = {
  id: '11111111-1111-1111-1111-111111111111',
  customerId: customer.id,
  status: 'paused',
  pausedUntil: null,
  name: 'Weekday bread',
  startDate: '2026-11-23',
  endDate: null,
  everyWeeks: 2,
  deliveryTimeSlot: null,
  specialInstructions: null,
  lines: [{ productId: 'p-baguette', quantities: [20, 20, 20, 20, 20, 0, 0] }],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

it("shows a customer's standing orders in their details, asked for by that customer's id", async () => {
  const fetchMock = mockFetch({
    'GET /api/auth/user': () => jsonResponse(makeUser({ role: 'admin' })),
    'GET /api/customers': () => jsonResponse([customer]),
    [`GET /api/customers/${customer.id}`]: () => jsonResponse(customer),
    'GET /api/orders': () => jsonResponse([]),
    'GET /api/calendar': () => jsonResponse(bakeryCalendar(new Date('2026-11-24T16:48:00.000Z'), 'America/New_York', 90)),
    'GET /api/products': () => jsonResponse([makeProduct({ id: 'p-baguette', name: 'Baguette' })]),
    [`GET /api/standing-orders?customerId=${customer.id}`]: () => jsonResponse([standingOrder]),
  });
  renderRoutes([{ path: '/admin/customers', element: <ManageCustomersRoute /> }], { path: '/admin/customers' });
  fireEvent.click(await screen.findByLabelText('View Corner Coffee'));
  const details = within((await screen.findByText('Standing orders', { selector: 'h3', exact: false })).closest('section')!);
  const item = within(await details.findByLabelText('Weekday bread'));
  expect(item.getByText('Paused until resumed')).toBeInTheDocument();
  expect(item.getByText('Every 2 weeks · Mon, Tue, Wed, Thu, Fri')).toBeInTheDocument();
  expect(item.getByLabelText('Resume Weekday bread')).toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([url]) => url === `/api/standing-orders?customerId=${customer.id}`)).toBe(true);
});
