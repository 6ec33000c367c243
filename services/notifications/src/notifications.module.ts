import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsHandler } from './events/events.handler';
import { CountAnnouncer } from './notifications/count-announcer';
import { NotificationsController } from './notifications/notifications.controller';
import { NotificationsService } from './notifications/notifications.service';
import { OrderNotification } from './notifications/order-notification.entity';
import { Broadcaster } from './pushes/broadcaster';

/** Admin order notifications (unread count, mark read) and the realtime pushes to the gateways. */
@Module({
  imports: [TypeOrmModule.forFeature([OrderNotification])],
  controllers: [NotificationsController],
  providers: [Broadcaster, NotificationsService, CountAnnouncer, EventsHandler],
})
export class NotificationsModule {}
