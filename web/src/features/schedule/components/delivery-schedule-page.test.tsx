import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bakeryCalendar } from '@contracts/calendar';
import { DELIVERY_TIME_SLOTS } from '@contracts/constants';
import { deliveryCalendar, WEEKDAYS, type Closure, type DeliverySchedule } from '@contracts/delivery-rules';
import { dismissToast } from '@/components/ui/toast-store';
import { jsonResponse, mockFetch, renderWithClient, textResponse } from '@/testing/test-utils';
import { DeliverySchedulePage } from './delivery-schedule-page';

/**
 * The admin's Delivery Schedule screen against a mocked API whose calendar is the contracts' own
 * rule functions over the schedule and closures the test holds (so a save or a closure shows in
 * the preview as the server would answer). Jest's clock: Tuesday 24 November 2026, 11:48 AM in
 * New York.
 */
const ZONE = 'America/New_York';
const NOW = '2026-11-24T16:48:00.000Z';
const [SIX, EIGHT, TEN] = DELIVERY_TIME_SLOTS;
const MON_TO_SAT: DeliverySchedule = {
  weekdays: WEEKDAYS.map((weekday) => ({ weekday, delivers: weekday !== 7, leadDays: 1, cutoffTime: '14:00', slots: [SIX, EIGHT, TEN] })),
  requireDeliveryDate: false,
  autoConfirmAtCutoff: false,
};
const STOCKTAKE: Closure = { id: '0b0c7a64-3f0e-4c1e-9a57-1f7d2b9b2a11', from: '2026-12-01', to: '2026-12-02', message: 'Closed for stocktake' };

type FetchMock = ReturnType<typeof mockFetch>;
const callsTo = (fetchMock: FetchMock, method: string, prefix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(prefix) && (init?.method ?? 'GET').toUpperCase() === method);

function serve({ saveAnswer }: { saveAnswer?: (body: DeliverySchedule) => Response } = {}) {
  const state = { schedule: structuredClone(MON_TO_SAT), closures: [STOCKTAKE] };
  const fetchMock = mockFetch({
    'GET /api/admin/delivery-schedule': () => jsonResponse(state.schedule),
    'PUT /api/admin/delivery-schedule': (init) => {
      const body = JSON.parse(String(init?.body)) as DeliverySchedule;
      const answer = saveAnswer?.(body);
      if (answer) return answer;
      state.schedule = body;
      return jsonResponse(body);
    },
    'GET /api/admin/closures': () => jsonResponse(state.closures),
    'POST /api/admin/closures': (init) => {
      const closure = { id: '9f1c7a64-3f0e-4c1e-9a57-1f7d2b9b2a22', ...JSON.parse(String(init?.body)) } as Closure;
      state.closures = [...state.closures, closure].sort((a, b) => a.from.localeCompare(b.from));
      return jsonResponse(closure, 201, 'Created');
    },
    [`DELETE /api/admin/closures/${STOCKTAKE.id}`]: () => {
      state.closures = state.closures.filter((c) => c.id !== STOCKTAKE.id);
      return textResponse('', 204, 'No Content');
    },
    'GET /api/calendar': () => jsonResponse(bakeryCalendar(new Date(), ZONE, 90, state.schedule.requireDeliveryDate)),
    'GET /api/delivery/calendar': (_init, url) => {
      const query = new URL(url!, 'http://localhost').searchParams;
      return jsonResponse(deliveryCalendar(query.get('from')!, query.get('to')!, { ...state, timeZone: ZONE, now: new Date() }));
    },
  });
  return { fetchMock, state };
}

const weekday = (name: string) => within(screen.getByText(name, { selector: 'legend' }).closest('fieldset')!);
const previewDay = (label: string) => within(screen.getByLabelText('Next 14 days as customers see them').querySelector<HTMLElement>(`li[aria-label="${label}"]`)!);
const click = (text: string) => fireEvent.click(screen.getByText(text, { selector: 'button span' }));

/** A date into a date input, as the browser's picker sets it. */
const typeDate = (input: HTMLElement, date: string) => fireEvent.change(input, { target: { value: date } });

describe('Delivery Schedule (admin)', () => {
  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date(NOW),
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'],
    });
    act(() => dismissToast());
  });
  afterEach(() => jest.useRealTimers());

  it('shows the seven weekday rules, the closures on a month view, and the next 14 days as customers see them', async () => {
    serve();
    renderWithClient(<DeliverySchedulePage />);

    await waitFor(() => expect(weekday('Monday').getByLabelText('Lead days')).toHaveValue('1'));
    expect(Array.from(document.querySelectorAll('legend'), (l) => l.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(weekday('Wednesday').getByLabelText('Cut-off time')).toHaveValue('14:00');
    expect(weekday('Wednesday').getByLabelText('Deliveries')).toHaveAttribute('aria-checked', 'true');
    expect(weekday('Wednesday').getByLabelText(EIGHT)).toBeChecked();
    expect(weekday('Wednesday').getByText('Orders close at 2:00 PM the day before')).toBeInTheDocument();
    expect(weekday('Sunday').getByLabelText('Deliveries')).toHaveAttribute('aria-checked', 'false');
    expect(weekday('Sunday').getByLabelText('Cut-off time')).toBeDisabled();
    expect(weekday('Sunday').getByText('No deliveries')).toBeInTheDocument();
    expect(screen.getByLabelText('Customers must choose a delivery date')).toHaveAttribute('aria-checked', 'false');

    // the closures, and the month view marks them and the Sundays
    const closures = within(screen.getByLabelText('Planned closures'));
    expect(closures.getByText('Tue 1 Dec – Wed 2 Dec')).toBeInTheDocument();
    expect(closures.getByText('Closed for stocktake')).toBeInTheDocument();
    expect(document.querySelector('td[data-date="2026-11-29"]')).toHaveAttribute('title', 'No deliveries');
    fireEvent.click(screen.getByLabelText('Next month'));
    expect(document.querySelector('td[data-date="2026-12-01"]')).toHaveAttribute('title', 'Closed for stocktake');
    expect(document.querySelector('td[data-date="2026-12-01"]')).toHaveClass('month-day-closure');

    // the next 14 days, from the bakery's today
    await waitFor(() => expect(screen.getByLabelText('Next 14 days as customers see them').querySelectorAll('li')).toHaveLength(14));
    expect(previewDay('Tue 24 Nov').getByText('Cut-off passed')).toBeInTheDocument();
    expect(previewDay('Wed 25 Nov').getByText('Orderable')).toBeInTheDocument();
    expect(previewDay('Wed 25 Nov').getByText('Order by Tue 2:00 PM · all slots')).toBeInTheDocument();
    expect(previewDay('Sun 29 Nov').getByText('There are no deliveries on Sundays.')).toBeInTheDocument();
    expect(previewDay('Tue 1 Dec').getByText('Closed for stocktake')).toBeInTheDocument();
    expect(screen.getByLabelText('Next 14 days as customers see them').querySelector('li:last-child')).toHaveAttribute('aria-label', 'Mon 7 Dec');
  });

  it('Save sends the whole schedule, and the preview follows', async () => {
    const { fetchMock } = serve();
    renderWithClient(<DeliverySchedulePage />);
    await waitFor(() => expect(weekday('Sunday').getByLabelText('Cut-off time')).toHaveValue('14:00'));

    // Sundays: deliveries, ordered by noon the same day, one slot
    fireEvent.click(weekday('Sunday').getByLabelText('Deliveries'));
    await waitFor(() => expect(weekday('Sunday').getByLabelText('Cut-off time')).toBeEnabled());
    fireEvent.change(weekday('Sunday').getByLabelText('Lead days'), { target: { value: '0' } });
    fireEvent.blur(weekday('Sunday').getByLabelText('Lead days'));
    fireEvent.change(weekday('Sunday').getByLabelText('Cut-off time'), { target: { value: '12:00' } });
    fireEvent.click(weekday('Sunday').getByLabelText(SIX));
    fireEvent.click(weekday('Sunday').getByLabelText(TEN));
    await waitFor(() => expect(weekday('Sunday').getByText('Orders close at 12:00 PM the same day')).toBeInTheDocument());
    fireEvent.click(screen.getByLabelText('Customers must choose a delivery date'));
    click('Save Schedule');

    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/admin/delivery-schedule')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PUT', '/api/admin/delivery-schedule')[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      weekdays: [...MON_TO_SAT.weekdays.slice(0, 6), { weekday: 7, delivers: true, leadDays: 0, cutoffTime: '12:00', slots: [EIGHT] }],
      requireDeliveryDate: true,
      autoConfirmAtCutoff: false,
    });
    expect(await screen.findByText('Delivery schedule saved')).toBeInTheDocument();
    // read again: Sunday 29 November can now be ordered until noon that day
    await waitFor(() => expect(previewDay('Sun 29 Nov').getByText('Orderable')).toBeInTheDocument());
    expect(previewDay('Sun 29 Nov').getByText(`Order by Sun 12:00 PM · ${EIGHT}`)).toBeInTheDocument();
  });

  it('checks times and lead days before saving, and shows the server’s field errors at their fields', async () => {
    const { fetchMock } = serve({
      saveAnswer: () =>
        jsonResponse(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            errors: { 'weekdays.2.leadDays': ['Lead days must be a whole number from 0 to 14'], 'weekdays[4].slots': ['Each slot may be listed once'] },
          },
          400,
          'Bad Request',
        ),
    });
    renderWithClient(<DeliverySchedulePage />);
    await waitFor(() => expect(weekday('Monday').getByLabelText('Cut-off time')).toHaveValue('14:00'));

    fireEvent.change(weekday('Monday').getByLabelText('Cut-off time'), { target: { value: '25:00' } });
    click('Save Schedule');
    expect(await weekday('Monday').findByText('Cut-off time must be a time of day as HH:MM, from 00:00 to 24:00')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/delivery-schedule')).toHaveLength(0);

    fireEvent.change(weekday('Monday').getByLabelText('Cut-off time'), { target: { value: '24:00' } });
    await waitFor(() => expect(weekday('Monday').queryByText(/Cut-off time must be/)).not.toBeInTheDocument());
    click('Save Schedule');
    expect(await weekday('Wednesday').findByText('Lead days must be a whole number from 0 to 14')).toBeInTheDocument();
    expect(weekday('Friday').getByText('Each slot may be listed once')).toBeInTheDocument();
    expect(await screen.findByText('The schedule was not saved')).toBeInTheDocument();
  });

  it('adds a closure over a date range with its message, refuses one that ends before it starts, and removes one', async () => {
    const { fetchMock } = serve();
    renderWithClient(<DeliverySchedulePage />);
    await screen.findByLabelText('Planned closures');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    typeDate(from, '2026-12-26');
    typeDate(to, '2026-12-24');
    fireEvent.change(screen.getByLabelText('Message to customers'), { target: { value: '  Closed for Christmas ' } });
    click('Add Closure');
    expect(await screen.findByText('The closure cannot end before it starts')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/admin/closures')).toHaveLength(0);

    typeDate(from, '2026-12-24');
    typeDate(to, '2026-12-26');
    await waitFor(() => expect(screen.queryByText('The closure cannot end before it starts')).not.toBeInTheDocument());
    click('Add Closure');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/closures')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/admin/closures')[0][1]?.body))).toEqual({
      from: '2026-12-24',
      to: '2026-12-26',
      message: 'Closed for Christmas',
    });
    const list = within(screen.getByLabelText('Planned closures'));
    expect(await list.findByText('Thu 24 Dec – Sat 26 Dec')).toBeInTheDocument();
    // the month view moves to the new closure
    await waitFor(() => expect(document.querySelector('td[data-date="2026-12-25"]')).toHaveAttribute('title', 'Closed for Christmas'));

    fireEvent.click(screen.getByLabelText('Remove closure Tue 1 Dec – Wed 2 Dec'));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `/api/admin/closures/${STOCKTAKE.id}`)).toHaveLength(1));
    await waitFor(() => expect(list.queryByText('Tue 1 Dec – Wed 2 Dec')).not.toBeInTheDocument());
    expect(list.getByText('Thu 24 Dec – Sat 26 Dec')).toBeInTheDocument();
    // and the preview was read again: 1 December can be ordered
    await waitFor(() => expect(previewDay('Tue 1 Dec').getByText('Orderable')).toBeInTheDocument());
  });

  it('offers Retry when the schedule could not be loaded', async () => {
    let fail = true;
    mockFetch({
      'GET /api/admin/delivery-schedule': () => (fail ? jsonResponse({ statusCode: 500, message: 'Boom' }, 500, 'Internal Server Error') : jsonResponse(MON_TO_SAT)),
      'GET /api/admin/closures': () => jsonResponse([]),
      'GET /api/calendar': () => jsonResponse(bakeryCalendar(new Date(), ZONE, 90)),
      'GET /api/delivery/calendar': () => jsonResponse([]),
    });
    renderWithClient(<DeliverySchedulePage />);
    expect(await screen.findByText(/The delivery schedule could not be loaded/)).toBeInTheDocument();
    expect(screen.getByText('No closures planned.')).toBeInTheDocument();
    fail = false;
    click('Retry');
    expect(await screen.findByText('Monday', { selector: 'legend' })).toBeInTheDocument();
  });
});
