import { OrderingEvents, parseAmount } from '@bakery/contracts';
import type { EventBus } from '@bakery/event-bus';
import type { Metrics } from '@bakery/platform';

/**
 * The order funnel's business counters, from `order.placed` as the relay publishes it: every
 * placed order announces itself exactly so, whether a customer placed it at checkout or a
 * standing order's delivery made it, so nothing on the placement's path is touched.
 */
export function observeOrders({ metrics, bus }: { metrics: Metrics; bus: EventBus }): void {
  if (!metrics.enabled) return;
  const placed = metrics.counter('bakery_orders_placed_total', 'Orders placed, by source (checkout or standing order)', ['source']);
  const value = metrics.counter(
    'bakery_order_value_total',
    "Sum of the totals of orders placed, in the bakery's currency, by source (checkout or standing order)",
    ['source'],
  );
  // every series from zero, so rates start at the first order
  placed.inc({ source: 'checkout' }, 0);
  placed.inc({ source: 'standing_order' }, 0);
  value.inc({ source: 'checkout' }, 0);
  value.inc({ source: 'standing_order' }, 0);
  bus.onRelayed(OrderingEvents.orderPlaced, (envelope) => {
    const payload = envelope.payload as { standingOrderId?: unknown; total?: unknown };
    const source = payload.standingOrderId ? 'standing_order' : 'checkout';
    placed.inc({ source });
    if (typeof payload.total === 'string') {
      try {
        value.inc({ source }, parseAmount(payload.total) / 100);
      } catch {
        // not an amount: the order still counts, its value not
      }
    }
  });
}
