import { AppError, isUuid } from '@bakery/contracts';

/**
 * The id of a route (`/api/products/:id`, ...): one that is not a uuid names nothing, so it is a
 * 404 here, without a message to any service (whose payload classes take uuids only). Called in the
 * handler, after the body's validation, so a bad body is still a 400 whatever the id.
 */
export function routeId(id: string, notFound: string): string {
  if (!isUuid(id)) throw AppError.notFound(notFound);
  return id;
}
