/**
 * The attempt limits: what is counted under which key, how many a window allows, and what the
 * client is told. Counting itself is one atomic statement per attempt (limits/attempt-limiter.ts):
 * an attempt is *reserved* before any work is done, so concurrent attempts can never get more
 * than the limit evaluated.
 *
 * - sign-in, per (address, email): every attempt is reserved before the password is checked; a
 *   success clears the pair.
 * - sign-in, per address: only failures for emails that have no account count (slows guessing
 *   which emails exist, or spraying many). Once the address is over its limit every failure
 *   answers 429, whether or not the email exists (no oracle), but a correct password is still
 *   accepted: one attacker behind a shared address (a proxy, an office) locks nobody else out.
 * - admin registration keys, per address: reserved before the key is compared; a correct key
 *   gives its reservation back.
 * - password changes, per account: reserved before the current password is checked (a session
 *   someone left open must not become a way to guess it); a success clears the account's count.
 * - self-service registrations, per address: reserved before the email is looked at; a
 *   registration that succeeds gives its reservation back, so only conflicts (409: "that email has
 *   an account"), failures and registrations in flight count.
 */
export interface AttemptLimitPolicy {
  signInsPerPair: number;
  unknownEmailFailuresPerIp: number;
  registrationsPerIp: number;
  adminKeysPerIp: number;
  windowMinutes: number;
}

export const limitKeys = {
  signInPair: (ip: string, email: string) => `signin:${ip}|${email}`,
  signInAddress: (ip: string) => `signin-ip:${ip}`,
  registration: (ip: string) => `register:${ip}`,
  adminKey: (ip: string) => `admin-key:${ip}`,
  /** "forgot password" requests of an address, and links mailed to an email (domain/password-links.ts) */
  passwordResetAddress: (ip: string) => `reset-ip:${ip}`,
  passwordResetEmail: (email: string) => `reset-email:${email}`,
  /** a signed-in account's password changes (services/auth/src/password-change): guesses of its current password */
  passwordChange: (userId: string) => `password-change:${userId}`,
};

export type SignInVerdict = 'signed-in' | 'invalid-credentials' | 'too-many-attempts';

/**
 * The answer to a sign-in whose pair attempt was reserved and whose password was checked. The
 * address limit never refuses a correct password; it turns every failure into a 429 once the
 * address is over it, so the answer does not tell whether the email exists.
 */
export function signInVerdict(passwordOk: boolean, addressOverLimit: boolean): SignInVerdict {
  if (passwordOk) return 'signed-in';
  return addressOverLimit ? 'too-many-attempts' : 'invalid-credentials';
}

/** Only failures for emails without an account count against the address. */
export function failureCountsAgainstAddress(accountExists: boolean): boolean {
  return !accountExists;
}

export function limitMessages(policy: Pick<AttemptLimitPolicy, 'windowMinutes'>) {
  const wait = `Please try again in ${policy.windowMinutes} minutes.`;
  return {
    signIn: `Too many failed sign-in attempts. ${wait}`,
    registration: `Too many failed registration attempts. ${wait}`,
    adminKey: `Too many wrong registration keys. ${wait}`,
  };
}
