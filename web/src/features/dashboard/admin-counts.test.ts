import { makeProduct } from '@/testing/fixtures';
import { adminCounts } from './admin-counts';

describe('admin dashboard counts (spec section 2)', () => {
  it('counts products with the active ones, orders with the pending ones (from the metrics), customers and low stock', () => {
    const counts = adminCounts({
      products: [
        makeProduct({ id: 'a' }),
        makeProduct({ id: 'b', isActive: false }),
        makeProduct({ id: 's', reviewStatus: 'pending_review', isActive: false, category: null }),
      ],
      // the server's figures: orders are never counted from a downloaded list
      metrics: { totalOrders: 3, pendingOrders: 2 },
      // the server's count of customers, not a list
      customers: 2,
      lowStock: [makeProduct({ id: 'b', stock: 2 })],
    });
    expect(counts).toEqual({ products: 2, activeProducts: 1, orders: 3, pendingOrders: 2, customers: 2, lowStock: 1 });
  });
  it('leaves out what has not loaded', () => {
    expect(adminCounts({})).toEqual({
      products: undefined,
      activeProducts: undefined,
      orders: undefined,
      pendingOrders: undefined,
      customers: undefined,
      lowStock: undefined,
    });
  });
});
