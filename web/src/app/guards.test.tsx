import { act, screen, waitFor, within } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { assignLocation } from '@/lib/browser';
import { makeProduct } from '@/testing/fixtures';
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

  it('ends in the same unauthorized flow when an action answers 401 (Add to Cart), not in its failure toast', async () => {
    mockFetch({
      ...signedIn(customer),
      'GET /api/products': () => jsonResponse([makeProduct({ id: 'p1', name: 'Sourdough Loaf' })]),
      'GET /api/cart': () => jsonResponse([]),
      'POST /api/cart': () => jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401, 'Unauthorized'),
    });
    renderRoutes(routes, { path: '/products', queryClient: createAppQueryClient() });
    const card = await screen.findByLabelText('Sourdough Loaf', { selector: 'article' });
    act(() => within(card).getByText('Add to Cart').closest('button')!.click());
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Unauthorized');
    expect(toast).toHaveTextContent('You are logged out. Logging in again...');
    expect(screen.queryByText('Failed to add product to cart')).not.toBeInTheDocument();
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

  it('gives the 404 card a way out: Sign in for a visitor, the dashboard when signed in', async () => {
    mockFetch(signedOut);
    const visitor = renderRoutes(routes, { path: '/no/such/page' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/');
    visitor.unmount();
    mockFetch(signedIn(customer));
    const { router } = renderRoutes(routes, { path: '/no/such/page' });
    const home = await screen.findByRole('link', { name: 'Go to Dashboard' });
    expect(home).toHaveAttribute('href', '/');
    act(() => home.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an admin who opens /cart (admins have no cart) to the admin dashboard', async () => {
    mockFetch({
      ...signedIn({ ...customer, role: 'admin' }),
      'GET /api/cart': () => jsonResponse([]),
      'GET /api/admin/notifications/count': () => jsonResponse({ count: 0 }),
      'GET /api/products': () => jsonResponse([]),
      'GET /api/products/low-stock': () => jsonResponse([]),
      'GET /api/customers': () => jsonResponse([]),
    });
    const { router } = renderRoutes(routes, { path: '/cart' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByText('Admin Dashboard', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
  });
});
