import { ConfigOf, envVar } from '@bakery/platform';

export const orderingConfigSpec = {
  timeZone: envVar.timeZone('BAKERY_TIMEZONE', 'time zone that decides what "today" is for delivery dates', 'UTC'),
};
export type OrderingConfig = ConfigOf<typeof orderingConfigSpec>;

export const ORDERING_CONFIG = Symbol('ORDERING_CONFIG');
