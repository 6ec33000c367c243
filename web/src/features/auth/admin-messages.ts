import { Messages } from '@contracts/constants';
import { isApiError } from '@/lib/api-client';

/** Spec section 8's admin sign-in and registration messages. */
export const AdminAuthMessages = {
  welcomeTitle: 'Welcome',
  welcome: 'Admin login successful!',
  deniedTitle: 'Access Denied',
  adminsOnly: Messages.adminsOnly,
  invalidCredentials: Messages.invalidCredentials,
  registeredTitle: 'Admin Account Created',
  registered: 'Your admin account is ready. Please sign in.',
  registrationFailedTitle: 'Registration Failed',
  registrationFailed: 'Invalid registration key or email already exists',
} as const;

/** Spec section 9: after a registration, the admin login page comes 1500 ms later. */
export const ADMIN_REGISTERED_REDIRECT_MS = 1500;

/**
 * A failed admin sign-in: 'This area is restricted to administrators only.' when the error's
 * message mentions admin (the API's 403 for a customer account says "administrators"), else
 * 'Invalid email or password'.
 */
export function adminLoginErrorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err ?? '');
  return /admin/i.test(message) ? AdminAuthMessages.adminsOnly : AdminAuthMessages.invalidCredentials;
}

/** A failed admin registration: the server's message, or the spec's fallback. */
export function adminRegisterErrorMessage(err: unknown): string {
  return (isApiError(err) && err.serverMessage) || AdminAuthMessages.registrationFailed;
}
