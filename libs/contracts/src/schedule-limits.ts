/** The delivery schedule's bounds: what an admin may set, and what GET /api/delivery/calendar answers at most. */
export const SCHEDULE_LIMITS = {
  /** a weekday's lead days (Wednesday deliveries, lead 1: order by Tuesday) */
  leadDaysMax: 14,
  /** a product's own lead time */
  productLeadDaysMax: 30,
  /** the longest span GET /api/delivery/calendar answers */
  calendarDaysMax: 62,
  closureMessageMax: 200,
  /** closures that end today or later: the list stays small enough to answer whole */
  upcomingClosuresMax: 100,
  /** the longest closure */
  closureDaysMax: 366,
} as const;
