import type { ServiceDefinition } from '@bakery/service-kit';
import { CustomersModule } from './customers.module';
import { customersEntities } from './entities';
import { customersMigrations } from './migrations';

/** The customers service: business profiles: business name and type, phone, address. */
export const customersService: ServiceDefinition = {
  name: 'customers',
  module: CustomersModule,
  entities: customersEntities,
  migrations: customersMigrations,
};
