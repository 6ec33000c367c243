import { initials as shellInitials, displayName as shellDisplayName } from '@/lib/user';
import { makeUser } from '@/testing/fixtures';
import { accountStatus, businessTypeText, customerDisplayName, customerInitials, customerSince, sinceYear } from './display';

describe('Manage Customers: initials (spec section 2)', () => {
  it('are the first two letters of the business name, upper-cased', () => {
    expect(customerInitials({ businessName: 'corner Coffee', firstName: 'Ada', lastName: 'Baker', email: 'zz@x.test' })).toBe('CO');
    expect(customerInitials({ businessName: '  Trattoria Sole ' })).toBe('TR');
  });
  it('else the first and last name initials', () => {
    expect(customerInitials({ businessName: null, firstName: 'marco', lastName: 'rossi', email: 'zz@x.test' })).toBe('MR');
    expect(customerInitials({ businessName: '  ', firstName: 'Marco', lastName: 'Rossi' })).toBe('MR');
  });
  it('else the first two letters of the email, else CU', () => {
    expect(customerInitials({ firstName: 'Marco', lastName: null, email: 'qa@x.test' })).toBe('QA');
    expect(customerInitials({ email: '' })).toBe('CU');
    expect(customerInitials(null)).toBe('CU');
  });
  it('differ from the shell: the business comes first here', () => {
    const user = { businessName: 'Corner Coffee', firstName: 'Ada', lastName: 'Baker', email: 'cafe@demo.bakery' };
    expect(customerInitials(user)).toBe('CO');
    expect(shellInitials(user)).toBe('AB');
    expect(customerInitials({ email: '' })).toBe('CU');
    expect(shellInitials({ email: '' })).toBe('U');
  });
});

describe('Manage Customers: display name (spec section 2)', () => {
  it('is the business name, else first and last name, else the email', () => {
    expect(customerDisplayName({ businessName: 'Corner Coffee', firstName: 'Ada', lastName: 'Baker', email: 'a@x.test' })).toBe('Corner Coffee');
    expect(customerDisplayName({ businessName: null, firstName: 'Ada', lastName: 'Baker', email: 'a@x.test' })).toBe('Ada Baker');
    expect(customerDisplayName({ businessName: '', firstName: 'Ada', lastName: null, email: 'a@x.test' })).toBe('a@x.test');
  });
  it('differs from the shell, which puts the person first', () => {
    const user = { businessName: 'Corner Coffee', firstName: 'Ada', lastName: 'Baker', email: 'a@x.test' };
    expect(customerDisplayName(user)).toBe('Corner Coffee');
    expect(shellDisplayName(user)).toBe('Ada Baker');
  });
});

describe('Manage Customers: the rest of a card', () => {
  it("says Active for a customer's account, otherwise the role", () => {
    expect(accountStatus({ role: 'customer' })).toBe('Active');
    expect(accountStatus({ role: 'admin' })).toBe('admin');
  });
  it('shows the business type with the underscore as a space (mobile)', () => {
    expect(businessTypeText('coffee_shop')).toBe('coffee shop');
    expect(businessTypeText('restaurant')).toBe('restaurant');
    expect(businessTypeText(null)).toBeNull();
  });
  it("says 'Customer since {year}' on desktop and 'Since {year}' on mobile", () => {
    const c = makeUser({ createdAt: new Date(2025, 5, 1).toISOString() });
    expect(customerSince(c, false)).toBe('Customer since 2025');
    expect(customerSince(c, true)).toBe('Since 2025');
    expect(sinceYear('not a date')).toBe('');
  });
});
