import type { Identity } from '@bakery/contracts';
import { copiesToWrite, CUSTOMER_NAME_SQL, customerListWhere } from './customer-list.query';

const after = { createdAt: '2026-11-24T05:30:00.123456Z', id: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' };

function identity(id: string, fields: Partial<Identity> = {}): Identity {
  return {
    id,
    email: `${id}@shop.test`,
    role: 'customer',
    firstName: 'Carla',
    lastName: 'Bean',
    profileImageUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('the customer directory query', () => {
  it('has no conditions for the first page of everyone', () => {
    expect(customerListWhere(undefined, null)).toEqual({ sql: '', params: [] });
  });

  it('searches business name, "first last" and email with one literal pattern, and starts after the cursor', () => {
    const where = customerListWhere('50%_off', after);
    expect(where.params).toEqual(['%50\\%\\_off%', after.createdAt, after.id]);
    expect(where.sql).toBe(
      `WHERE (business_name ILIKE $1 OR ${CUSTOMER_NAME_SQL} ILIKE $1 OR email ILIKE $1) AND (created_at, user_id) < ($2::timestamptz, $3::uuid)`,
    );
    // the index of migration CustomerListSearch1763700013000 is on this very expression
    expect(CUSTOMER_NAME_SQL).toBe(`(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`);
  });
});

describe('keeping the copies of auth identities', () => {
  const row = (userId: string, fields: Partial<{ email: string | null; firstName: string | null; lastName: string | null; identityCopied: boolean }> = {}) => ({
    userId,
    email: `${userId}@shop.test`,
    firstName: 'Carla',
    lastName: 'Bean',
    identityCopied: true,
    ...fields,
  });

  it('writes nothing when every copy is auth’s', () => {
    expect(copiesToWrite([row('a'), row('b')], [identity('a'), identity('b')], { markMissing: true })).toEqual([]);
  });

  it('copies a row not yet copied, or one whose names differ, only where the row is still as read', () => {
    const stale = row('b', { firstName: 'Old' });
    const old = row('c', { email: null, firstName: null, lastName: null, identityCopied: false });
    const writes = copiesToWrite([row('a'), stale, old], [identity('a'), identity('b', { firstName: 'New' }), identity('c')], { markMissing: false });
    expect(writes).toEqual([
      { userId: 'b', seen: stale, copy: { email: 'b@shop.test', firstName: 'New', lastName: 'Bean' } },
      { userId: 'c', seen: old, copy: { email: 'c@shop.test', firstName: 'Carla', lastName: 'Bean' } },
    ]);
  });

  it('marks a row with no active account only for the backfill, and only once', () => {
    const orphan = row('x', { identityCopied: false });
    expect(copiesToWrite([orphan], [], { markMissing: false })).toEqual([]);
    expect(copiesToWrite([orphan], [], { markMissing: true })).toEqual([{ userId: 'x', seen: orphan, copy: null }]);
    expect(copiesToWrite([row('x')], [], { markMissing: true })).toEqual([]);
  });
});
