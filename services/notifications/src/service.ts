import type { ServiceDefinition } from '@bakery/service-kit';
import { NotificationsModule } from './notifications.module';
import { notificationsEntities } from './entities';
import { notificationsMigrations } from './migrations';

/** The notifications service: admin order notifications (unread count, mark read) and the realtime pushes the gateways fan out. */
export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  module: NotificationsModule,
  entities: notificationsEntities,
  migrations: notificationsMigrations,
};
