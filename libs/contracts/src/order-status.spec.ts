import { ORDER_STATUSES, ROLES } from './constants';
import { FINAL_ORDER_STATUSES, isFinalOrderStatus, mayChangeOrderStatus, nextOrderStatuses, ORDER_STATUS_TRANSITIONS } from './order-status';

describe('the order status transitions table', () => {
  it('has a row for every status and a list for every role, in the order of ORDER_STATUSES', () => {
    expect(Object.keys(ORDER_STATUS_TRANSITIONS)).toEqual([...ORDER_STATUSES]);
    for (const status of ORDER_STATUSES) {
      expect(Object.keys(ORDER_STATUS_TRANSITIONS[status]).sort()).toEqual([...ROLES].sort());
      for (const role of ROLES) {
        const next = nextOrderStatuses(status, role);
        expect(next).not.toContain(status); // the same status is not a transition
        expect(new Set(next).size).toBe(next.length);
        expect([...next]).toEqual(ORDER_STATUSES.filter((s) => next.includes(s)));
      }
    }
  });

  it('makes delivered and cancelled final, and nothing else', () => {
    expect(FINAL_ORDER_STATUSES).toEqual(['delivered', 'cancelled']);
    expect(ORDER_STATUSES.filter(isFinalOrderStatus)).toEqual(['delivered', 'cancelled']);
  });

  it('lets a customer only cancel a pending order', () => {
    const customerMoves = ORDER_STATUSES.flatMap((from) => nextOrderStatuses(from, 'customer').map((to) => `${from}->${to}`));
    expect(customerMoves).toEqual(['pending->cancelled']);
  });

  it('lets an admin set any other status until the order is final', () => {
    expect(mayChangeOrderStatus('pending', 'in_transit', 'admin')).toBe(true);
    expect(mayChangeOrderStatus('in_transit', 'pending', 'admin')).toBe(true);
    expect(mayChangeOrderStatus('delivered', 'pending', 'admin')).toBe(false);
    expect(mayChangeOrderStatus('cancelled', 'cancelled', 'admin')).toBe(false);
  });
});
