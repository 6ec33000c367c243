import { invoiceListWhere } from './invoice-list.query';

const customer = { userId: '11111111-1111-4111-8111-111111111111', role: 'customer' as const };
const admin = { userId: '22222222-2222-4222-8222-222222222222', role: 'admin' as const };
const ORDER = '33333333-3333-4333-8333-333333333333';

describe('invoiceListWhere', () => {
  it('keeps a customer to their own invoices whatever the filters say', () => {
    const where = invoiceListWhere(customer, { customerId: admin.userId }, null, 'UTC');
    expect(where).toEqual({ sql: 'WHERE customer_id = $1::uuid', params: [customer.userId] });
  });

  it('has no conditions for an admin without filters, and one per filter otherwise', () => {
    expect(invoiceListWhere(admin, {}, null, 'UTC')).toEqual({ sql: '', params: [] });
    const where = invoiceListWhere(
      admin,
      { customerId: customer.userId, orderId: ORDER, paid: false, issuedFrom: '2026-11-01', issuedTo: '2026-11-30' },
      { createdAt: '2026-11-24T05:00:00.000000Z', id: admin.userId },
      'Europe/Berlin',
    );
    expect(where.sql).toBe(
      'WHERE customer_id = $1::uuid AND order_id = $2::uuid AND NOT paid' +
        ' AND issued_at >= ($4::date::timestamp AT TIME ZONE $3) AND issued_at < (($5::date + 1)::timestamp AT TIME ZONE $3)' +
        ' AND (issued_at, id) < ($6::timestamptz, $7::uuid)',
    );
    expect(where.params).toEqual([customer.userId, ORDER, 'Europe/Berlin', '2026-11-01', '2026-11-30', '2026-11-24T05:00:00.000000Z', admin.userId]);
  });

  it('narrows to the paid ones', () => {
    expect(invoiceListWhere(admin, { paid: true }, null, 'UTC').sql).toBe('WHERE paid');
  });
});
