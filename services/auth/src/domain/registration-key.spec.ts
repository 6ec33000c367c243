import { registrationKeyMatches } from './registration-key';

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
