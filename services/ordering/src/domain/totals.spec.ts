import { computeTotals } from './totals';

describe('computeTotals', () => {
  it('matches the worked example: 2 × 3.25 + 1 × 5.10', () => {
    const totals = computeTotals(
      [
        { unitPrice: '3.25', quantity: 2 },
        { unitPrice: '5.10', quantity: 1 },
      ],
      { deliveryFee: '12.50', taxRate: '0.085' },
    );
    expect(totals).toEqual({ subtotal: '11.60', deliveryFee: '12.50', tax: '0.99', total: '25.09', lineTotals: ['6.50', '5.10'] });
  });

  it('is exact where floats are not', () => {
    const totals = computeTotals([{ unitPrice: '0.10', quantity: 3 }, { unitPrice: '0.20', quantity: 1 }], { deliveryFee: '0', taxRate: '0' });
    expect(totals.subtotal).toBe('0.50');
    expect(totals.total).toBe('0.50');
  });

  it('rounds tax half-up to cents', () => {
    expect(computeTotals([{ unitPrice: '1.00', quantity: 1 }], { deliveryFee: '0', taxRate: '0.005' }).tax).toBe('0.01');
    expect(computeTotals([{ unitPrice: '1.00', quantity: 1 }], { deliveryFee: '0', taxRate: '0.0049' }).tax).toBe('0.00');
  });
});
