import { Module } from '@nestjs/common';
import { MailController } from './mail.controller';
import { NotificationsController } from './notifications.controller';

@Module({ controllers: [NotificationsController, MailController] })
export class NotificationsModule {}
