import type { FastifyRequest } from 'fastify';
import { AppError, isUuid, PAGE_CURSOR_TIME, PAGE_LIMIT_DEFAULT, PageCursor, PagingMessages } from '@bakery/contracts';

/**
 * The paged lists' cursor and `Link` (libs/contracts/src/paging.ts has the rules): the cursor is
 * opaque to clients, base64url of the last row's created_at and id, and the next page's full URL
 * keeps every parameter of this one. (The same format as GET /api/orders's cursor,
 * gateway/src/orders/order-list.ts.)
 */

export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** The cursor a page handed out, or null for anything else (a tampered or made-up one). */
export function decodePageCursor(text: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (typeof createdAt !== 'string' || !PAGE_CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt)) || !isUuid(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** A validated query's paging: where the page starts and its size; a cursor not ours is a 400. */
export function pageRequest(query: { limit?: number; cursor?: string }): { after: PageCursor | null; limit: number } {
  const after = query.cursor === undefined ? null : decodePageCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw AppError.validation({ cursor: [PagingMessages.cursor] });
  return { after, limit: query.limit ?? PAGE_LIMIT_DEFAULT };
}

/** The full URL of the next page: this one's path and parameters (in the order they came), `cursor` set to where it ended. */
export function nextPageUrl(origin: string, originalUrl: string, next: PageCursor): string {
  const url = new URL(originalUrl, origin);
  url.searchParams.set('cursor', encodePageCursor(next));
  return url.toString();
}

/** The `Link` header of a page that has a next one. */
export function nextPageLink(req: FastifyRequest, next: PageCursor): string {
  return `<${nextPageUrl(`${req.protocol}://${req.headers.host ?? ''}`, req.originalUrl, next)}>; rel="next"`;
}
