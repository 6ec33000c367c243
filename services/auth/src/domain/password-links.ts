import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_LINK_TTL_MS, PASSWORD_TOKEN_PATTERN, type PasswordLinkPurpose } from '@bakery/contracts';

/**
 * The tokens of password links (a reset, or an admin-created customer's welcome): 32 random bytes,
 * base64url (43 characters). Auth stores only their SHA-256: its database alone cannot be used to
 * reset anyone's password. A token is taken back once (`used_at`), and not after `expires_at`.
 */

export function newPasswordToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function passwordTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` could be one of ours at all (anything else is refused before a query). */
export function isWellFormedPasswordToken(token: unknown): token is string {
  return typeof token === 'string' && PASSWORD_TOKEN_PATTERN.test(token);
}

export function passwordLinkExpiry(purpose: PasswordLinkPurpose, now: Date): Date {
  return new Date(now.getTime() + PASSWORD_LINK_TTL_MS[purpose]);
}

/**
 * The limits of "forgot password": per address a number of requests in the sign-in window (over
 * it: 429, which says nothing about any email), and per email a few links in the same window
 * (over it: the same 202 and no mail, so nobody can flood someone's inbox, nor learn whether the
 * email has an account).
 */
export const PASSWORD_RESET_LIMITS = { perAddress: 20, perEmail: 3 } as const;

/**
 * An admin-created customer gets a welcome link to set their own password: a customer activated
 * without a client address was created by an administrator (a self-service registration always
 * carries the address its limit counts, CreatePendingUserRequest.ip).
 */
export function getsWelcomeLink(role: string, selfServiceAddress: string | undefined): boolean {
  return role === 'customer' && selfServiceAddress === undefined;
}
