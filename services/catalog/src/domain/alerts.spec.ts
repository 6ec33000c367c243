import { AlertInput, decideAlert } from './alerts';

const base: AlertInput = { name: 'Sourdough Loaf', stock: 40, lowStockThreshold: 10, reviewStatus: 'approved', openAlert: null };

describe('decideAlert', () => {
  it('does nothing while stock is above the threshold', () => {
    expect(decideAlert(base)).toEqual({ action: 'none' });
  });

  it('opens a low_stock alert at or below the threshold, with a readable message', () => {
    expect(decideAlert({ ...base, stock: 10 })).toEqual({
      action: 'open',
      alertType: 'low_stock',
      message: 'Sourdough Loaf is low on stock: 10 left (threshold 10)',
    });
    expect(decideAlert({ ...base, stock: 4 })).toMatchObject({ action: 'open', alertType: 'low_stock' });
  });

  it('opens an out_of_stock alert at 0', () => {
    expect(decideAlert({ ...base, stock: 0 })).toEqual({
      action: 'open',
      alertType: 'out_of_stock',
      message: 'Sourdough Loaf is out of stock (threshold 10)',
    });
  });

  it('keeps a single open alert while the product stays low', () => {
    expect(decideAlert({ ...base, stock: 3, openAlert: { alertType: 'low_stock' } })).toEqual({ action: 'none' });
    expect(decideAlert({ ...base, stock: 0, openAlert: { alertType: 'out_of_stock' } })).toEqual({ action: 'none' });
    expect(decideAlert({ ...base, stock: 2, openAlert: { alertType: 'out_of_stock' } })).toEqual({ action: 'none' });
  });

  it('escalates an open low_stock alert when the product runs out', () => {
    expect(decideAlert({ ...base, stock: 0, openAlert: { alertType: 'low_stock' } })).toMatchObject({
      action: 'escalate',
      alertType: 'out_of_stock',
    });
  });

  it('resolves the open alert once stock is above the threshold again', () => {
    expect(decideAlert({ ...base, stock: 11, openAlert: { alertType: 'low_stock' } })).toEqual({ action: 'resolve' });
    expect(decideAlert({ ...base, stock: 50, lowStockThreshold: 60, openAlert: null })).toMatchObject({ action: 'open' });
  });

  it('ignores submissions that are not approved, and resolves an alert of a product taken out of the catalogue', () => {
    expect(decideAlert({ ...base, stock: 1, reviewStatus: 'pending_review' })).toEqual({ action: 'none' });
    expect(decideAlert({ ...base, stock: 1, reviewStatus: 'rejected', openAlert: { alertType: 'low_stock' } })).toEqual({
      action: 'resolve',
    });
  });

  it('treats a threshold of 0 as "alert only when sold out"', () => {
    expect(decideAlert({ ...base, stock: 1, lowStockThreshold: 0 })).toEqual({ action: 'none' });
    expect(decideAlert({ ...base, stock: 0, lowStockThreshold: 0 })).toMatchObject({ action: 'open', alertType: 'out_of_stock' });
  });
});
