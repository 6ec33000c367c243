import { makeUser } from '@/testing/fixtures';
import { customerFormValues, toCreateCustomerInput, toUpdateCustomerInput } from './customer-form';

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
