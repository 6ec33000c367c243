import { AppError, ErrorCode, ListOrdersQuery, ORDER_LIST_DEFAULT_LIMIT } from '@bakery/contracts';
import { encodePageCursor } from '../http/paging';
import { orderListRequest } from './order-list';

const cursor = { createdAt: '2026-11-24T05:30:00.123456Z', id: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' };

function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('order list filters (gateway)', () => {
  // the cursor and the Link are every list's: ../http/paging.spec.ts
  it('turns the query into filters, a cursor and a limit (default 50), statuses once each', () => {
    const query: ListOrdersQuery = { status: ['pending', 'confirmed', 'pending'], deliveryFrom: '2026-11-01', q: 'corner', cursor: encodePageCursor(cursor) };
    expect(orderListRequest(query, 'admin')).toEqual({
      filters: { statuses: ['pending', 'confirmed'], deliveryFrom: '2026-11-01', q: 'corner' },
      after: cursor,
      limit: ORDER_LIST_DEFAULT_LIMIT,
    });
    expect(orderListRequest({ limit: 7 }, 'customer')).toEqual({ filters: {}, after: null, limit: 7 });
  });

  it('refuses a customer the admin-only filters (403) and a bad cursor or backwards range (400 with fields)', () => {
    expect(refusal(() => orderListRequest({ q: 'x' }, 'customer')).code).toBe(ErrorCode.Forbidden);
    expect(refusal(() => orderListRequest({ customerId: cursor.id }, 'customer')).code).toBe(ErrorCode.Forbidden);
    const bad = refusal(() =>
      orderListRequest({ cursor: 'forged', deliveryFrom: '2026-11-10', deliveryTo: '2026-11-09', placedFrom: '2026-02-02', placedTo: '2026-02-01' }, 'admin'),
    );
    expect(bad.code).toBe(ErrorCode.ValidationFailed);
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['cursor', 'deliveryTo', 'placedTo']);
  });
});
