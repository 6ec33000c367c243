import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { AuthPage } from './auth-page';

const routes = [
  { path: '/', element: <AuthPage /> },
  { path: '/products', element: <h1>Products page</h1> },
];

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('auth page (spec sections 2, 5 and 8)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('shows the field messages of section 5', async () => {
    mockFetch({});
    renderRoutes(routes);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    await fill('Email', 'not-an-email');
    await fill('Password', '12345');
    await fill('Business Name', 'A');
    expect(await screen.findByText('Business name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    const type = screen.getByLabelText('Business Type');
    expect(type).toHaveDisplayValue('Select business type');
    expect(Array.from((type as HTMLSelectElement).options).map((o) => o.text)).toEqual(['Select business type', 'Coffee Shop', 'Bakery']);
  });

  it('signs in, says so, and goes to /products', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockFetch({
      'POST /api/auth/login': () => new Promise((resolve) => (release = () => resolve(jsonResponse({ user: { id: 'u1', email: 'a@b.co', role: 'customer' } })))),
      'GET /api/products': () => jsonResponse([]),
    });
    const { router } = renderRoutes(routes);
    await fill('Email', 'a@b.co');
    await fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'a@b.co', password: 'secret123' });
    await act(async () => release());
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    // the catalogue was asked for at sign-in, not when its page mounted (this route's page asks nothing)
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/auth/login', '/api/products']);
  });

  it('says "Invalid email or password" when sign-in fails', async () => {
    mockFetch({ 'POST /api/auth/login': () => jsonResponse({ statusCode: 401, message: 'Invalid email or password' }, 401, 'Unauthorized') });
    const { router } = renderRoutes(routes);
    await fill('Email', 'a@b.co');
    await fill('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/');
  });

  it('registers with the optional business fields and goes to /products', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/register': () => jsonResponse({ id: 'u2', email: 'new@b.co', role: 'customer' }, 201, 'Created') });
    const { router } = renderRoutes(routes);
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    await fill('Email', 'new@b.co');
    await fill('Password', 'secret123');
    await fill('Business Name', 'Corner Coffee');
    fireEvent.change(screen.getByLabelText('Business Type'), { target: { value: 'coffee_shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created and logged in successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      email: 'new@b.co',
      password: 'secret123',
      businessName: 'Corner Coffee',
      businessType: 'coffee_shop',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it('says registration failed when it does', async () => {
    mockFetch({ 'POST /api/auth/register': () => jsonResponse({ statusCode: 409, message: 'An account with this email already exists' }, 409, 'Conflict') });
    renderRoutes(routes);
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    await fill('Email', 'taken@b.co');
    await fill('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed. Email may already exist.')).toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys', () => {
    mockFetch({});
    renderRoutes(routes);
    const signIn = screen.getByRole('tab', { name: 'Sign In' });
    signIn.focus();
    fireEvent.keyDown(signIn, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveFocus();
  });
});
