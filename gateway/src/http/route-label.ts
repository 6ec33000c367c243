/** What a request looks like to the route label: its path and the template of the route that matched it, if one did. */
export interface RoutedRequest {
  path: string;
  template?: string;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The `route` label of a request: the template of the Nest route that answered it
 * (`/api/orders/:id`), never the raw URL, so ids and query strings cannot grow the series without
 * bound. Requests that reached no route are grouped: `unmatched` for /api and /objects (no such
 * route, or refused by the pipeline before routing), `/socket.io` for the socket transport, and
 * `web` for the web app's files.
 */
export function routeLabel(req: RoutedRequest): string {
  if (req.template) return req.template;
  if (/^\/socket\.io(\/|$)/.test(req.path)) return '/socket.io';
  if (/^\/(api|objects)(\/|$)/.test(req.path)) return 'unmatched';
  return 'web';
}

/** The `method` label: the HTTP method, or OTHER for one the API never answers. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}
