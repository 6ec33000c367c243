import { ORDER_STATUSES, type OrderStatus, type Role } from '@bakery/contracts';
import { statusChangeProblem } from './order-status';

/**
 * Every (from, to) pair for every actor, written out on its own rather than read from the table:
 * `+` allowed, `=` the same status (an admin's no-op), `.` refused. Columns follow ORDER_STATUSES:
 * pending, confirmed, in_preparation, ready_for_delivery, in_transit, delivered, cancelled.
 */
const EXPECTED: Record<Role, Record<OrderStatus, string>> = {
  admin: {
    pending: '=++++++',
    confirmed: '+=+++++',
    in_preparation: '++=++++',
    ready_for_delivery: '+++=+++',
    in_transit: '++++=++',
    delivered: '.....=.',
    cancelled: '......=',
  },
  customer: {
    pending: '......+',
    confirmed: '.......',
    in_preparation: '.......',
    ready_for_delivery: '.......',
    in_transit: '.......',
    delivered: '.......',
    cancelled: '.......',
  },
};

/** The 409 message each refusal answers. */
function refusal(actor: Role, from: OrderStatus, to: OrderStatus): string {
  if (actor === 'customer') return to === 'cancelled' ? 'Only pending orders can be cancelled' : 'Customers can only cancel an order';
  return `This order is ${from} and can no longer change`;
}

describe('order status transitions (every pair of statuses, every actor)', () => {
  const cases = (['admin', 'customer'] as const).flatMap((actor) =>
    ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.map((to, column) => ({ actor, from, to, mark: EXPECTED[actor][from][column] })),
    ),
  );

  it('covers 7 x 7 pairs for both actors', () => {
    expect(cases).toHaveLength(2 * 7 * 7);
    for (const actor of ['admin', 'customer'] as const) {
      expect(Object.keys(EXPECTED[actor])).toEqual([...ORDER_STATUSES]);
      for (const row of Object.values(EXPECTED[actor])) expect(row).toHaveLength(ORDER_STATUSES.length);
    }
  });

  it.each(cases)('$actor: $from -> $to is "$mark"', ({ actor, from, to, mark }) => {
    const problem = statusChangeProblem(from, to, actor);
    if (mark === '+' || mark === '=') expect(problem).toBeNull();
    else expect(problem).toBe(refusal(actor, from, to));
  });
});
