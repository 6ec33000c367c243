import type { ServiceDefinition } from '@bakery/service-kit';
import { AuthModule } from './auth.module';
import { authEntities } from './entities';
import { authMigrations } from './migrations';

/** The auth service: identity: credentials, roles and sessions. */
export const authService: ServiceDefinition = {
  name: 'auth',
  module: AuthModule,
  entities: authEntities,
  migrations: authMigrations,
};
