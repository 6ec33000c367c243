import type { ServiceDefinition } from '@bakery/service-kit';
import { CatalogModule } from './catalog.module';
import { catalogEntities } from './entities';
import { catalogMigrations } from './migrations';

/** The catalog service: products, stock, stock reservations, inventory alerts, customer submissions. */
export const catalogService: ServiceDefinition = {
  name: 'catalog',
  module: CatalogModule,
  entities: catalogEntities,
  migrations: catalogMigrations,
};

/** The upload sweeper, for tests that drive a running catalog instance's sweep by hand (`app.get(UploadSweeper)`). */
export { UploadSweeper } from './uploads/upload-sweeper';
