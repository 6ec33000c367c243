import type { DeliveryTimeSlot, StandingOrder, StandingOrderLine, StandingOrderTerms } from '@bakery/contracts';
import { isPausedOn } from '@bakery/contracts';

/** A `standing_orders` row as the queries select it (STANDING_ORDER_COLUMNS). */
export interface StandingOrderRow {
  id: string;
  customerId: string;
  name: string;
  startDate: string;
  endDate: string | null;
  everyWeeks: number;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  specialInstructions: string | null;
  lines: StandingOrderLine[];
  paused: boolean;
  pausedUntil: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const STANDING_ORDER_COLUMNS = `id, customer_id AS "customerId", name, to_char(start_date, 'YYYY-MM-DD') AS "startDate",
  to_char(end_date, 'YYYY-MM-DD') AS "endDate", every_weeks AS "everyWeeks", delivery_time_slot AS "deliveryTimeSlot",
  special_instructions AS "specialInstructions", lines, paused, to_char(paused_until, 'YYYY-MM-DD') AS "pausedUntil",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export function termsOf(row: StandingOrderRow): StandingOrderTerms {
  return {
    startDate: row.startDate,
    endDate: row.endDate,
    everyWeeks: row.everyWeeks,
    lines: row.lines,
    paused: row.paused,
    pausedUntil: row.pausedUntil,
  };
}

/** The API's shape; a pause whose date has come is over ("active"). */
export function toStandingOrder(row: StandingOrderRow, today: string): StandingOrder {
  const paused = isPausedOn(row, today);
  return {
    id: row.id,
    customerId: row.customerId,
    status: paused ? 'paused' : 'active',
    pausedUntil: paused ? row.pausedUntil : null,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    everyWeeks: row.everyWeeks,
    deliveryTimeSlot: row.deliveryTimeSlot,
    specialInstructions: row.specialInstructions,
    lines: row.lines,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
