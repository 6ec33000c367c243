import { apiRequest, readJson } from '@/lib/api-client';

/**
 * The server's paged lists (GET /api/orders, GET /api/customers): one page per request, the next
 * page's URL in `Link: <url>; rel="next"`, and on the first page the total when the server counted
 * it (`X-Total-Count`). No screen downloads a whole list.
 */
export interface Page<T> {
  items: T[];
  /** the next page's path (from `Link`), or null on the last page */
  next: string | null;
  total: number | null;
}

/** The next page's path from a `Link: <url>; rel="next"` header (same origin: only its path and query). */
export function nextPagePath(link: string | null): string | null {
  const url = /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
  if (!url) return null;
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}

/** One page of a list at `path`. */
export async function fetchPage<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  const res = await apiRequest('GET', path, undefined, { signal });
  const total = res.headers.get('x-total-count');
  return { items: await readJson<T[]>(res), next: nextPagePath(res.headers.get('link')), total: total === null ? null : Number(total) };
}

/**
 * The count above a list: "24 orders" (or "24 matching orders" when filtered) with how many are
 * shown while more pages remain; "Showing the first N" when the server did not count them.
 */
export function listCountText(loaded: number, total: number | null, filtered: boolean, [one, many]: readonly [string, string]): string {
  if (total === null) return `Showing the first ${loaded} ${loaded === 1 ? one : many}`;
  const counted = `${total} ${filtered ? 'matching ' : ''}${total === 1 ? one : many}`;
  return loaded < total ? `${counted}, showing ${loaded}` : counted;
}
