import { formatIsoDate } from '@/lib/dates';
import { deliveryText, itemSummary, ordersCountText } from './filters';
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
  it('counts what the server counted, or says how many of the first are shown', () => {
    expect(ordersCountText(20, 57, false)).toBe('57 orders, showing 20');
    expect(ordersCountText(57, 57, false)).toBe('57 orders');
    expect(ordersCountText(1, 1, true)).toBe('1 matching order');
    expect(ordersCountText(20, null, true)).toBe('Showing the first 20 orders');
  });
});
