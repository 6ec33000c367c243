import type { CustomerTerms } from '@contracts/customer-terms';
import { auditValueText, termsFormValues, toTermsChanges, validateHoldReason, validateTermsAmount } from './terms-form';

const SAVED: CustomerTerms = { priceListId: null, minimumOrder: null, deliveryFee: '7.50', freeDeliveryThreshold: null, onHold: false, holdReason: null };

describe('a customer’s terms form (issue 19)', () => {
  it('sends only what changed: empty is the bakery’s default (null), the same amount written otherwise is no change', () => {
    const values = termsFormValues(SAVED);
    expect(values).toEqual({ priceListId: '', minimumOrder: '', deliveryFee: '7.50', freeDeliveryThreshold: '', onHold: false, holdReason: '' });
    expect(toTermsChanges(SAVED, values)).toEqual({});
    expect(toTermsChanges(SAVED, { ...values, deliveryFee: '7.5' })).toEqual({});
    expect(toTermsChanges(SAVED, { ...values, priceListId: 'l1', minimumOrder: ' 25 ', deliveryFee: '' })).toEqual({
      priceListId: 'l1',
      minimumOrder: '25',
      deliveryFee: null,
    });
    expect(toTermsChanges({ ...SAVED, priceListId: 'l1' }, { ...values, priceListId: '' })).toEqual({ priceListId: null });
  });

  it('puts an account on hold with its reason, changes the reason alone, and lifts the hold without one', () => {
    const values = termsFormValues(SAVED);
    expect(toTermsChanges(SAVED, { ...values, onHold: true, holdReason: ' Cheque bounced ' })).toEqual({ onHold: true, holdReason: 'Cheque bounced' });
    const held = { ...SAVED, onHold: true, holdReason: 'Cheque bounced' };
    expect(toTermsChanges(held, { ...termsFormValues(held), holdReason: 'Invoices 60 days overdue' })).toEqual({ holdReason: 'Invoices 60 days overdue' });
    expect(toTermsChanges(held, { ...termsFormValues(held), onHold: false })).toEqual({ onHold: false });
  });

  it('checks amounts and that a hold has a reason', () => {
    for (const ok of ['', ' ', '0', '25', '25.5', '99999999.99']) expect(validateTermsAmount(ok)).toBeUndefined();
    for (const bad of ['-1', 'ten', '1.234', '123456789']) expect(validateTermsAmount(bad)).toMatch(/^Enter an amount/);
    expect(validateHoldReason('', true)).toBe('A reason is required to put an account on hold');
    expect(validateHoldReason('x'.repeat(501), true)).toBe('Hold reason must be 1 to 500 characters, or null');
    expect(validateHoldReason('', false)).toBeUndefined();
    expect(validateHoldReason('Overdue', true)).toBeUndefined();
  });

  it('writes the audit’s values in words', () => {
    const name = (id: string) => (id === 'l1' ? 'Cafe chain' : '?');
    expect(auditValueText('priceListId', 'l1', name)).toBe('Cafe chain');
    expect(auditValueText('priceListId', null, name)).toBe('Default prices');
    expect(auditValueText('minimumOrder', null, name)).toBe('Bakery default');
    expect(auditValueText('minimumOrder', '25.00', name)).toBe('$25.00');
    expect(auditValueText('onHold', 'true', name)).toBe('On hold');
    expect(auditValueText('onHold', 'false', name)).toBe('Active');
    expect(auditValueText('holdReason', 'Cheque bounced', name)).toBe('“Cheque bounced”');
    expect(auditValueText('holdReason', null, name)).toBe('None');
  });
});
