import { CALENDAR_KEY, useBakeryCalendar } from '@/lib/bakery-time';
import { DELIVERY_CALENDAR_KEY, deliveryRange, useDeliveryDays, type DeliveryDays } from '@/lib/delivery-calendar';

/**
 * The bakery's calendar (its time zone, today there, how many days ahead a delivery may be) and
 * which delivery dates can be ordered, read whenever the cart opens: the date picker offers what
 * the server accepts, whatever the browser's clock and time zone say. (The hooks live in
 * web/src/lib, shared with the Change order dialog.)
 */
export { CALENDAR_KEY, DELIVERY_CALENDAR_KEY, deliveryRange, useBakeryCalendar, useDeliveryDays, type DeliveryDays };
