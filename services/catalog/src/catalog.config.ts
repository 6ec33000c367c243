import { ConfigOf, envVar } from '@bakery/platform';

export const catalogConfigSpec = {
  reservationTtlMs: envVar.int(
    'RESERVATION_TTL_MS',
    'how long reserved stock waits for its order to be placed before catalog gives it back',
    600_000,
    100,
    24 * 3600 * 1000,
  ),
};
export type CatalogConfig = ConfigOf<typeof catalogConfigSpec>;

export const CATALOG_CONFIG = Symbol('CATALOG_CONFIG');

/** How often the sweeper looks for expired reservations: often enough for the TTL, at most every 5 s. */
export function sweepIntervalMs(ttlMs: number): number {
  return Math.max(50, Math.min(5000, Math.floor(ttlMs / 4)));
}
