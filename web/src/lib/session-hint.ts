import { SESSION_HINT_COOKIE } from '@contracts/constants';

const HINT = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_HINT_COOKIE}=1(?:;|$)`);

/**
 * Whether this browser may be signed in: the gateway sets a readable hint beside the HttpOnly session
 * cookie. Without it the visitor is signed out for sure, and GET /api/auth/user need not be asked
 * (its 401 is logged by the browser as an error, and the landing page waits for it).
 */
export function mayHaveSession(cookies: string = document.cookie): boolean {
  return HINT.test(cookies);
}
