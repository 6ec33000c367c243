/** What a request looks like to the route label: Express's request, reduced to what it reads. */
export interface RoutedRequest {
  method: string;
  path: string;
  baseUrl?: string;
  route?: { path?: unknown };
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
  const template = req.route?.path;
  if (typeof template === 'string') return `${req.baseUrl ?? ''}${template}` || '/';
  if (/^\/socket\.io(\/|$)/.test(req.path)) return '/socket.io';
  if (/^\/(api|objects)(\/|$)/.test(req.path)) return 'unmatched';
  return 'web';
}

/** The `method` label: the HTTP method, or OTHER for one the API never answers. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}
