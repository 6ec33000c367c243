import { displayName, initials, isAdmin, roleLabel } from './user';

describe('displayName (spec section 2)', () => {
  it('is first and last name when both are there', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Baker', businessName: 'Corner Coffee', email: 'ada@x.test' })).toBe('Ada Baker');
  });
  it('falls back to the business name when a name part is missing', () => {
    expect(displayName({ firstName: 'Ada', lastName: null, businessName: 'Corner Coffee', email: 'ada@x.test' })).toBe('Corner Coffee');
    expect(displayName({ firstName: null, lastName: 'Baker', businessName: 'Corner Coffee', email: 'ada@x.test' })).toBe('Corner Coffee');
  });
  it('then to the email, then to User', () => {
    expect(displayName({ firstName: null, lastName: null, businessName: null, email: 'ada@x.test' })).toBe('ada@x.test');
    expect(displayName({ firstName: '', lastName: ' ', businessName: '', email: '' })).toBe('User');
    expect(displayName(null)).toBe('User');
    expect(displayName(undefined)).toBe('User');
  });
});

describe('initials (spec section 2)', () => {
  it('are the first and last name initials', () => {
    expect(initials({ firstName: 'ada', lastName: 'baker', email: 'zz@x.test' })).toBe('AB');
  });
  it('are the first two letters of the email in upper case without both names', () => {
    expect(initials({ firstName: 'Ada', lastName: null, businessName: 'Corner Coffee', email: 'cafe@demo.bakery' })).toBe('CA');
    expect(initials({ email: 'q@x.test' })).toBe('Q@');
  });
  it('are U with nothing to go on (the business name does not count)', () => {
    expect(initials({ businessName: 'Corner Coffee' })).toBe('U');
    expect(initials(null)).toBe('U');
  });
});

describe('roles', () => {
  it('labels admins Administrator and everyone else Customer', () => {
    expect(roleLabel({ role: 'admin' })).toBe('Administrator');
    expect(roleLabel({ role: 'customer' })).toBe('Customer');
    expect(isAdmin({ role: 'admin' })).toBe(true);
    expect(isAdmin(null)).toBe(false);
  });
});
