import { ConfigOf, envVar } from '@bakery/platform';

export const catalogConfigSpec = {
  reservationTtlMs: envVar.int(
    'RESERVATION_TTL_MS',
    'how long reserved stock waits for its order to be placed before catalog gives it back',
    600_000,
    100,
    24 * 3600 * 1000,
  ),
  uploadPendingMax: envVar.int(
    'UPLOAD_PENDING_MAX',
    'photo uploads one user may have issued and not registered (URL not expired yet); past it POST /api/objects/upload is 429',
    20,
    1,
    10_000,
  ),
  uploadRatePerHour: envVar.int(
    'UPLOAD_RATE_PER_HOUR',
    'photo upload URLs one user may be issued in any hour; past it POST /api/objects/upload is 429',
    60,
    1,
    100_000,
  ),
  submissionPendingMax: envVar.int(
    'SUBMISSION_PENDING_MAX',
    'customer submissions one customer may have waiting for review; past it POST /api/products/customer is 409',
    10,
    1,
    10_000,
  ),
  submissionRatePerHour: envVar.int(
    'SUBMISSION_RATE_PER_HOUR',
    'customer submissions one customer may make in any hour; past it POST /api/products/customer is 429',
    20,
    1,
    100_000,
  ),
};
export type CatalogConfig = ConfigOf<typeof catalogConfigSpec>;

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');

/** How often the sweeper looks for expired reservations: often enough for the TTL, at most every 5 s. */
export function sweepIntervalMs(ttlMs: number): number {
  return Math.max(50, Math.min(5000, Math.floor(ttlMs / 4)));
}
