import type { ServiceDefinition } from '@bakery/service-kit';
import { OrderingModule } from './ordering.module';
import { orderingEntities } from './entities';
import { orderingMigrations } from './migrations';
import { observeOrders } from './observability/order-metrics';

/** The ordering service: carts, orders, order items, pricing configuration, dashboard metrics. */
export const orderingService: ServiceDefinition = {
  name: 'ordering',
  module: OrderingModule,
  entities: orderingEntities,
  migrations: orderingMigrations,
  observe: observeOrders,
};
