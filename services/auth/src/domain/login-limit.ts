/**
 * Failed sign-ins are limited per (ip, email) pair, and more loosely per ip alone (one address
 * trying many emails). Successful sign-ins clear the pair's failures.
 */
export interface LoginLimitPolicy {
  maxFailuresPerPair: number;
  maxFailuresPerIp: number;
  windowMinutes: number;
}

export function failureKeys(ip: string, email: string): { pair: string; ip: string } {
  return { pair: `pair:${ip}|${email}`, ip: `ip:${ip}` };
}

/** True when another attempt must be refused (429) before even looking at the password. */
export function isLockedOut(pairFailures: number, ipFailures: number, policy: LoginLimitPolicy): boolean {
  return pairFailures >= policy.maxFailuresPerPair || ipFailures >= policy.maxFailuresPerIp;
}

export function lockoutMessage(policy: LoginLimitPolicy): string {
  return `Too many failed sign-in attempts. Please try again in ${policy.windowMinutes} minutes.`;
}
