import { AppError, ListOrdersQuery, ORDER_LIST_DEFAULT_LIMIT, OrderCursor, OrderFilters, OrderListMessages, type Role } from '@bakery/contracts';
import { decodePageCursor } from '../http/paging';

/**
 * GET /api/orders's filters, as the gateway turns them into ordering's request: the admin-only
 * filters and the ranges. The paging (opaque cursor, `Link` to the next page) is every list's:
 * ../http/paging.ts.
 */

export interface OrderListRequestParts {
  filters: OrderFilters;
  after: OrderCursor | null;
  limit: number;
}

/**
 * The validated query as ordering's request: 403 for a customer's `q` or `customerId` (they only
 * ever see their own orders), 400 for a cursor that is not one of ours or a range that ends
 * before it starts.
 */
export function orderListRequest(query: ListOrdersQuery, role: Role): OrderListRequestParts {
  if (role !== 'admin' && (query.q !== undefined || query.customerId !== undefined)) {
    throw AppError.forbidden(OrderListMessages.adminOnly);
  }
  const fields: Record<string, string[]> = {};
  const after = query.cursor === undefined ? null : decodePageCursor(query.cursor);
  if (query.cursor !== undefined && !after) fields.cursor = [OrderListMessages.cursor];
  if (query.deliveryFrom && query.deliveryTo && query.deliveryTo < query.deliveryFrom) fields.deliveryTo = [OrderListMessages.deliveryRange];
  if (query.placedFrom && query.placedTo && query.placedTo < query.placedFrom) fields.placedTo = [OrderListMessages.placedRange];
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);

  const filters: OrderFilters = {};
  if (query.status?.length) filters.statuses = [...new Set(query.status)];
  for (const key of ['deliveryDate', 'deliveryFrom', 'deliveryTo', 'placedFrom', 'placedTo', 'q', 'customerId'] as const) {
    if (query[key] !== undefined) filters[key] = query[key];
  }
  return { filters, after, limit: query.limit ?? ORDER_LIST_DEFAULT_LIMIT };
}
