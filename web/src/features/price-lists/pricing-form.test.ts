import { percentToRate, pricingFieldOf, pricingFormValues, rateToPercent, toPricingSettings, validateDeliveryFee, validateOptionalAmount, validateTaxPercent } from './pricing-form';

describe('the bakery’s pricing settings form', () => {
  it('shows the tax rate as a percentage and sends it back as the rate, exactly', () => {
    expect(rateToPercent('0.085')).toBe('8.5');
    expect(rateToPercent('0.123456')).toBe('12.3456');
    expect(rateToPercent('1')).toBe('100');
    expect(rateToPercent('0')).toBe('0');
    expect(percentToRate('8.5')).toBe('0.085');
    expect(percentToRate('12.3456')).toBe('0.123456');
    expect(percentToRate('100')).toBe('1');
    expect(percentToRate('0')).toBe('0');
  });

  it('sends the minimum order and free-delivery threshold, null when empty (issue 19)', () => {
    const values = pricingFormValues({ deliveryFee: '12.50', taxRate: '0.085', minimumOrder: null, freeDeliveryThreshold: '200.00' });
    expect(values).toEqual({ deliveryFee: '12.50', taxPercent: '8.5', minimumOrder: '', freeDeliveryThreshold: '200.00' });
    expect(toPricingSettings({ ...values, minimumOrder: ' 20 ', freeDeliveryThreshold: '' })).toEqual({
      deliveryFee: '12.50',
      taxRate: '0.085',
      minimumOrder: '20',
      freeDeliveryThreshold: null,
    });
  });

  it('checks each field as the server does', () => {
    expect(validateDeliveryFee('12.50')).toBeUndefined();
    expect(validateDeliveryFee('10000')).toBe('Delivery fee must be an amount from 0 to 9999.99 with at most 2 decimal places');
    for (const ok of ['0', '8.5', '100', '12.3456']) expect(validateTaxPercent(ok)).toBeUndefined();
    for (const bad of ['100.01', '8.12345', '', 'x']) expect(validateTaxPercent(bad)).toBeDefined();
    expect(validateOptionalAmount('')).toBeUndefined();
    expect(validateOptionalAmount('ten')).toBeDefined();
    expect(pricingFieldOf('taxRate')).toBe('taxPercent');
    expect(pricingFieldOf('minimumOrder')).toBe('minimumOrder');
    expect(pricingFieldOf('other')).toBeNull();
  });
});
