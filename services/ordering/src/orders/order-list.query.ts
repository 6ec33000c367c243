import type { Caller, OrderCursor, OrderFilters } from '@bakery/contracts';
import { likePattern } from '@bakery/platform';

/** A WHERE clause and its parameters ($1, $2, ... in order). */
export interface OrderListWhere {
  sql: string;
  params: unknown[];
}

/** The customer a list is kept to: a customer's own orders always, an admin's by the `customerId` filter. */
function listCustomer(caller: Caller, filters: OrderFilters): string | undefined {
  return caller.role === 'admin' ? filters.customerId : caller.userId;
}

/**
 * When nothing but its customer (if any) narrows a list, that customer (`{}` for every order);
 * otherwise null. Such a list's size is what the aggregates of migration OrderListIndexesAndStats
 * hold (order_stats_customer), so it is read there instead of counted.
 */
export function customerScopeOnly(caller: Caller, filters: OrderFilters): { customerId?: string } | null {
  const { statuses, deliveryDate, deliveryFrom, deliveryTo, placedFrom, placedTo, q } = filters;
  if (statuses?.length || deliveryDate || deliveryFrom || deliveryTo || placedFrom || placedTo || (caller.role === 'admin' && q)) return null;
  const customerId = listCustomer(caller, filters);
  return customerId ? { customerId } : {};
}

/**
 * The conditions of one list of orders: a customer only ever sees their own orders (whatever the
 * filters say), the filters narrow it, and `after` starts the page after that order (keyset on
 * created_at, id: stable while orders are placed between pages). Built from only the conditions
 * that apply, so every query is one the indexes of migration OrderListIndexes serve.
 * Dates the orders were placed on are days in the bakery's time zone: `placedFrom` starts at its
 * midnight there, `placedTo` ends at the next midnight there (Postgres does the zone arithmetic,
 * daylight saving included).
 */
export function orderListWhere(caller: Caller, filters: OrderFilters, after: OrderCursor | null, timeZone: string): OrderListWhere {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  const customerId = listCustomer(caller, filters);
  if (customerId) conditions.push(`customer_id = ${param(customerId)}::uuid`);
  if (filters.statuses?.length) conditions.push(`status = ANY(${param(filters.statuses)}::varchar[])`);
  if (filters.deliveryDate) conditions.push(`delivery_date = ${param(filters.deliveryDate)}::date`);
  if (filters.deliveryFrom) conditions.push(`delivery_date >= ${param(filters.deliveryFrom)}::date`);
  if (filters.deliveryTo) conditions.push(`delivery_date <= ${param(filters.deliveryTo)}::date`);
  if (filters.placedFrom || filters.placedTo) {
    const zone = param(timeZone);
    if (filters.placedFrom) conditions.push(`created_at >= (${param(filters.placedFrom)}::date::timestamp AT TIME ZONE ${zone})`);
    if (filters.placedTo) conditions.push(`created_at < ((${param(filters.placedTo)}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  }
  if (caller.role === 'admin' && filters.q) {
    const like = param(likePattern(filters.q));
    conditions.push(`(id::text ILIKE ${like} OR customer_business_name ILIKE ${like} OR customer_email ILIKE ${like})`);
  }
  if (after) conditions.push(`(created_at, id) < (${param(after.createdAt)}::timestamptz, ${param(after.id)}::uuid)`);

  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
