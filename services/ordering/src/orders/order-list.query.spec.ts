import { customerScopeOnly, orderListWhere } from './order-list.query';

const customer = { userId: '11111111-1111-4111-8111-111111111111', role: 'customer' as const };
const admin = { userId: '22222222-2222-4222-8222-222222222222', role: 'admin' as const };

describe('orderListWhere', () => {
  it('keeps a customer to their own orders whatever the filters say, and ignores their search', () => {
    const where = orderListWhere(customer, { customerId: admin.userId, q: 'anything' }, null, 'UTC');
    expect(where.sql).toBe('WHERE customer_id = $1::uuid');
    expect(where.params).toEqual([customer.userId]);
  });

  it('has no conditions for an admin without filters, and one per filter otherwise', () => {
    expect(orderListWhere(admin, {}, null, 'UTC')).toEqual({ sql: '', params: [] });
    const where = orderListWhere(
      admin,
      { statuses: ['pending'], deliveryDate: '2026-11-25', placedFrom: '2026-11-01', placedTo: '2026-11-30', q: 'cafe', customerId: customer.userId },
      { createdAt: '2026-11-24T05:00:00.000000Z', id: admin.userId },
      'Europe/Berlin',
    );
    expect(where.sql).toBe(
      'WHERE customer_id = $1::uuid AND status = ANY($2::varchar[]) AND delivery_date = $3::date' +
        ' AND created_at >= ($5::date::timestamp AT TIME ZONE $4) AND created_at < (($6::date + 1)::timestamp AT TIME ZONE $4)' +
        ' AND (id::text ILIKE $7 OR customer_business_name ILIKE $7 OR customer_email ILIKE $7)' +
        ' AND (created_at, id) < ($8::timestamptz, $9::uuid)',
    );
    expect(where.params).toEqual([
      customer.userId,
      ['pending'],
      '2026-11-25',
      'Europe/Berlin',
      '2026-11-01',
      '2026-11-30',
      '%cafe%',
      '2026-11-24T05:00:00.000000Z',
      admin.userId,
    ]);
  });
});

describe('customerScopeOnly', () => {
  it('names the customer of a list nothing else narrows: every order for an admin, their own for a customer', () => {
    expect(customerScopeOnly(admin, {})).toEqual({});
    expect(customerScopeOnly(admin, { customerId: customer.userId })).toEqual({ customerId: customer.userId });
    expect(customerScopeOnly(customer, { customerId: admin.userId, q: 'ignored for a customer' })).toEqual({ customerId: customer.userId });
    expect(customerScopeOnly(admin, { statuses: [] })).toEqual({});
  });

  it('is null as soon as a status, date or (admin) search narrows the list', () => {
    for (const filters of [
      { statuses: ['pending' as const] },
      { deliveryDate: '2026-11-25' },
      { deliveryFrom: '2026-11-25' },
      { deliveryTo: '2026-11-25' },
      { placedFrom: '2026-11-01' },
      { placedTo: '2026-11-30' },
      { q: 'cafe' },
    ]) {
      expect({ filters, scope: customerScopeOnly(admin, filters) }).toEqual({ filters, scope: null });
    }
    expect(customerScopeOnly(customer, { deliveryDate: '2026-11-25' })).toBeNull();
  });
});
