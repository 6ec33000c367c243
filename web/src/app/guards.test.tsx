import { act, screen, waitFor } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { assignLocation } from '@/lib/browser';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { resetRedirectForTests } from './auth-redirect';
import { createAppQueryClient } from './provider';
import { routes } from './router';

jest.mock('@/lib/browser', () => ({ assignLocation: jest.fn() }));

const customer = {
  id: 'u1',
  email: 'cafe@demo.bakery',
  role: 'customer',
  firstName: null,
  lastName: null,
  businessName: 'Corner Coffee',
  businessType: 'coffee_shop',
  profileImageUrl: null,
  phone: null,
  address: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const signedOut = { 'GET /api/auth/user': () => jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401, 'Unauthorized') };
const signedIn = (user: object) => ({
  'GET /api/auth/user': () => jsonResponse(user),
  'GET /api/cart/count': () => jsonResponse({ count: 2 }),
  'GET /api/orders': () => jsonResponse([]),
  'GET /api/dashboard/metrics': () =>
    jsonResponse({ totalOrders: 0, revenue: '0.00', activeCustomers: 0, pendingOrders: 0 }),
});

describe('route guards (spec section 4)', () => {
  beforeEach(() => {
    resetRedirectForTests();
    (assignLocation as jest.Mock).mockClear();
    act(() => dismissToast());
  });

  it('shows Loading... while the session is being checked', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch({ 'GET /api/auth/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoutes(routes, { path: '/orders' });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await act(async () => answer(jsonResponse({ statusCode: 401 }, 401, 'Unauthorized')));
  });

  it('sends a visitor on a signed-in page to /api/login after the Unauthorized toast, rendering nothing else', async () => {
    mockFetch(signedOut);
    const { container } = renderRoutes(routes, { path: '/cart' });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Unauthorized');
    expect(toast).toHaveTextContent('You are logged out. Logging in again...');
    expect(screen.queryByText('Shopping Cart')).not.toBeInTheDocument();
    expect(container.querySelector('main')).toBeNull();
    expect(assignLocation).not.toHaveBeenCalled();
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });

  it('turns a signed-in customer away from admin pages with Access Denied, then goes to /', async () => {
    mockFetch(signedIn(customer));
    const { router } = renderRoutes(routes, { path: '/admin/customers' });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Access Denied');
    expect(toast).toHaveTextContent('Admin access required for this page');
    expect(screen.queryByText('Manage Customers')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 2000 });
    expect(await screen.findByText('Dashboard', { selector: 'h1' })).toBeInTheDocument();
  });

  it('lets an admin in: the admin screen in the admin shell, with the unread count', async () => {
    mockFetch({
      ...signedIn({ ...customer, role: 'admin', firstName: 'Ada', lastName: 'Baker' }),
      'GET /api/admin/notifications/count': () => jsonResponse({ count: 4 }),
      'GET /api/customers': () => jsonResponse([]),
    });
    renderRoutes(routes, { path: '/admin/customers' });
    expect(await screen.findByText('Manage Customers', { selector: 'h1' })).toBeInTheDocument();
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
    expect(screen.getByText('View and manage your customer accounts')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('Ada Baker')).toBeInTheDocument();
    // admins have no cart
    expect(screen.queryByText('Cart', { selector: '.nav-label' })).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Notifications: 4 unread')).toBeInTheDocument();
    // the Manage Orders entry carries the same count
    expect(screen.getByLabelText('4 unread')).toHaveTextContent('4');
  });

  it('shows the auth page at / for visitors', async () => {
    mockFetch(signedOut);
    renderRoutes(routes, { path: '/' });
    expect(await screen.findByText('Sign In', { selector: '[role=tab]' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Register', { selector: '[role=tab]' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('Administrator Access')).toHaveAttribute('href', '/admin/login');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('shows the dashboard and the shell at / when signed in', async () => {
    mockFetch(signedIn(customer));
    renderRoutes(routes, { path: '/' });
    // (text and selector queries: role queries are slow on a whole page in jsdom)
    expect(await screen.findByText('Dashboard', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText('Corner Coffee', { selector: '.user-name' })).toBeInTheDocument();
    expect(screen.getByText('CA')).toBeInTheDocument();
    expect(screen.getByText('Customer', { selector: '.user-role' })).toBeInTheDocument();
    expect(screen.getByText('Dashboard', { selector: '.nav-label' }).closest('a')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByLabelText('2 items')).toHaveTextContent('2');
    expect(await screen.findByText('Requires attention')).toBeInTheDocument();
  });

  it('goes to /api/login the same way when the session ends while signed in (a query answers 401)', async () => {
    mockFetch({
      ...signedIn(customer),
      'GET /api/dashboard/metrics': () => jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401, 'Unauthorized'),
    });
    renderRoutes(routes, { path: '/', queryClient: createAppQueryClient() });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Unauthorized');
    expect(toast).toHaveTextContent('You are logged out. Logging in again...');
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });

  it('has /products only for signed-in users: a visitor gets the 404 card', async () => {
    mockFetch(signedOut);
    renderRoutes(routes, { path: '/products' });
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('shows the 404 card on any other path', async () => {
    mockFetch(signedOut);
    renderRoutes(routes, { path: '/no/such/page' });
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });
});
