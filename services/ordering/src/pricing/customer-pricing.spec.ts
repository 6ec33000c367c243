import { atCustomerPrices, belowMinimum, customerPricing, customerTotals } from './customer-pricing';

const BREAD = '11111111-1111-4111-8111-111111111111';
const ROLL = '22222222-2222-4222-8222-222222222222';
const SETTINGS = { deliveryFee: '12.50', taxRate: '0.085', minimumOrder: '30.00', freeDeliveryThreshold: null };
const NO_TERMS = { priceList: null, minimumOrder: null, deliveryFee: null, freeDeliveryThreshold: null };

describe('a customer’s pricing', () => {
  it('is the bakery’s without terms', () => {
    const pricing = customerPricing(SETTINGS, NO_TERMS);
    expect(pricing.terms).toEqual({ minimumOrder: '30.00', deliveryFee: '12.50', freeDeliveryThreshold: null });
    expect(atCustomerPrices([{ productId: BREAD, unitPrice: '4.50', quantity: 2 }], pricing)).toEqual([{ productId: BREAD, unitPrice: '4.50', quantity: 2 }]);
  });

  it('prices catalog’s lines at the customer’s list and charges their fee, waived at their threshold', () => {
    const pricing = customerPricing(SETTINGS, {
      priceList: { id: 'l', percentage: '90', fixedPrices: [{ productId: ROLL, price: '0.75' }] },
      minimumOrder: '20.00',
      deliveryFee: '5.00',
      freeDeliveryThreshold: '10.00',
    });
    const lines = atCustomerPrices(
      [
        { productId: BREAD, name: 'Bread', unitPrice: '4.50', quantity: 2 },
        { productId: ROLL, name: 'Roll', unitPrice: '1.00', quantity: 1 },
      ],
      pricing,
    );
    expect(lines.map((l) => [l.name, l.unitPrice])).toEqual([
      ['Bread', '4.05'],
      ['Roll', '0.75'],
    ]);
    // 8.85: below the 10.00 threshold, so the customer's 5.00 fee
    expect(customerTotals(lines, pricing)).toEqual({ subtotal: '8.85', deliveryFee: '5.00', tax: '0.75', total: '14.60', lineTotals: ['8.10', '0.75'] });
    expect(customerTotals([...lines, { unitPrice: '1.15', quantity: 1 }], pricing)).toMatchObject({ subtotal: '10.00', deliveryFee: '0.00', total: '10.85' });
    expect(belowMinimum(lines, pricing.terms)).toBe('The minimum order is $20.00: add $11.15 more to place this order');
    expect(belowMinimum([{ unitPrice: '20.00', quantity: 1 }], pricing.terms)).toBeNull();
  });
});
