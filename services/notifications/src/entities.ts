import { OrderNotification } from './notifications/order-notification.entity';

/** TypeORM entities of the notifications database. */
export const notificationsEntities: Function[] = [OrderNotification];
