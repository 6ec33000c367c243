import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { NotificationCount, NotificationsPatterns } from '@bakery/contracts';
import { CountAnnouncer } from './count-announcer';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly announcer: CountAnnouncer,
  ) {}

  @MessagePattern(NotificationsPatterns.count)
  async count(): Promise<NotificationCount> {
    return { count: await this.notifications.unreadCount() };
  }

  @MessagePattern(NotificationsPatterns.markRead)
  async markRead(): Promise<NotificationCount> {
    if ((await this.notifications.markAllRead()) > 0) this.announcer.changed();
    return { count: 0 };
  }
}
