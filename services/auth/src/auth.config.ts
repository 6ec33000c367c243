import { ConfigOf, envVar } from '@bakery/platform';

export const authConfigSpec = {
  adminRegistrationKey: envVar.optional(
    'ADMIN_REGISTRATION_KEY',
    'key an administrator must give to register; unset: admin registration is refused',
  ),
  sessionTtlHours: envVar.int('SESSION_TTL_HOURS', 'how long a session lasts', 168, 1, 24 * 365),
  loginMaxFailures: envVar.int('LOGIN_MAX_FAILURES', 'failed sign-ins per address and email before 429', 10, 1, 1000),
  loginMaxFailuresPerIp: envVar.int('LOGIN_MAX_FAILURES_PER_IP', 'failed sign-ins per address before 429', 100, 1, 100000),
  loginWindowMinutes: envVar.int('LOGIN_WINDOW_MINUTES', 'window of the failed sign-in limit', 15, 1, 1440),
};
export type AuthConfig = ConfigOf<typeof authConfigSpec>;

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

