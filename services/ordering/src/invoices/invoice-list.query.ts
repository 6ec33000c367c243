import type { Caller, InvoiceFilters, PageCursor } from '@bakery/contracts';

/** A WHERE clause and its parameters ($1, $2, ... in order). */
export interface InvoiceListWhere {
  sql: string;
  params: unknown[];
}

/**
 * The conditions of one list of invoices, as ../orders/order-list.query.ts builds orders': a
 * customer only ever sees their own (whatever the filters say), the filters narrow it, and `after`
 * starts the page after that invoice (keyset on issued_at, id, newest first). Only the conditions
 * that apply, so each query is one an index of migration Invoices1763700014500 serves. Issue dates
 * are days in the bakery's time zone: `issuedFrom` starts at its midnight there, `issuedTo` ends at
 * the next midnight there.
 */
export function invoiceListWhere(caller: Caller, filters: InvoiceFilters, after: PageCursor | null, timeZone: string): InvoiceListWhere {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  const customerId = caller.role === 'admin' ? filters.customerId : caller.userId;
  if (customerId) conditions.push(`customer_id = ${param(customerId)}::uuid`);
  if (filters.orderId) conditions.push(`order_id = ${param(filters.orderId)}::uuid`);
  if (filters.paid === true) conditions.push(`paid`);
  if (filters.paid === false) conditions.push(`NOT paid`);
  if (filters.issuedFrom || filters.issuedTo) {
    const zone = param(timeZone);
    if (filters.issuedFrom) conditions.push(`issued_at >= (${param(filters.issuedFrom)}::date::timestamp AT TIME ZONE ${zone})`);
    if (filters.issuedTo) conditions.push(`issued_at < ((${param(filters.issuedTo)}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  }
  if (after) conditions.push(`(issued_at, id) < (${param(after.createdAt)}::timestamptz, ${param(after.id)}::uuid)`);

  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
