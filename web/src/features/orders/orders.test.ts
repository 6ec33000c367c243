import { formatIsoDate } from '@/lib/dates';
import { deliveryText, filterOrders, itemSummary } from './filters';
import type { Order, OrderItem } from '@contracts/ordering';
import { makeOrder, makeOrderItem } from '@/testing/fixtures';

const item = (name: string, quantity = 1): OrderItem => makeOrderItem(name, quantity);
const order = (over: Partial<Order>): Order => makeOrder(over);

describe('order history', () => {
  it('lists the first 2 items and "+N more items"', () => {
    expect(itemSummary(order({ orderItems: [item('A', 2), item('B'), item('C'), item('D')] }))).toEqual({
      shown: ['2 × A', '1 × B'],
      more: '+2 more items',
    });
    expect(itemSummary(order({ orderItems: [item('A')] }))).toEqual({ shown: ['1 × A'], more: null });
  });
  it("shows delivery as date and slot, or 'Not scheduled'", () => {
    expect(deliveryText(order({}), formatIsoDate)).toBe('Not scheduled');
    expect(deliveryText(order({ deliveryDate: '2026-11-22', deliveryTimeSlot: '6:00 AM - 8:00 AM' }), formatIsoDate)).toBe(
      'Nov 22, 2026 · 6:00 AM - 8:00 AM',
    );
  });
  it('filters by status and by the local date placed', () => {
    const at = new Date(2026, 10, 21, 9, 30).toISOString();
    const orders = [order({ id: 'a', status: 'pending', createdAt: at }), order({ id: 'b', status: 'delivered', createdAt: at })];
    expect(filterOrders(orders, { status: 'all', date: '' }).map((o) => o.id)).toEqual(['a', 'b']);
    expect(filterOrders(orders, { status: 'delivered', date: '' }).map((o) => o.id)).toEqual(['b']);
    expect(filterOrders(orders, { status: 'all', date: '2026-11-21' }).map((o) => o.id)).toEqual(['a', 'b']);
    expect(filterOrders(orders, { status: 'all', date: '2026-11-20' })).toEqual([]);
  });
});
