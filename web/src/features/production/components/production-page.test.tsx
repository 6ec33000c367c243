import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bakeryCalendar } from '@contracts/calendar';
import type { CalendarDay } from '@contracts/delivery-rules';
import type { BakeList, BakeListCustomer, PackingSlips, ProductionWeek, RunSheet } from '@contracts/production';
import { dismissToast } from '@/components/ui/toast-store';
import { controllableViewport, jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { ProductionPage } from './production-page';

/**
 * The admin's Production page (issue 18) against the contract's answers: the next delivery date by
 * default, the bake list by category with projected units, batches, the lock and the changes since
 * the last print, a product's customers, the downloads (Download PDF records the print first), the
 * packing slips without prices, the run sheet in drop order and the week; loading, empty and error
 * states; cards on a phone.
 */
const ZONE = 'America/New_York';
// Tuesday 24 November 2026, 11:48 AM in New York
const NOW = new Date('2026-11-24T16:48:00.000Z');
const BAGUETTE = '11111111-1111-4111-8111-111111111111';
const CROISSANT = '22222222-2222-4222-8222-222222222222';
const SOURDOUGH = '33333333-3333-4333-8333-333333333333';

/** Wednesday is closed (a closure): the next delivery date is Thursday 26 November. */
const DAYS: CalendarDay[] = [
  { date: '2026-11-25', orderable: false, cutoffAt: null, slots: [], reason: 'closure', message: 'Closed for the holiday' },
  { date: '2026-11-26', orderable: true, cutoffAt: '2026-11-25T19:00:00.000Z', slots: [], reason: null, message: null },
];

const bakeList = (date: string, over: Partial<BakeList> = {}): BakeList => ({
  date,
  cutoffAt: '2026-11-25T19:00:00.000Z',
  locked: false,
  printedAt: null,
  products: [
    { productId: BAGUETTE, name: 'Classic Baguette', category: 'breads', quantity: 96, projectedQuantity: 24, customers: 5, batches: { batchSize: 48, count: 3, spare: 24 } },
    { productId: SOURDOUGH, name: 'Sourdough Loaf', category: 'breads', quantity: 10, projectedQuantity: 0, customers: 2, batches: null },
    { productId: CROISSANT, name: 'Butter Croissant', category: 'pastries', quantity: 36, projectedQuantity: 0, customers: 3, batches: { batchSize: 12, count: 3, spare: 0 } },
  ],
  changes: [],
  changesTotal: 0,
  ...over,
});

const CUSTOMERS: BakeListCustomer[] = [
  { customerId: 'c1', businessName: 'Corner Coffee', quantity: 60, projected: false, orderId: '00000000-0000-4000-8000-0000abcd0001' },
  { customerId: 'c2', businessName: 'Bistro Forno', quantity: 24, projected: true, orderId: null },
];

const SLIPS: PackingSlips = {
  date: '2026-11-26',
  slips: [
    {
      orderId: '00000000-0000-4000-8000-0000abcd0001',
      orderNumber: '0000ABCD0001',
      customerId: 'c1',
      businessName: 'Corner Coffee',
      address: '1 Main Street',
      phone: '555-0101',
      deliveryTimeSlot: '6:00 AM - 8:00 AM',
      specialInstructions: 'Back door, ring twice',
      dropPosition: 1,
      items: [
        { productId: BAGUETTE, name: 'Classic Baguette', quantity: 60 },
        { productId: CROISSANT, name: 'Butter Croissant', quantity: 12 },
      ],
    },
  ],
};

const RUN: RunSheet = {
  date: '2026-11-26',
  slots: [
    {
      slot: '6:00 AM - 8:00 AM',
      stops: [
        { position: 1, customerId: 'c1', businessName: 'Corner Coffee', address: '1 Main Street', phone: '555-0101', instructions: 'Back door', items: 72, orderIds: ['00000000-0000-4000-8000-0000abcd0001'] },
        { position: 2, customerId: 'c3', businessName: 'Harbour Deli', address: '9 Quay Road', phone: null, instructions: null, items: 12, orderIds: ['00000000-0000-4000-8000-0000abcd0003'] },
      ],
    },
    { slot: null, stops: [{ position: 1, customerId: 'c2', businessName: 'Bistro Forno', address: null, phone: null, instructions: null, items: 24, orderIds: ['00000000-0000-4000-8000-0000abcd0002'] }] },
  ],
};

const WEEK: ProductionWeek = {
  dates: ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'],
  products: [
    { productId: BAGUETTE, name: 'Classic Baguette', category: 'breads', quantities: [120, 80, 0, 0, 60, 60, 60] },
    { productId: CROISSANT, name: 'Butter Croissant', category: 'pastries', quantities: [36, 24, 0, 0, 12, 12, 12] },
  ],
};

function serve(over: Parameters<typeof mockFetch>[0] = {}) {
  const printed: string[] = [];
  let printedAt: string | null = null;
  const fetchMock = mockFetch({
    'GET /api/calendar': () => jsonResponse(bakeryCalendar(NOW, ZONE, 90)),
    'GET /api/delivery/calendar': () => jsonResponse(DAYS),
    'GET /api/admin/production/bake-list': (_, url) => jsonResponse(bakeList(new URL(url!, 'http://x').searchParams.get('date')!, { printedAt })),
    'GET /api/admin/production/bake-list/customers': () => jsonResponse(CUSTOMERS),
    'POST /api/admin/production/prints': (init) => {
      const { date } = JSON.parse(String(init?.body)) as { date: string };
      printed.push(date);
      printedAt = '2026-11-24T21:30:00.000Z';
      return jsonResponse({ date, printedAt }, 201, 'Created');
    },
    'GET /api/admin/production/packing-slips': () => jsonResponse(SLIPS),
    'GET /api/admin/production/run-sheet': () => jsonResponse(RUN),
    'GET /api/admin/production/week': () => jsonResponse(WEEK),
    ...over,
  });
  return { fetchMock, printed };
}

const urlsCalled = (fetchMock: ReturnType<typeof mockFetch>, prefix: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));

const routes = [{ path: '/admin/production', element: <ProductionPage /> }];

describe('Production page', () => {
  let clicked: HTMLAnchorElement[];
  beforeEach(() => {
    act(() => dismissToast());
    window.localStorage.clear();
    clicked = [];
    // jsdom does not download: the links clicked by script are recorded instead
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('opens on the next delivery date with its bake list: by category, projected units marked, batches, customers, the cut-off', async () => {
    const { fetchMock } = serve();
    renderRoutes(routes, { path: '/admin/production' });
    const baguette = await screen.findByRole('row', { name: 'Classic Baguette' });
    // Wednesday is closed: Thursday's list
    expect(urlsCalled(fetchMock, '/api/admin/production/bake-list')).toEqual(['/api/admin/production/bake-list?date=2026-11-26']);
    expect(screen.getByLabelText('Delivery date')).toHaveValue('Thu 26 Nov 2026');
    const breads = within(screen.getByRole('region', { name: 'Breads' }));
    expect(breads.getAllByRole('row').slice(1).map((r) => r.getAttribute('aria-label'))).toEqual(['Classic Baguette', 'Sourdough Loaf']);
    expect(within(screen.getByRole('region', { name: 'Pastries' })).getByRole('row', { name: 'Butter Croissant' })).toBeInTheDocument();
    const cells = within(baguette).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['Classic Baguette', '96', '24 projected', '120', '5', '3 batches of 48, 24 spare']);
    expect(within(screen.getByRole('row', { name: 'Sourdough Loaf' })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Sourdough Loaf', '10', '—', '10', '2', '—']);
    expect(within(screen.getByRole('row', { name: 'Butter Croissant' })).getAllByRole('cell')[5]).toHaveTextContent('3 batches of 12');
    expect(screen.getByTestId('bake-list-units')).toHaveTextContent('166');
    expect(screen.getByText('· 24 projected from standing orders', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Open until Wed 2:00 PM')).toBeInTheDocument();
    expect(screen.getByTestId('bake-list-printed')).toHaveTextContent('Not printed yet');
  });

  it('shows the lock once the cut-off has passed, and the lines changed since the last print', async () => {
    serve({
      'GET /api/admin/production/bake-list': () =>
        jsonResponse(
          bakeList('2026-11-26', {
            locked: true,
            printedAt: '2026-11-24T02:30:00.000Z',
            changes: [
              { productId: BAGUETTE, name: 'Classic Baguette', customerId: 'c1', businessName: 'Corner Coffee', before: 0, after: 12 },
              { productId: CROISSANT, name: 'Butter Croissant', customerId: 'c2', businessName: 'Bistro Forno', before: 6, after: 0 },
              { productId: SOURDOUGH, name: 'Sourdough Loaf', customerId: 'c3', businessName: 'Harbour Deli', before: 4, after: 10 },
            ],
            changesTotal: 3,
          }),
        ),
    });
    renderRoutes(routes, { path: '/admin/production?date=2026-11-26' });
    expect(await screen.findByText('Locked: cut-off passed')).toBeInTheDocument();
    expect(screen.queryByText(/Open until/)).not.toBeInTheDocument();
    expect(screen.getByTestId('bake-list-printed')).toHaveTextContent('Last printed Mon 23 Nov, 9:30 PM');
    const changes = within(screen.getByRole('list', { name: 'Changes since the last print' }));
    expect(changes.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'AddedCorner Coffee12 × Classic Baguette',
      'RemovedBistro Forno6 × Butter Croissant',
      'ChangedHarbour DeliSourdough Loaf: 4 → 10',
    ]);
  });

  it('drills down from a product to its customers and quantities, projected deliveries marked', async () => {
    const { fetchMock } = serve();
    renderRoutes(routes, { path: '/admin/production?date=2026-11-26' });
    fireEvent.click(await screen.findByRole('button', { name: 'Customers for Classic Baguette' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Classic Baguette · Thu 26 Nov')).toBeInTheDocument();
    const rows = await dialog.findAllByRole('row');
    expect(rows.map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent))).toEqual([
      ['Customer', 'Qty', 'From'],
      ['Corner Coffee', '60', 'Order #abcd0001'],
      ['Bistro Forno', '24', 'Projected'],
      ['Total', '84', ''],
    ]);
    expect(urlsCalled(fetchMock, '/api/admin/production/bake-list/customers')).toEqual([
      `/api/admin/production/bake-list/customers?date=2026-11-26&productId=${BAGUETTE}`,
    ]);
  });

  it('Download PDF records the print, then downloads the PDF on the chosen paper; Download CSV is a plain link', async () => {
    const { printed } = serve();
    renderRoutes(routes, { path: '/admin/production?date=2026-11-26' });
    await screen.findByRole('row', { name: 'Classic Baguette' });
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', '/api/admin/production/bake-list?date=2026-11-26&format=csv');
    expect(csv).toHaveAttribute('download', 'bake-list-2026-11-26.csv');
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf).toHaveAttribute('href', '/api/admin/production/bake-list?date=2026-11-26&format=pdf&paper=a4');

    // Letter, remembered on this browser
    fireEvent.click(screen.getByRole('radio', { name: 'Letter' }));
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/admin/production/bake-list?date=2026-11-26&format=pdf&paper=letter');
    expect(window.localStorage.getItem('bakery.production.paper')).toBe('letter');

    fireEvent.click(screen.getByRole('link', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(printed).toEqual(['2026-11-26']);
    expect(clicked[0].getAttribute('href')).toBe('/api/admin/production/bake-list?date=2026-11-26&format=pdf&paper=letter');
    expect(clicked[0].download).toBe('bake-list-2026-11-26.pdf');
    // the list is read again: printed now
    expect(await screen.findByText('Last printed Tue 24 Nov, 4:30 PM')).toBeInTheDocument();
    expect(screen.getByText('No changes since it was last printed.')).toBeInTheDocument();
  });

  it('still downloads when the print could not be recorded, and says so', async () => {
    serve({ 'POST /api/admin/production/prints': () => jsonResponse({ statusCode: 503, message: 'Ordering is unavailable' }, 503, 'Service Unavailable') });
    renderRoutes(routes, { path: '/admin/production?date=2026-11-26' });
    fireEvent.click(await screen.findByRole('link', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(await screen.findByText('The print could not be recorded: changes will still count from the last one')).toBeInTheDocument();
  });

  it('moves a day with the arrows, the date in the URL', async () => {
    const { fetchMock } = serve();
    const { router } = renderRoutes(routes, { path: '/admin/production?date=2026-11-26' });
    await screen.findByRole('row', { name: 'Classic Baguette' });
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-11-27'));
    await waitFor(() => expect(urlsCalled(fetchMock, '/api/admin/production/bake-list')).toContain('/api/admin/production/bake-list?date=2026-11-27'));
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-11-26'));
    // a date in the URL: the calendar is not asked for the next delivery date
    expect(urlsCalled(fetchMock, '/api/delivery/calendar')).toEqual([]);
  });

  it('shows an empty day plainly, and Retry when the bake list could not be loaded', async () => {
    let fail = true;
    serve({
      'GET /api/admin/production/bake-list': () =>
        fail ? jsonResponse({ statusCode: 500, message: 'Boom' }, 500, 'Internal Server Error') : jsonResponse(bakeList('2026-11-26', { products: [] })),
    });
    renderRoutes(routes, { path: '/admin/production?date=2026-11-26' });
    expect(await screen.findByText('The bake list could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Nothing to bake for Thu 26 Nov')).toBeInTheDocument();
  });

  it('packing slips: one card per order with address, phone, slot, instructions and items, and no prices', async () => {
    serve();
    renderRoutes(routes, { path: '/admin/production?date=2026-11-26&tab=packing-slips' });
    const slip = within(await screen.findByRole('listitem', { name: 'Packing slip for order #0000ABCD0001' }));
    for (const text of ['Corner Coffee', '1 Main Street', '555-0101', '6:00 AM - 8:00 AM', 'Stop 1', 'Back door, ring twice']) {
      expect(slip.getByText(text)).toBeInTheDocument();
    }
    expect(slip.getAllByRole('row').map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent))).toEqual([
      ['Item', 'Qty'],
      ['Classic Baguette', '60'],
      ['Butter Croissant', '12'],
      ['Total units', '72'],
    ]);
    expect(document.querySelector('.packing-slips')!.textContent).not.toMatch(/\$/);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/admin/production/packing-slips?date=2026-11-26&format=pdf&paper=a4');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('download', 'packing-slips-2026-11-26.pdf');
  });

  it('run sheet: per slot, the stops in drop order, with the PDF and CSV', async () => {
    serve();
    renderRoutes(routes, { path: '/admin/production?date=2026-11-26&tab=run-sheet' });
    const early = within(await screen.findByRole('region', { name: '6:00 AM - 8:00 AM' }));
    expect(early.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Stop 1: Corner Coffee', 'Stop 2: Harbour Deli']);
    const first = within(early.getByRole('listitem', { name: 'Stop 1: Corner Coffee' }));
    expect(first.getByText('72 items')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /555-0101/ })).toHaveAttribute('href', 'tel:5550101');
    expect(first.getByText('Back door')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'No time slot' })).getByRole('listitem', { name: 'Stop 1: Bistro Forno' })).toBeInTheDocument();
    expect(screen.getByText('3', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/production/run-sheet?date=2026-11-26&format=csv');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/admin/production/run-sheet?date=2026-11-26&format=pdf&paper=a4');
  });

  it('week: products as rows and seven dates as columns; a date opens its bake list', async () => {
    const { fetchMock } = serve();
    const { router } = renderRoutes(routes, { path: '/admin/production?date=2026-11-26&tab=week' });
    const baguette = await screen.findByRole('row', { name: 'Classic Baguette' });
    expect(urlsCalled(fetchMock, '/api/admin/production/week')).toEqual(['/api/admin/production/week?from=2026-11-26&days=7']);
    expect(Array.from(baguette.querySelectorAll('th, td')).map((c) => c.textContent)).toEqual(['Classic Baguette', '120', '80', '–', '–', '60', '60', '60', '380']);
    const headers = Array.from(document.querySelectorAll('.week-table thead th')).map((c) => c.textContent);
    expect(headers).toEqual(['Product', 'Thu 26 Nov', 'Fri 27 Nov', 'Sat 28 Nov', 'Sun 29 Nov', 'Mon 30 Nov', 'Tue 1 Dec', 'Wed 2 Dec', 'Total']);
    fireEvent.click(screen.getByRole('button', { name: 'Bake list for Fri 27 Nov' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-11-27'));
    expect(await screen.findByRole('tab', { name: 'Bake list', selected: true })).toBeInTheDocument();
  });

  it('shows the bake list as cards on a phone', async () => {
    const viewport = controllableViewport(true);
    try {
      serve();
      renderRoutes(routes, { path: '/admin/production?date=2026-11-26' });
      const card = within(await screen.findByRole('listitem', { name: 'Classic Baguette' }));
      expect(card.getByTestId('bake-total')).toHaveTextContent('120');
      expect(card.getByText('96 ordered')).toBeInTheDocument();
      expect(card.getByText('24 projected')).toBeInTheDocument();
      expect(card.getByText('3 batches of 48, 24 spare')).toBeInTheDocument();
      expect(document.querySelector('table.bake-table')).toBeNull();
    } finally {
      viewport.restore();
    }
  });
});
