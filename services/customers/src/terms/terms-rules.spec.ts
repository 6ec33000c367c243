import { CustomerTermsMessages } from '@bakery/contracts';
import { applyTermsChange, DEFAULT_TERMS, termsChanges } from './terms-rules';

const LIST = 'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA';

describe('a customer’s terms change', () => {
  it('sets what is given, keeps what is left out, clears what is null, amounts with two decimals', () => {
    const first = applyTermsChange(DEFAULT_TERMS, { priceListId: LIST, minimumOrder: '50', freeDeliveryThreshold: '120.5' });
    expect(first).toEqual({
      terms: { priceListId: LIST.toLowerCase(), minimumOrder: '50.00', deliveryFee: null, freeDeliveryThreshold: '120.50', onHold: false, holdReason: null },
    });
    const second = applyTermsChange((first as { terms: typeof DEFAULT_TERMS }).terms, { minimumOrder: null, deliveryFee: '0' });
    expect(second).toEqual({
      terms: { priceListId: LIST.toLowerCase(), minimumOrder: null, deliveryFee: '0.00', freeDeliveryThreshold: '120.50', onHold: false, holdReason: null },
    });
  });

  it('needs a reason to hold an account, and lifting the hold clears it', () => {
    expect(applyTermsChange(DEFAULT_TERMS, { onHold: true })).toEqual({ problems: { holdReason: [CustomerTermsMessages.holdReasonRequired] } });
    expect(applyTermsChange(DEFAULT_TERMS, { onHold: true, holdReason: null })).toEqual({ problems: { holdReason: [CustomerTermsMessages.holdReasonRequired] } });
    const held = applyTermsChange(DEFAULT_TERMS, { onHold: true, holdReason: 'Invoices 60 days overdue' });
    expect(held).toEqual({ terms: { ...DEFAULT_TERMS, onHold: true, holdReason: 'Invoices 60 days overdue' } });
    const heldTerms = (held as { terms: typeof DEFAULT_TERMS }).terms;
    // a new reason while held; the hold kept
    expect(applyTermsChange(heldTerms, { holdReason: 'Paid half' })).toEqual({ terms: { ...heldTerms, holdReason: 'Paid half' } });
    expect(applyTermsChange(heldTerms, { onHold: false })).toEqual({ terms: DEFAULT_TERMS });
    // a reason without a hold means nothing
    expect(applyTermsChange(DEFAULT_TERMS, { holdReason: 'x' })).toEqual({ terms: DEFAULT_TERMS });
  });

  it('audits each changed field with its old and new value', () => {
    const after = { ...DEFAULT_TERMS, priceListId: LIST, minimumOrder: '50.00', onHold: true, holdReason: 'Overdue' };
    expect(termsChanges(DEFAULT_TERMS, after)).toEqual([
      { field: 'priceListId', oldValue: null, newValue: LIST },
      { field: 'minimumOrder', oldValue: null, newValue: '50.00' },
      { field: 'onHold', oldValue: 'false', newValue: 'true' },
      { field: 'holdReason', oldValue: null, newValue: 'Overdue' },
    ]);
    expect(termsChanges(after, after)).toEqual([]);
  });
});
