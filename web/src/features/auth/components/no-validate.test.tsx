import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderRoutes } from '@/testing/test-utils';
import { AdminLoginPage } from './admin-login-page';
import { AdminRegisterPage } from './admin-register-page';
import { AuthPage } from './auth-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const routes = [
  { path: '/', element: <AuthPage /> },
  { path: '/admin/login', element: <AdminLoginPage /> },
  { path: '/admin/register', element: <AdminRegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
];

/** The forms on screen: none lets the browser validate, so only the app's own messages show. */
const forms = () => Array.from(document.querySelectorAll('form'));

describe('sign-in and registration forms leave validation to the app', () => {
  beforeEach(() => mockFetch({}));

  it('sign in and register', () => {
    renderRoutes(routes, { path: '/' });
    expect(forms().map((f) => [f.id, f.noValidate])).toEqual([['login', true]]);
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(forms().map((f) => [f.id, f.noValidate])).toEqual([['register', true]]);
  });

  it.each(['/admin/login', '/admin/register', '/forgot-password', '/reset-password?token=x'])('%s', (path) => {
    renderRoutes(routes, { path });
    expect(forms()).not.toHaveLength(0);
    for (const form of forms()) expect(form).toHaveAttribute('novalidate');
  });
});
