import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { loadConfig, type Env } from '@bakery/platform';
import { SERVICE_ENV } from '@bakery/service-kit';
import { EventsHandler } from './events/events.handler';
import { CutoffReminders } from './mail/cutoff-reminders';
import { MailComposer } from './mail/mail-composer';
import { MailContextSource } from './mail/mail-context.source';
import { MailController } from './mail/mail.controller';
import { MailOutbox } from './mail/mail-outbox';
import { MailPreferencesStore } from './mail/mail-preferences';
import { MailPreferencesController } from './mail/mail-preferences.controller';
import { MailWorker } from './mail/mail-worker';
import { OrderMails } from './mail/order-mails';
import { CountAnnouncer } from './notifications/count-announcer';
import { NotificationsController } from './notifications/notifications.controller';
import { NotificationsService } from './notifications/notifications.service';
import { OrderNotification } from './notifications/order-notification.entity';
import { NOTIFICATIONS_CONFIG, notificationsConfig, notificationsConfigSpec } from './notifications.config';
import { Broadcaster } from './pushes/broadcaster';

/** Admin order notifications (unread count, mark read), the realtime pushes to the gateways, and email. */
@Module({
  imports: [TypeOrmModule.forFeature([OrderNotification])],
  controllers: [NotificationsController, MailController, MailPreferencesController],
  providers: [
    {
      provide: NOTIFICATIONS_CONFIG,
      inject: [SERVICE_ENV],
      useFactory: (env: Env) => notificationsConfig(loadConfig(notificationsConfigSpec, env)),
    },
    Broadcaster,
    NotificationsService,
    CountAnnouncer,
    MailWorker,
    MailOutbox,
    MailContextSource,
    MailComposer,
    MailPreferencesStore,
    OrderMails,
    CutoffReminders,
    EventsHandler,
  ],
})
export class NotificationsModule {}
