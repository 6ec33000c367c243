import { AppError, ErrorCode, PAGE_LIMIT_DEFAULT } from '@bakery/contracts';
import { decodePageCursor, encodePageCursor, nextPageUrl, pageRequest } from './paging';

const cursor = { createdAt: '2026-11-24T05:30:00.123456Z', id: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' };

describe('paged lists: cursor and Link (gateway)', () => {
  it('round-trips a cursor and refuses anything it did not make', () => {
    const text = encodePageCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(text)).toEqual(cursor);
    const bytes = Buffer.from(text, 'base64url').toString();
    for (const forged of [
      'not a cursor',
      text.slice(0, -2),
      Buffer.from(bytes.replace('2026', 'x026')).toString('base64url'),
      Buffer.from(JSON.stringify([cursor.createdAt, 'not-a-uuid'])).toString('base64url'),
      Buffer.from(JSON.stringify({ createdAt: cursor.createdAt, id: cursor.id })).toString('base64url'),
      Buffer.from(JSON.stringify([cursor.createdAt, cursor.id, 1])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-13-45T99:99:99.000000Z', cursor.id])).toString('base64url'),
      // milliseconds only: not a cursor a page hands out
      Buffer.from(JSON.stringify(['2026-11-24T05:30:00.123Z', cursor.id])).toString('base64url'),
      '',
    ]) {
      expect(decodePageCursor(forged)).toBeNull();
    }
  });

  it('turns the query into where the page starts and its size (default 50); a forged cursor is a 400 on the cursor', () => {
    expect(pageRequest({})).toEqual({ after: null, limit: PAGE_LIMIT_DEFAULT });
    expect(pageRequest({ limit: 7, cursor: encodePageCursor(cursor) })).toEqual({ after: cursor, limit: 7 });
    let refused: unknown;
    try {
      pageRequest({ cursor: 'forged' });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.ValidationFailed);
    expect(Object.keys((refused as AppError).fields ?? {})).toEqual(['cursor']);
  });

  it('links the next page with every parameter kept and the cursor replaced', () => {
    const url = new URL(nextPageUrl('http://shop.test:3000', '/api/customers?q=a%26b&limit=2&cursor=old', cursor));
    expect(url.origin + url.pathname).toBe('http://shop.test:3000/api/customers');
    expect(url.searchParams.get('q')).toBe('a&b');
    expect(url.searchParams.get('limit')).toBe('2');
    expect([...url.searchParams.keys()]).toEqual(['q', 'limit', 'cursor']);
    expect(decodePageCursor(url.searchParams.get('cursor')!)).toEqual(cursor);
  });
});
