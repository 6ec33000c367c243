import { accountItems, mainItems, NAV_HREFS } from '@/components/layouts/nav-items';
import { ApiError } from '@/lib/api-client';
import { isNavActive } from '@/lib/nav';
import type { CustomerAccount } from './api/account';
import { businessTypeOptions, detailsFormValues, fieldErrorsOf, PASSWORD_FIELDS, toAccountChanges } from './account-form';

const ACCOUNT: CustomerAccount = {
  id: 'cccccccc-cccc-cccc-cccc-cccccccccccc',
  email: 'cafe@example.test',
  role: 'customer',
  firstName: 'Rosa',
  lastName: null,
  profileImageUrl: null,
  businessName: 'Corner Coffee',
  businessType: 'restaurant',
  phone: '+1 555 0100',
  address: null,
  dropPosition: 3,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('the Account page’s business details (issue 20)', () => {
  it('sends only what changed, trimmed, an emptied field as null, never the drop position', () => {
    expect(toAccountChanges(ACCOUNT, detailsFormValues(ACCOUNT))).toEqual({});
    expect(toAccountChanges(ACCOUNT, { ...detailsFormValues(ACCOUNT), businessName: ' Corner Coffee Co ', phone: '  ', address: '1 Bean St' })).toEqual({
      businessName: 'Corner Coffee Co',
      phone: null,
      address: '1 Bean St',
    });
  });

  it('keeps a type the bakery gave by not sending it, and offers it beside the self-service ones', () => {
    expect(toAccountChanges(ACCOUNT, { ...detailsFormValues(ACCOUNT), businessType: 'bakery' })).toEqual({ businessType: 'bakery' });
    expect(businessTypeOptions('restaurant').map((o) => o.label)).toEqual(['Coffee Shop', 'Bakery', 'Restaurant']);
    expect(businessTypeOptions('bakery').map((o) => o.label)).toEqual(['Coffee Shop', 'Bakery']);
    expect(businessTypeOptions(null).map((o) => o.value)).toEqual(['coffee_shop', 'bakery']);
  });

  it('reads a 400’s field messages for the form’s own fields only', () => {
    const body = { statusCode: 400, message: 'x', errors: { currentPassword: ['Current password is incorrect'], userId: ['nope'] } };
    expect(fieldErrorsOf(new ApiError(400, 'Bad Request', JSON.stringify(body)), PASSWORD_FIELDS)).toEqual([
      { name: 'currentPassword', errors: ['Current password is incorrect'] },
    ]);
    expect(fieldErrorsOf(new ApiError(429, 'Too Many Requests', '{"message":"slow down"}'), PASSWORD_FIELDS)).toEqual([]);
  });
});

describe('the Account entry of the navigation', () => {
  it('is for customers only, beside (not among) the main entries, and active on its page alone', () => {
    expect(accountItems(false).map((i) => [i.label, i.href])).toEqual([['Account', '/account']]);
    expect(accountItems(true)).toEqual([]);
    expect(mainItems(false).map((i) => i.href)).not.toContain('/account');
    expect(NAV_HREFS.filter((href) => isNavActive('/account', href, NAV_HREFS))).toEqual(['/account']);
  });
});
