import { makeUser } from '@/testing/fixtures';
import { customerFormValues, toCreateCustomerInput, toUpdateCustomerInput, validateDropPosition } from './customer-form';

describe('customer forms', () => {
  it('sends email and password, and only the optional fields that were filled in', () => {
    expect(toCreateCustomerInput({ email: ' new@shop.test ', password: 'secret1', firstName: ' ', businessName: 'Trattoria Sole', businessType: 'restaurant' })).toEqual({
      email: 'new@shop.test',
      password: 'secret1',
      businessName: 'Trattoria Sole',
      businessType: 'restaurant',
    });
  });
  it('edits only what changed, and clears an emptied field with null', () => {
    const customer = makeUser({ firstName: 'Marco', lastName: 'Rossi', phone: '555-0142', address: '12 Harbour Street', businessType: 'restaurant' });
    const values = { ...customerFormValues(customer), phone: '555-0199 ', address: '' };
    expect(toUpdateCustomerInput(customer, values)).toEqual({ phone: '555-0199', address: null });
    expect(toUpdateCustomerInput(customer, customerFormValues(customer))).toEqual({});
    expect(toUpdateCustomerInput(customer, { ...customerFormValues(customer), businessType: undefined })).toEqual({ businessType: null });
  });
});

describe('drop position (issue 18)', () => {
  it('is empty or a whole number from 1 to 9999', () => {
    for (const ok of [null, undefined, 1, 12, 9999]) expect(validateDropPosition(ok)).toBeUndefined();
    for (const bad of [0, -3, 2.5, 10_000]) expect(validateDropPosition(bad)).toBe('Drop position must be a whole number from 1 to 9999');
  });

  it('is sent on Edit when changed, null when emptied; an answer without one is left alone', () => {
    const customer = { ...makeUser({ businessName: 'Corner Coffee' }), dropPosition: 3 };
    expect(customerFormValues(customer).dropPosition).toBe(3);
    expect(toUpdateCustomerInput(customer, customerFormValues(customer))).toEqual({});
    expect(toUpdateCustomerInput(customer, { ...customerFormValues(customer), dropPosition: 7 })).toEqual({ dropPosition: 7 });
    expect(toUpdateCustomerInput(customer, { ...customerFormValues(customer), dropPosition: null })).toEqual({ dropPosition: null });
    const older = makeUser({ businessName: 'Corner Coffee' });
    expect(toUpdateCustomerInput(older, customerFormValues(older))).toEqual({});
    expect(toUpdateCustomerInput(older, { ...customerFormValues(older), dropPosition: undefined })).toEqual({});
  });
});
