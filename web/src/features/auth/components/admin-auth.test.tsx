import { act, fireEvent, screen } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { assignLocation } from '@/lib/browser';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { ADMIN_REGISTERED_REDIRECT_MS, adminLoginErrorMessage, adminRegisterErrorMessage } from '../admin-messages';
import { AdminLoginPage } from './admin-login-page';
import { AdminRegisterPage } from './admin-register-page';

jest.mock('@/lib/browser', () => ({ assignLocation: jest.fn(), confirmAction: jest.fn() }));

const routes = [
  { path: '/admin/login', element: <AdminLoginPage /> },
  { path: '/admin/register', element: <AdminRegisterPage /> },
];

function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const apiError = (status: number, message: string, statusText = 'Error') => jsonResponse({ statusCode: status, message }, status, statusText);

describe('admin login (spec sections 2, 4 and 8)', () => {
  beforeEach(() => {
    act(() => dismissToast());
    (assignLocation as jest.Mock).mockClear();
    sessionStorage.clear();
  });

  it('has the portal texts and links', () => {
    mockFetch({});
    renderRoutes(routes, { path: '/admin/login' });
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByText('Authorized Personnel Only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Admin Account' })).toHaveAttribute('href', '/admin/register');
    expect(screen.getByRole('link', { name: 'Customer Login' })).toHaveAttribute('href', '/');
  });

  it("says 'Authenticating...', then 'Welcome' / 'Admin login successful!' and loads /admin/products afresh", async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockFetch({
      'POST /api/auth/admin-login': () => new Promise((resolve) => (release = () => resolve(jsonResponse({ user: { id: 'a', email: 'admin@b.co', role: 'admin' } })))),
    });
    renderRoutes(routes, { path: '/admin/login' });
    fill('Email', 'admin@b.co');
    fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Portal' }));
    expect(await screen.findByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'admin@b.co', password: 'secret123' });
    await act(async () => release());
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Welcome');
    expect(toast).toHaveTextContent('Admin login successful!');
    expect(assignLocation).toHaveBeenCalledWith('/admin/products');
    // the toast is carried over the full navigation
    expect(JSON.parse(sessionStorage.getItem('bakery:toast-after-navigation')!)).toMatchObject({ title: 'Welcome', description: 'Admin login successful!' });
  });

  it('turns away a signed-in account without the admin role, with no redirect', async () => {
    mockFetch({ 'POST /api/auth/admin-login': () => jsonResponse({ user: { id: 'c', email: 'cafe@b.co', role: 'customer' } }) });
    renderRoutes(routes, { path: '/admin/login' });
    fill('Email', 'cafe@b.co');
    fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Portal' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Access Denied');
    expect(toast).toHaveTextContent('This area is restricted to administrators only.');
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('reads a failure: admin in the message means administrators only, anything else invalid credentials', async () => {
    mockFetch({ 'POST /api/auth/admin-login': () => apiError(403, 'This area is restricted to administrators only.', 'Forbidden') });
    renderRoutes(routes, { path: '/admin/login' });
    fill('Email', 'cafe@b.co');
    fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Portal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This area is restricted to administrators only.');
    expect(adminLoginErrorMessage(new Error('401: {"message":"Invalid email or password"}'))).toBe('Invalid email or password');
    expect(adminLoginErrorMessage(new TypeError('Failed to fetch'))).toBe('Invalid email or password');
  });

  it('checks the fields first (section 5)', async () => {
    mockFetch({});
    renderRoutes(routes, { path: '/admin/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Access Admin Portal' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });
});

describe('admin registration (spec sections 2, 4, 5 and 8)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('shows the field messages, the masked key and its hint', async () => {
    mockFetch({});
    renderRoutes(routes, { path: '/admin/register' });
    expect(screen.getByText('Create a new admin account')).toBeInTheDocument();
    expect(screen.getByLabelText('Admin Registration Key')).toHaveAttribute('type', 'password');
    expect(screen.getByText('Contact your system administrator for a registration key')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute('href', '/admin/login');
    fireEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    for (const message of ['Please enter a valid email', 'First name is required', 'Last name is required', 'Password must be at least 6 characters', 'Registration key is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it("says 'Creating Account...', then goes to /admin/login 1500 ms after the toast", async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockFetch({
      'POST /api/auth/admin-register': () => new Promise((resolve) => (release = () => resolve(jsonResponse({ id: 'a', role: 'admin' }, 201, 'Created')))),
    });
    const { router } = renderRoutes(routes, { path: '/admin/register' });
    fill('Email', 'new@b.co');
    fill('First Name', 'Grace');
    fill('Last Name', 'Miller');
    fill('Password', 'secret123');
    fill('Admin Registration Key', 'the-key');
    fireEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    // the redirect's delay is counted on a fake clock from the moment the answer arrives
    jest.useFakeTimers();
    try {
      await act(async () => release());
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(screen.getByText('Admin Account Created')).toBeInTheDocument();
      expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
        email: 'new@b.co',
        password: 'secret123',
        firstName: 'Grace',
        lastName: 'Miller',
        registrationKey: 'the-key',
      });
      await act(() => jest.advanceTimersByTimeAsync(ADMIN_REGISTERED_REDIRECT_MS - 1));
      expect(router.state.location.pathname).toBe('/admin/register');
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(router.state.location.pathname).toBe('/admin/login');
    } finally {
      jest.useRealTimers();
    }
  });

  it("says 'Registration Failed' with the server's message, or the spec's fallback", async () => {
    mockFetch({ 'POST /api/auth/admin-register': () => apiError(403, 'Invalid registration key', 'Forbidden') });
    renderRoutes(routes, { path: '/admin/register' });
    fill('Email', 'new@b.co');
    fill('First Name', 'Grace');
    fill('Last Name', 'Miller');
    fill('Password', 'secret123');
    fill('Admin Registration Key', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Registration Failed');
    expect(toast).toHaveTextContent('Invalid registration key');
    expect(adminRegisterErrorMessage(new TypeError('Failed to fetch'))).toBe('Invalid registration key or email already exists');
  });
});
