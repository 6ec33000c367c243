import { ConfigError } from '@bakery/platform';
import { loadAuthConfig } from '../auth.config';
import { adminKeyProblem, registrationKeyMatches } from './registration-key';

describe('registrationKeyMatches', () => {
  it('matches only the configured key', () => {
    expect(registrationKeyMatches('s3cret-key', 's3cret-key')).toBe(true);
    expect(registrationKeyMatches('s3cret-kez', 's3cret-key')).toBe(false);
    expect(registrationKeyMatches('s3cret-key-longer', 's3cret-key')).toBe(false);
  });

  it('matches nothing when no key is configured', () => {
    expect(registrationKeyMatches('', undefined)).toBe(false);
    expect(registrationKeyMatches('anything', '')).toBe(false);
  });
});

describe('adminKeyProblem', () => {
  it('accepts no key (admin registration off) and keys of 16 characters or more', () => {
    expect(adminKeyProblem(undefined)).toBeNull();
    expect(adminKeyProblem('k'.repeat(16))).toBeNull();
  });

  it('names the variable when the key is shorter than 16 characters', () => {
    expect(adminKeyProblem('k'.repeat(15))).toBe('ADMIN_REGISTRATION_KEY is too short: expected at least 16 characters');
  });
});

describe('loadAuthConfig', () => {
  it('refuses to start with a short key when NODE_ENV=production, naming the variable', () => {
    let error: unknown;
    try {
      loadAuthConfig({ NODE_ENV: 'production', ADMIN_REGISTRATION_KEY: 'short-key' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('ADMIN_REGISTRATION_KEY is too short: expected at least 16 characters');
  });

  it('only warns about a short key in development', () => {
    const warnings: string[] = [];
    const config = loadAuthConfig({ NODE_ENV: 'development', ADMIN_REGISTRATION_KEY: 'short-key' }, (m) => warnings.push(m));
    expect(config.adminRegistrationKey).toBe('short-key');
    expect(warnings).toEqual([expect.stringContaining('ADMIN_REGISTRATION_KEY is too short')]);
  });

  it('starts in production with a long key or none, and reads the limits', () => {
    expect(loadAuthConfig({ NODE_ENV: 'production', ADMIN_REGISTRATION_KEY: 'a-long-enough-admin-key' }).adminRegistrationKey).toBe('a-long-enough-admin-key');
    expect(loadAuthConfig({ NODE_ENV: 'production' })).toMatchObject({
      adminRegistrationKey: undefined,
      loginMaxFailures: 10,
      loginMaxFailuresPerIp: 100,
      registrationMaxFailuresPerIp: 20,
      adminKeyMaxFailuresPerIp: 10,
      loginWindowMinutes: 15,
    });
  });
});
