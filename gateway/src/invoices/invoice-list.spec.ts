import { AppError, ErrorCode, PAGE_LIMIT_DEFAULT } from '@bakery/contracts';
import { encodePageCursor } from '../http/paging';
import { invoiceListRequest } from './invoice-list';

const cursor = { createdAt: '2026-11-24T05:30:00.123456Z', id: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' };
const CUSTOMER = '11111111-1111-4111-8111-111111111111';

function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('invoice list query (gateway)', () => {
  it('turns the query into filters, a cursor and a limit (default 50)', () => {
    expect(invoiceListRequest({ customerId: CUSTOMER, paid: false, issuedFrom: '2026-11-01', cursor: encodePageCursor(cursor) }, 'admin')).toEqual({
      filters: { customerId: CUSTOMER, paid: false, issuedFrom: '2026-11-01' },
      after: cursor,
      limit: PAGE_LIMIT_DEFAULT,
    });
    expect(invoiceListRequest({ limit: 7, paid: true }, 'customer')).toEqual({ filters: { paid: true }, after: null, limit: 7 });
  });

  it('refuses a customer the customerId filter (403), a bad cursor or a backwards range (400 with fields)', () => {
    expect(refusal(() => invoiceListRequest({ customerId: CUSTOMER }, 'customer')).code).toBe(ErrorCode.Forbidden);
    expect(refusal(() => invoiceListRequest({ cursor: 'nope' }, 'admin')).fields).toEqual({ cursor: ['Not a cursor of this list'] });
    expect(refusal(() => invoiceListRequest({ issuedFrom: '2026-11-02', issuedTo: '2026-11-01' }, 'admin')).fields).toEqual({
      issuedTo: ['issuedTo must not be before issuedFrom'],
    });
  });
});
