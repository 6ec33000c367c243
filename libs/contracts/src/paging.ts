import { Type } from 'class-transformer';
import { IsInt, IsISO8601, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsUuid } from './validation';

/**
 * The paging rules of the HTTP API's lists, newest first, one page at a time (GET /api/customers;
 * GET /api/orders has the same ones, in ordering.ts): `limit` from 1 to PAGE_LIMIT_MAX (default
 * PAGE_LIMIT_DEFAULT), an opaque `cursor` from the previous page (the gateway's
 * `gateway/src/http/paging.ts` writes and reads it), the next page's full URL in `Link`.
 */
export const PAGE_LIMIT_MAX = 200;
export const PAGE_LIMIT_DEFAULT = 50;

export const PagingMessages = {
  limit: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`,
  cursor: 'Not a cursor of this list',
} as const;

/**
 * Where a page ends (keyset on created_at, id: a row written while someone walks the pages is
 * never shown twice and never hides another): the next page starts after this row. `createdAt`
 * is Postgres's own text of the timestamp in UTC, to the microsecond (PAGE_CURSOR_TIME), not a
 * JavaScript Date's milliseconds, so no row of the same millisecond is skipped.
 */
export class PageCursor {
  @MaxLength(40, { message: PagingMessages.cursor })
  @IsISO8601({ strict: true }, { message: PagingMessages.cursor })
  createdAt: string;

  @IsUuid({ message: PagingMessages.cursor })
  id: string;
}

/** PageCursor.createdAt: `to_char(created_at AT TIME ZONE 'UTC', PAGE_CURSOR_TIME_FORMAT)`. */
export const PAGE_CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const PAGE_CURSOR_TIME_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

// ---- the paging fields of every list's query and request: one definition each ---------------

/** Property decorators as one, applied as they would be stacked in this order (the last first). */
function stacked(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const decorator of [...decorators].reverse()) decorator(target, key);
  };
}

/** An HTTP list query's `limit`: optional, a whole number from 1 to `max`, read from the query text. */
export function PageLimitField(max: number = PAGE_LIMIT_MAX, message: string = PagingMessages.limit): PropertyDecorator {
  return stacked(IsOptional(), Max(max, { message }), Min(1, { message }), IsInt({ message }), Type(() => Number));
}

/** An HTTP list query's `cursor`: optional, the opaque text a page's `Link` handed out (the gateway decodes it). */
export function PageCursorField(): PropertyDecorator {
  return stacked(IsOptional(), MaxLength(200, { message: PagingMessages.cursor }), IsString({ message: PagingMessages.cursor }));
}

/** A list request's (NATS) `after`: where the page starts, null or absent for the first page. */
export function PageAfterField(): PropertyDecorator {
  return stacked(IsOptional(), ValidateNested(), Type(() => PageCursor), IsObject());
}

/** A list request's (NATS) `limit`: optional, 1 to `max` (the gateway sends the query's, or the default). */
export function PageSizeField(max: number = PAGE_LIMIT_MAX): PropertyDecorator {
  return stacked(IsOptional(), Max(max), Min(1), IsInt());
}
