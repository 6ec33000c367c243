import { CUSTOMER_SEARCH_MAX } from '@contracts/constants';

/**
 * Manage Customers' search lives in the URL (`/admin/customers?q=corner`), so a search can be
 * bookmarked, shared and reloaded. At most CUSTOMER_SEARCH_MAX characters, as the server takes.
 */

export function readCustomerSearch(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, CUSTOMER_SEARCH_MAX);
}

/** The URL's parameters with the search set (or taken out when empty), the others kept. */
export function writeCustomerSearch(params: URLSearchParams, text: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (text) next.set('q', text);
  else next.delete('q');
  return next;
}
