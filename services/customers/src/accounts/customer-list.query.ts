import type { Identity, PageCursor } from '@bakery/contracts';
import { likePattern } from '@bakery/platform';

/**
 * The person's name as the directory searches it ("Carla Bean": a search for "la be" finds it).
 * The same expression as the trigram index of migration CustomerListSearch1763700013000.
 */
export const CUSTOMER_NAME_SQL = `(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`;

/** A WHERE clause and its parameters ($1, $2, ... in order). */
export interface CustomerListWhere {
  sql: string;
  params: unknown[];
}

/**
 * The conditions of one page of the directory: `q` anywhere in the business name, the person's
 * name or the email (any case, `%` and `_` as themselves), and `after` starts the page after that
 * row (keyset on created_at, user_id, newest first: stable while customers sign up between pages).
 */
export function customerListWhere(q: string | undefined, after: PageCursor | null): CustomerListWhere {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (q) {
    const like = param(likePattern(q));
    conditions.push(`(business_name ILIKE ${like} OR ${CUSTOMER_NAME_SQL} ILIKE ${like} OR email ILIKE ${like})`);
  }
  if (after) conditions.push(`(created_at, user_id) < (${param(after.createdAt)}::timestamptz, ${param(after.id)}::uuid)`);
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** What customer_profiles keeps of auth's identity. */
export interface IdentityCopy {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** A row's copy as it was read, and whether it was marked as auth's. */
export interface CopyAsRead extends IdentityCopy {
  userId: string;
  identityCopied: boolean;
}

/** One row's copy to write: only if the row still holds what was read (`seen`). */
export interface CopyWrite {
  userId: string;
  seen: CopyAsRead;
  /** the identity's email and names; null when auth has no active account for the row (nothing to copy) */
  copy: IdentityCopy | null;
}

/**
 * The copies to write for rows read beside their identities: a row not yet marked as copied, or
 * whose copy differs from auth's (a name change that stopped between auth and this table). A row
 * without an identity is only marked when `markMissing` (the backfill: such a row has no account
 * that can still become active, since registrations write their copies from the start).
 */
export function copiesToWrite(rows: CopyAsRead[], identities: Identity[], { markMissing }: { markMissing: boolean }): CopyWrite[] {
  const byId = new Map(identities.map((i) => [i.id, i]));
  const writes: CopyWrite[] = [];
  for (const row of rows) {
    const identity = byId.get(row.userId);
    if (!identity) {
      if (markMissing && !row.identityCopied) writes.push({ userId: row.userId, seen: row, copy: null });
      continue;
    }
    const copy = { email: identity.email, firstName: identity.firstName, lastName: identity.lastName };
    const same = row.email === copy.email && row.firstName === copy.firstName && row.lastName === copy.lastName;
    if (!row.identityCopied || !same) writes.push({ userId: row.userId, seen: row, copy });
  }
  return writes;
}
