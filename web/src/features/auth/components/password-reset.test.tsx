import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { PasswordMessages } from '../password-messages';
import { AdminLoginPage } from './admin-login-page';
import { AuthPage } from './auth-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

jest.mock('@/lib/browser', () => ({ assignLocation: jest.fn(), confirmAction: jest.fn() }));

const routes = [
  { path: '/', element: <AuthPage /> },
  { path: '/admin/login', element: <AdminLoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];

const INVALID = 'This link is invalid, has expired or was already used: please ask for a new one';
const TOKEN = 'A'.repeat(43);

function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const body = (fetchMock: jest.Mock, call = 0) => JSON.parse(String(fetchMock.mock.calls[call][1]?.body));

describe('forgot password (issue 20)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('is linked from the sign-in page and the admin login, which it leads back to', async () => {
    mockFetch({});
    const { router } = renderRoutes(routes, { path: '/' });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
    expect(document.title).toContain('Forgot your password?');

    await act(() => router.navigate('/admin/login'));
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    // the admin's frame, and back to the admin login
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/admin/login');
  });

  it('checks the email, says "Sending...", then the same confirmation whatever the answer says, with the focus on it', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockFetch({
      'POST /api/auth/forgot-password': () =>
        new Promise((resolve) => (release = () => resolve(jsonResponse({ message: 'If an account exists for this email, a link to reset its password is on its way.' }, 202, 'Accepted')))),
    });
    renderRoutes(routes, { path: '/forgot-password' });
    expect(screen.getByLabelText('Email')).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fill('Email', '  someone@cafe.test ');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(body(fetchMock)).toEqual({ email: 'someone@cafe.test' });
    await act(async () => release());

    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Check your email');
    expect(sent).toHaveTextContent('If an account exists for that email, we have sent a link to reset its password. It expires in 1 hour.');
    expect(sent.closest('.password-page-message')).toHaveFocus();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    // another link: the form again
    fireEvent.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('says "Too many requests, try again later" on a 429, and keeps the form', async () => {
    mockFetch({
      'POST /api/auth/forgot-password': () => jsonResponse({ statusCode: 429, message: 'Too many password reset requests. Please try again in 15 minutes.' }, 429, 'Too Many Requests'),
    });
    renderRoutes(routes, { path: '/forgot-password' });
    fill('Email', 'someone@cafe.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, try again later');
    expect(screen.queryByText(PasswordMessages.sent)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it('asks to try again when the server cannot answer', async () => {
    mockFetch({ 'POST /api/auth/forgot-password': () => jsonResponse({ statusCode: 503, message: 'Service unavailable' }, 503, 'Service Unavailable') });
    renderRoutes(routes, { path: '/forgot-password' });
    fill('Email', 'someone@cafe.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong, please try again');
  });
});

describe('reset password (issue 20)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('says the link is invalid when it has no token, with a way to ask for a new one', async () => {
    mockFetch({});
    const { router } = renderRoutes(routes, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('uses the registration rules and wants the two passwords alike', async () => {
    const fetchMock = mockFetch({});
    renderRoutes(routes, { path: `/reset-password?token=${TOKEN}` });
    expect(screen.getByLabelText('New password')).toHaveFocus();
    fill('New password', '12345');
    fill('Confirm new password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the password, says so, and leads a customer to the sign-in page', async () => {
    let release: () => void = () => undefined;
    const fetchMock = mockFetch({
      'POST /api/auth/reset-password': () => new Promise((resolve) => (release = () => resolve(jsonResponse({ ok: true, role: 'customer' })))),
      'GET /api/auth/user': () => jsonResponse({ statusCode: 401, message: 'Unauthorized' }, 401, 'Unauthorized'),
    });
    const { router } = renderRoutes(routes, { path: `/reset-password?token=${TOKEN}` });
    fill('New password', 'brand-new-1');
    fill('Confirm new password', 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(body(fetchMock)).toEqual({ token: TOKEN, password: 'brand-new-1' });
    await act(async () => release());

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Your password has been reset');
    expect(done).toHaveTextContent('Sign in with your new password.');
    expect(done.closest('.password-page-message')).toHaveFocus();
    const signIn = screen.getByRole('link', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('href', '/');
    fireEvent.click(signIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says "Set your password" for a welcome link, and leads an admin to the admin login', async () => {
    mockFetch({ 'POST /api/auth/reset-password': () => jsonResponse({ ok: true, role: 'admin' }) });
    renderRoutes(routes, { path: `/reset-password?token=${TOKEN}&welcome=1` });
    expect(screen.getByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    fill('New password', 'brand-new-1');
    fill('Confirm new password', 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been set');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/admin/login');
  });

  it("shows a bad, used or expired link's 400 message as is, with a way to ask for a new one", async () => {
    mockFetch({ 'POST /api/auth/reset-password': () => jsonResponse({ statusCode: 400, code: 'VALIDATION_FAILED', message: INVALID }, 400, 'Bad Request') });
    renderRoutes(routes, { path: `/reset-password?token=${TOKEN}` });
    fill('New password', 'brand-new-1');
    fill('Confirm new password', 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID);
    expect(alert.closest('.password-page-message')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it("puts the server's password message on the field and keeps the form", async () => {
    mockFetch({
      'POST /api/auth/reset-password': () =>
        jsonResponse({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Validation failed', errors: { password: ['Password must be at most 128 characters'] } }, 400, 'Bad Request'),
    });
    renderRoutes(routes, { path: `/reset-password?token=${TOKEN}` });
    fill('New password', 'brand-new-1');
    fill('Confirm new password', 'brand-new-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at most 128 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('the invalid-link message is the server’s', () => {
    expect(PasswordMessages.invalidLink).toBe(INVALID);
  });
});
