import { isLiveProduct } from './live-product';

describe('a live product', () => {
  it('is active and approved', () => {
    expect(isLiveProduct({ isActive: true, reviewStatus: 'approved' })).toBe(true);
    expect(isLiveProduct({ isActive: false, reviewStatus: 'approved' })).toBe(false);
    expect(isLiveProduct({ isActive: true, reviewStatus: 'pending_review' })).toBe(false);
    expect(isLiveProduct({ isActive: true, reviewStatus: 'rejected' })).toBe(false);
    expect(isLiveProduct({ isActive: false, reviewStatus: 'pending_review' })).toBe(false);
  });

  it('is judged by isActive alone in a customer’s copy, which has no review status (catalog sends customers live ones only)', () => {
    expect(isLiveProduct({ isActive: true })).toBe(true);
    expect(isLiveProduct({ isActive: false })).toBe(false);
  });
});
