import { OrderingPatterns, rpcTimeoutFor } from '@bakery/contracts';
import { ConfigOf, envVar } from '@bakery/platform';
import { DEFAULT_MAX_DELIVERY_DAYS_AHEAD } from './domain/order-rules';

export const orderingConfigSpec = {
  timeZone: envVar.timeZone('BAKERY_TIMEZONE', 'time zone that decides what "today" is for delivery dates', 'UTC'),
  maxDeliveryDaysAhead: envVar.int(
    'MAX_DELIVERY_DAYS_AHEAD',
    'how many days after today (in BAKERY_TIMEZONE) a delivery date may be',
    DEFAULT_MAX_DELIVERY_DAYS_AHEAD,
    0,
    3650,
  ),
  standingOrderIntervalSeconds: envVar.int(
    'STANDING_ORDER_INTERVAL_SECONDS',
    'how often each ordering instance turns standing orders whose cut-off has passed into orders',
    30,
    1,
    3600,
  ),
  standingPreviewDays: envVar.int(
    'STANDING_PREVIEW_DAYS',
    "how many days before a standing order delivery's cut-off its customer is emailed what will be ordered, with a skip link (0: no previews)",
    2,
    0,
    14,
  ),
  autoConfirmIntervalSeconds: envVar.int(
    'AUTO_CONFIRM_INTERVAL_SECONDS',
    'how often ordering confirms pending orders whose cut-off has passed (when the schedule says autoConfirmAtCutoff)',
    60,
    1,
    3600,
  ),
};

export type OrderingConfig = ConfigOf<typeof orderingConfigSpec> & {
  /** how old a placement's hold on cart lines must be before another placement may take them over */
  cartClaimTakeoverMs: number;
};

/**
 * A placement holds the cart's lines for at most its callers' budget (the gateway gives up on
 * ordering.orders.place after that); an older hold is left by a placement that crashed. Taking one
 * over is safe even if that placement still runs: its order is written only if it still holds
 * every line it reserved for.
 */
export function cartClaimTakeoverMs(rpcTimeoutMs: number): number {
  return rpcTimeoutFor(OrderingPatterns.placeOrder, rpcTimeoutMs);
}

export const ORDERING_CONFIG = Symbol('ORDERING_CONFIG');
