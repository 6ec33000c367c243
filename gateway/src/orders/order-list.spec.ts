import { AppError, ErrorCode, ListOrdersQuery, ORDER_LIST_DEFAULT_LIMIT } from '@bakery/contracts';
import { decodeOrderCursor, encodeOrderCursor, nextPageUrl, orderListRequest } from './order-list';

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

describe('order list paging and filters (gateway)', () => {
  it('round-trips a cursor and refuses anything it did not make', () => {
    const text = encodeOrderCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeOrderCursor(text)).toEqual(cursor);
    const bytes = Buffer.from(text, 'base64url').toString();
    for (const forged of [
      'not a cursor',
      text.slice(0, -2),
      Buffer.from(bytes.replace('2026', 'x026')).toString('base64url'),
      Buffer.from(JSON.stringify([cursor.createdAt, 'not-a-uuid'])).toString('base64url'),
      Buffer.from(JSON.stringify({ createdAt: cursor.createdAt, id: cursor.id })).toString('base64url'),
      Buffer.from(JSON.stringify([cursor.createdAt, cursor.id, 1])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-13-45T99:99:99.000000Z', cursor.id])).toString('base64url'),
      '',
    ]) {
      expect(decodeOrderCursor(forged)).toBeNull();
    }
  });

  it('turns the query into filters, a cursor and a limit (default 50), statuses once each', () => {
    const query: ListOrdersQuery = { status: ['pending', 'confirmed', 'pending'], deliveryFrom: '2026-11-01', q: 'corner', cursor: encodeOrderCursor(cursor) };
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

  it('links the next page with every parameter kept and the cursor replaced', () => {
    const url = nextPageUrl('http://shop.test:3000', `/api/orders?status=pending&q=a%26b&limit=2&cursor=old`, cursor);
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('http://shop.test:3000/api/orders');
    expect(parsed.searchParams.get('status')).toBe('pending');
    expect(parsed.searchParams.get('q')).toBe('a&b');
    expect(parsed.searchParams.get('limit')).toBe('2');
    expect(decodeOrderCursor(parsed.searchParams.get('cursor')!)).toEqual(cursor);
  });
});
