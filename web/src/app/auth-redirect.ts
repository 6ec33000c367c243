import { holdToasts, releaseToastsForTests, toast } from '@/components/ui/toast-store';
import { assignLocation } from '@/lib/browser';

/** Spec section 9: the guards' redirect delay. */
export const REDIRECT_DELAY_MS = 500;
/** The provider login path: a browser redirect target when no session exists. */
export const LOGIN_PATH = '/api/login';

let redirecting = false;

/**
 * Spec section 4: destructive toast 'Unauthorized' / 'You are logged out. Logging in again...',
 * then after 500 ms the browser goes to /api/login. Once, however many callers ask.
 */
export function redirectToLogin(): void {
  if (redirecting) return;
  redirecting = true;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  // the call's own failure toast ('Failed to add product to cart') comes after this one: not shown
  holdToasts();
  setTimeout(() => assignLocation(LOGIN_PATH), REDIRECT_DELAY_MS);
}

/** For tests: forget that a redirect was started. */
export function resetRedirectForTests(): void {
  redirecting = false;
  releaseToastsForTests();
}
