/**
 * A page's first reads, asked for with its code rather than after it: the guard calls a route's
 * `reads` (components/layouts/page-meta.ts) as soon as it knows who may see the page, so the API
 * answers travel while the page's chunks download, and the page's first render already has them.
 *
 * Queries read whenever a screen that shows them opens (`refetchOnMount: readOnOpen`) would be read
 * twice, once by the page's reads and again when the page mounts: a read the page's reads made a
 * moment ago counts as the opening's read instead.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** What readOnOpen looks at of a react-query Query. */
interface ReadQuery {
  state: { dataUpdatedAt: number };
}

/** How long a read made by a page's reads stands for the page's own opening read. */
export const OPENING_READ_MS = 10_000;

// the answer (its dataUpdatedAt) each query's last opening read brought
const openingReads = new WeakMap<ReadQuery, number>();

/**
 * `refetchOnMount` of a query read whenever a screen that shows it opens: 'always' (true would read
 * only stale data, and the app's data is never stale), unless its data is the answer of the page's
 * reads from the last OPENING_READ_MS (the page is that opening).
 */
export function readOnOpen(query: ReadQuery): 'always' | false {
  const answeredAt = openingReads.get(query);
  const opened = answeredAt !== undefined && answeredAt === query.state.dataUpdatedAt && Date.now() - answeredAt <= OPENING_READ_MS;
  return opened ? false : 'always';
}

/**
 * The queries of a first screen the server rendered (ssr/): their answers are the page's opening
 * reads, so the page's hooks do not read them again as it mounts.
 */
export function markOpeningReads(client: QueryClient): void {
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.status === 'success') openingReads.set(query, query.state.dataUpdatedAt);
  }
}

/**
 * Reads a query for the page about to open, as the page's hooks would: one read on every opening
 * (`refetchOnMount: readOnOpen`) is read now whatever the cache holds, any other only when not
 * cached. Answers its data, or undefined if the read failed (the page's own hooks then read it
 * again and show the failure their usual way).
 */
export async function readForPage<T, K extends QueryKey>(client: QueryClient, options: FetchQueryOptions<T, Error, T, K>): Promise<T | undefined> {
  const fresh = 'refetchOnMount' in options && options.refetchOnMount === readOnOpen;
  try {
    const data = await client.fetchQuery(fresh ? { ...options, staleTime: 0 } : options);
    const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    if (fresh && query) openingReads.set(query, query.state.dataUpdatedAt);
    return data;
  } catch {
    return undefined;
  }
}
