import { ConfigError, ConfigOf, envVar, loadConfig, type Env } from '@bakery/platform';
import { adminKeyProblem } from './domain/registration-key';

export const authConfigSpec = {
  adminRegistrationKey: envVar.optional(
    'ADMIN_REGISTRATION_KEY',
    'key an administrator must give to register; unset: admin registration is refused',
  ),
  sessionTtlHours: envVar.int('SESSION_TTL_HOURS', 'how long a session lasts', 168, 1, 24 * 365),
  loginMaxFailures: envVar.int('LOGIN_MAX_FAILURES', 'sign-in attempts per address and email within the window before 429', 10, 1, 1000),
  loginMaxFailuresPerIp: envVar.int(
    'LOGIN_MAX_FAILURES_PER_IP',
    'failed sign-ins for emails that have no account, per address within the window, before 429',
    100,
    1,
    100000,
  ),
  registrationMaxFailuresPerIp: envVar.int(
    'REGISTRATION_MAX_FAILURES_PER_IP',
    'self-service registrations per address within the window that did not succeed (or are in flight) before 429',
    20,
    1,
    100000,
  ),
  adminKeyMaxFailuresPerIp: envVar.int(
    'ADMIN_KEY_MAX_FAILURES_PER_IP',
    'wrong admin registration keys per address within the window before 429',
    10,
    1,
    100000,
  ),
  loginWindowMinutes: envVar.int('LOGIN_WINDOW_MINUTES', 'window of the sign-in, registration and admin key limits', 15, 1, 1440),
};
export type AuthConfig = ConfigOf<typeof authConfigSpec>;

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

/**
 * Auth's configuration, checked as a whole: with NODE_ENV=production a short admin registration
 * key stops the service (ConfigError naming the variable); elsewhere it is only reported through
 * `warn`, so a developer can use a short one.
 */
export function loadAuthConfig(env: Env, warn: (message: string) => void = () => undefined): AuthConfig {
  const config = loadConfig(authConfigSpec, env);
  const problem = adminKeyProblem(config.adminRegistrationKey);
  if (problem) {
    if (env.NODE_ENV === 'production') throw new ConfigError([problem]);
    warn(`${problem} (refused when NODE_ENV=production)`);
  }
  return config;
}
