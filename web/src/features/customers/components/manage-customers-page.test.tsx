import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { makeUser } from '@/testing/fixtures';
import { controllableViewport, jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { ManageCustomersPage } from './manage-customers-page';

const routes = [{ path: '/admin/customers', element: <ManageCustomersPage /> }];

const year = new Date().getFullYear();

// (text, label and selector queries: role queries are slow on a whole antd page in jsdom)
const dialog = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
const button = (scope: HTMLElement | typeof screen, text: string) =>
  (scope === screen ? screen.getByText(text, { selector: 'button *' }) : within(scope as HTMLElement).getByText(text, { selector: 'button *' })).closest('button')!;
const trattoria = makeUser({
  id: 't',
  email: 'marco@trattoria.test',
  firstName: 'Marco',
  lastName: 'Rossi',
  businessName: 'Trattoria Sole',
  businessType: 'restaurant',
  phone: '555-0142',
  address: '12 Harbour Street',
  createdAt: new Date(year, 0, 15).toISOString(),
});
const bare = makeUser({ id: 'b', email: 'solo@shop.test', businessType: 'coffee_shop', createdAt: new Date(year, 1, 1).toISOString() });

describe('Manage Customers (spec section 2)', () => {
  let viewport: ReturnType<typeof controllableViewport>;
  const setMobile = (mobile: boolean) => viewport.setMobile(mobile);
  beforeEach(() => {
    viewport = controllableViewport();
    act(() => dismissToast());
  });
  afterEach(() => viewport.restore());

  it.each([
    [false, 6],
    [true, 3],
  ])('shows placeholder cards while loading (mobile: %s → %i)', async (mobile, count) => {
    setMobile(mobile);
    mockFetch({ 'GET /api/customers': () => new Promise<Response>(() => undefined) });
    renderRoutes(routes, { path: '/admin/customers' });
    expect(await screen.findAllByTestId('customer-skeleton')).toHaveLength(count);
    expect(button(screen, mobile ? 'Add New Customer' : 'Add Customer')).toBeInTheDocument();
  });

  it('has an empty state of its own on each side', async () => {
    setMobile(false);
    mockFetch({ 'GET /api/customers': () => jsonResponse([]) });
    const desktop = renderRoutes(routes, { path: '/admin/customers' });
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
    expect(screen.getByText('No customer data is available yet')).toBeInTheDocument();
    desktop.unmount();
    setMobile(true);
    renderRoutes(routes, { path: '/admin/customers' });
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    expect(screen.getByText('Start by adding your first customer to manage their account')).toBeInTheDocument();
  });

  it('shows desktop cards: initials, name, Customer since, Active, contact, Account Status, dates, View and Edit', async () => {
    setMobile(false);
    mockFetch({ 'GET /api/customers': () => jsonResponse([trattoria, bare]) });
    renderRoutes(routes, { path: '/admin/customers' });
    const c = within(await screen.findByLabelText('Trattoria Sole'));
    expect(c.getByText('TR')).toBeInTheDocument();
    expect(c.getByText(`Customer since ${year}`)).toBeInTheDocument();
    expect(c.getByText('Active', { selector: '.customer-active' })).toBeInTheDocument();
    expect(c.getByText('marco@trattoria.test')).toBeInTheDocument();
    expect(c.getByText('555-0142')).toBeInTheDocument();
    expect(c.getByText('12 Harbour Street')).toBeInTheDocument();
    expect(c.getByText('Account Status')).toBeInTheDocument();
    expect(c.getByText('Member since')).toBeInTheDocument();
    expect(c.getByText('Last updated')).toBeInTheDocument();
    expect(c.getByLabelText('View Trattoria Sole')).toHaveTextContent('View');
    expect(c.getByLabelText('Edit Trattoria Sole')).toHaveTextContent('Edit');
    expect(c.queryByText('restaurant')).not.toBeInTheDocument();
    // no business, no names: the email, its first two letters; no phone or address lines
    const solo = within(screen.getByLabelText('solo@shop.test'));
    expect(solo.getByText('SO')).toBeInTheDocument();
    expect(solo.queryByText('Phone:')).not.toBeInTheDocument();
    expect(solo.queryByText('Address:')).not.toBeInTheDocument();
  });

  it("shows mobile cards: 'Since {year}' and the business type, no Account Status", async () => {
    setMobile(true);
    mockFetch({ 'GET /api/customers': () => jsonResponse([trattoria, bare]) });
    renderRoutes(routes, { path: '/admin/customers' });
    const card = within(await screen.findByLabelText('Trattoria Sole'));
    expect(card.getByText(`Since ${year}`)).toBeInTheDocument();
    expect(card.getByText('restaurant')).toBeInTheDocument();
    expect(card.queryByText('Account Status')).not.toBeInTheDocument();
    expect(within(screen.getByLabelText('solo@shop.test')).getByText('coffee shop')).toBeInTheDocument();
  });

  it('creates a customer: the dialog as specified, the toast, the form reset and the list read again', async () => {
    setMobile(false);
    let list = [bare];
    const fetchMock = mockFetch({
      'GET /api/customers': () => jsonResponse(list),
      'POST /api/customers': (init) => {
        const body = JSON.parse(String(init?.body));
        list = [{ ...trattoria, email: body.email }, bare];
        return jsonResponse(list[0], 201, 'Created');
      },
    });
    renderRoutes(routes, { path: '/admin/customers' });
    await screen.findByLabelText('solo@shop.test');
    fireEvent.click(button(screen, 'Add Customer'));
    const box = await dialog('Add New Customer');
    const d = within(box);
    expect(d.getByText('Create a new customer account. All fields except email and password are optional.')).toBeInTheDocument();
    expect(Array.from(box.querySelectorAll('fieldset > legend'), (l) => l.textContent)).toEqual([
      'Account Information',
      'Personal Information',
      'Business Information',
      'Contact Information',
    ]);
    expect(d.getByLabelText('Password')).toHaveAttribute('placeholder', 'Min. 6 characters');
    expect(d.getByLabelText('Address')).toHaveAttribute('rows', '3');
    expect(button(box, 'Cancel')).toBeInTheDocument();

    fireEvent.change(d.getByLabelText('Email'), { target: { value: 'new@shop.test' } });
    fireEvent.change(d.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.change(d.getByLabelText('Business Name'), { target: { value: 'Trattoria Sole' } });
    fireEvent.change(d.getByLabelText('Phone'), { target: { value: '555-0142' } });
    fireEvent.click(button(box, 'Create Customer'));
    expect(await screen.findByText('Customer created successfully!')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: 'new@shop.test', password: 'secret123', businessName: 'Trattoria Sole', phone: '555-0142' });
    expect(await screen.findByLabelText('Trattoria Sole')).toBeInTheDocument();
    // closed and reset: opening it again shows an empty form
    await waitFor(() => expect(box.closest('.ant-modal-wrap')).not.toBeVisible());
    fireEvent.click(button(screen, 'Add Customer'));
    expect(within(await dialog('Add New Customer')).getByLabelText('Email')).toHaveValue('');
  });

  it('keeps the Add New Customer dialog and what was typed when a click lands on the mask beside it', async () => {
    setMobile(false);
    mockFetch({ 'GET /api/customers': () => jsonResponse([bare]) });
    renderRoutes(routes, { path: '/admin/customers' });
    await screen.findByLabelText('solo@shop.test');
    fireEvent.click(button(screen, 'Add Customer'));
    const box = await dialog('Add New Customer');
    fireEvent.change(within(box).getByLabelText('Email'), { target: { value: 'half@typed.test' } });
    const wrap = box.closest('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(wrap).toBeVisible();
    expect(within(box).getByLabelText('Email')).toHaveValue('half@typed.test');
    // Cancel still closes it
    fireEvent.click(button(box, 'Cancel'));
    await waitFor(() => expect(wrap).not.toBeVisible());
  });

  it("says 'Error' with the server's message, or 'Failed to create customer'", async () => {
    setMobile(false);
    let answer = () => jsonResponse({ statusCode: 409, message: 'An account with this email already exists' }, 409, 'Conflict');
    mockFetch({ 'GET /api/customers': () => jsonResponse([]), 'POST /api/customers': () => answer() });
    renderRoutes(routes, { path: '/admin/customers' });
    await screen.findByText('No customers found');
    fireEvent.click(button(screen, 'Add Customer'));
    const box = await dialog('Add New Customer');
    fireEvent.change(within(box).getByLabelText('Email'), { target: { value: 'taken@shop.test' } });
    fireEvent.change(within(box).getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(button(box, 'Create Customer'));
    let toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('An account with this email already exists');
    answer = () => jsonResponse(undefined, 500, 'Internal Server Error');
    fireEvent.click(button(box, 'Create Customer'));
    toast = (await screen.findByText('Failed to create customer')).closest('[data-testid=toast]') as HTMLElement;
    expect(toast).toHaveAttribute('role', 'alert');
    expect(toast).toHaveTextContent('Error');
  });
  it('asks for one page on opening, says how many there are, and the next page only when Load more is pressed', async () => {
    setMobile(false);
    const fetchMock = mockFetch({
      'GET /api/customers?limit=24': () =>
        jsonResponse([trattoria], 200, 'OK', { 'X-Total-Count': '2', Link: '<http://localhost/api/customers?limit=24&cursor=page2>; rel="next"' }),
      'GET /api/customers?limit=24&cursor=page2': () => jsonResponse([bare]),
    });
    renderRoutes(routes, { path: '/admin/customers' });
    await screen.findByLabelText('Trattoria Sole');
    expect(screen.getByText('2 customers, showing 1')).toBeInTheDocument();
    const listCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/customers'));
    expect(listCalls()).toEqual(['/api/customers?limit=24']);
    expect(screen.queryByLabelText('solo@shop.test')).not.toBeInTheDocument();
    fireEvent.click(button(screen, 'Load more'));
    expect(await screen.findByLabelText('solo@shop.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Trattoria Sole')).toBeInTheDocument();
    expect(listCalls()).toEqual(['/api/customers?limit=24', '/api/customers?limit=24&cursor=page2']);
    expect(screen.getByText('2 customers')).toBeInTheDocument();
    expect(screen.queryByText('Load more')).not.toBeInTheDocument();
  });

  it('searches on the server once typing pauses, keeps the search in the URL, and says when none match', async () => {
    setMobile(false);
    const fetchMock = mockFetch({
      'GET /api/customers': (_init, url) =>
        url!.includes('q=marco')
          ? jsonResponse([trattoria], 200, 'OK', { 'X-Total-Count': '1' })
          : url!.includes('q=nobody')
            ? jsonResponse([], 200, 'OK', { 'X-Total-Count': '0' })
            : jsonResponse([trattoria, bare], 200, 'OK', { 'X-Total-Count': '2' }),
    });
    const { router } = renderRoutes(routes, { path: '/admin/customers' });
    await screen.findByLabelText('solo@shop.test');
    expect(screen.getByText('2 customers')).toBeInTheDocument();
    const box = screen.getByPlaceholderText('Business name, name or email');
    expect(box).toHaveAccessibleName('Search customers');
    for (const typed of ['m', 'mar', 'marco ']) fireEvent.change(box, { target: { value: typed } });
    await waitFor(() => expect(screen.queryByLabelText('solo@shop.test')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Trattoria Sole')).toBeInTheDocument();
    expect(screen.getByText('1 matching customer')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=marco');
    // one request for what was typed once it paused, none for each letter
    const searches = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/customers') && url.includes('q='));
    expect(searches).toEqual(['/api/customers?q=marco&limit=24']);

    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText('No customers match')).toBeInTheDocument();
    expect(screen.getByText('Try another business name, name or email')).toBeInTheDocument();
    // (not the empty directory's state)
    expect(screen.queryByText('No customers found')).not.toBeInTheDocument();

    // a link to the screen without a search (the sidebar's Manage Customers) clears the box too
    await act(() => router.navigate('/admin/customers'));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByLabelText('solo@shop.test')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens with the search in the URL: in the box and asked of the server', async () => {
    setMobile(true);
    const fetchMock = mockFetch({ 'GET /api/customers?q=trattoria&limit=24': () => jsonResponse([trattoria], 200, 'OK', { 'X-Total-Count': '1' }) });
    renderRoutes(routes, { path: '/admin/customers?q=trattoria' });
    await screen.findByLabelText('Trattoria Sole');
    expect(screen.getByPlaceholderText('Business name, name or email')).toHaveValue('trattoria');
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/customers'))).toEqual(['/api/customers?q=trattoria&limit=24']);
  });

  it('says when the customers could not be loaded, and Retry asks again', async () => {
    setMobile(false);
    let fail = true;
    mockFetch({
      'GET /api/customers': () => (fail ? jsonResponse({ statusCode: 500, message: 'Internal error' }, 500, 'Internal Server Error') : jsonResponse([bare])),
    });
    renderRoutes(routes, { path: '/admin/customers' });
    expect(await screen.findByText('Customers could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(button(screen, 'Retry'));
    expect(await screen.findByLabelText('solo@shop.test')).toBeInTheDocument();
  });
});
