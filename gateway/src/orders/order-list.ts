import {
  AppError,
  ListOrdersQuery,
  ORDER_LIST_DEFAULT_LIMIT,
  OrderCursor,
  OrderFilters,
  OrderListMessages,
  isUuid,
  type Role,
} from '@bakery/contracts';

/**
 * GET /api/orders's paging and filters, as the gateway turns them into ordering's request: the
 * opaque cursor (base64url of the last order's created_at and id), the admin-only filters, and the
 * `Link` to the next page.
 */

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeOrderCursor(cursor: OrderCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** The cursor a page handed out, or null for anything else (a tampered or made-up one). */
export function decodeOrderCursor(text: string): OrderCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (typeof createdAt !== 'string' || !CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !isUuid(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

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
  const after = query.cursor === undefined ? null : decodeOrderCursor(query.cursor);
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

/**
 * The full URL of the next page: the same path and parameters (filters and limit kept, in the
 * order they came), with `cursor` set to where this page ended.
 */
export function nextPageUrl(origin: string, originalUrl: string, next: OrderCursor): string {
  const url = new URL(originalUrl, origin);
  url.searchParams.set('cursor', encodeOrderCursor(next));
  return url.toString();
}
