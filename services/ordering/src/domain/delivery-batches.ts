/**
 * Cuts a sweep's due deliveries into batches written side by side, each customer's deliveries
 * in one batch: writing an order upserts its customer's rows of `order_stats_customer` and
 * `order_stats_daily` (the `orders_stats` trigger), so two batches sharing a customer lock the
 * same rows, in whatever order their deliveries come, and can deadlock each other. With each
 * customer in one batch, batches in flight never share a row. A batch takes `size` deliveries,
 * then the rest of its last customer's (a customer has at most a few dozen), in customer order.
 */
export function batchesByCustomer<T>(deliveries: readonly T[], customerOf: (delivery: T) => string, size: number): T[][] {
  const byCustomer = new Map<string, T[]>();
  for (const delivery of deliveries) {
    const customer = customerOf(delivery).toLowerCase();
    const own = byCustomer.get(customer);
    if (own) own.push(delivery);
    else byCustomer.set(customer, [delivery]);
  }
  const batches: T[][] = [];
  let batch: T[] = [];
  for (const customer of [...byCustomer.keys()].sort()) {
    batch.push(...byCustomer.get(customer)!);
    if (batch.length >= size) {
      batches.push(batch);
      batch = [];
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
