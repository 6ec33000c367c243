import { isApiError } from '@/lib/api-client';

/** The "forgot password" and "reset password" pages' texts (issue 20). */
export const PasswordMessages = {
  /** after any well-formed request: never says whether the email has an account */
  sent: 'If an account exists for that email, we have sent a link to reset its password. It expires in 1 hour.',
  tooMany: 'Too many requests, try again later',
  /** the server's answer to a bad, used or expired token (libs/contracts/src/password-reset.ts), also shown for a link without one */
  invalidLink: 'This link is invalid, has expired or was already used: please ask for a new one',
  mismatch: 'The passwords do not match',
  failed: 'Something went wrong, please try again',
} as const;

/** What a failed "forgot password" request says: 429 its own message, anything else a retry. */
export function forgotPasswordErrorMessage(err: unknown): string {
  return isApiError(err, 429) ? PasswordMessages.tooMany : PasswordMessages.failed;
}

/**
 * A failed reset: a short password is the field's message (`errors.password`); any other 400 is
 * the link's problem, the server's message as is; anything else can be tried again.
 */
export function resetPasswordError(err: unknown): { kind: 'password' | 'link' | 'other'; message: string } {
  if (!isApiError(err, 400)) return { kind: 'other', message: isApiError(err, 429) ? PasswordMessages.tooMany : PasswordMessages.failed };
  const passwordErrors = err.body?.errors?.password;
  if (passwordErrors && passwordErrors.length > 0) return { kind: 'password', message: passwordErrors.join(' ') };
  return { kind: 'link', message: err.serverMessage ?? PasswordMessages.invalidLink };
}
