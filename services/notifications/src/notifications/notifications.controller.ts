import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmptyRequest, NotificationCount, NotificationsPatterns } from '@bakery/contracts';
import { CountAnnouncer } from './count-announcer';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly announcer: CountAnnouncer,
  ) {}

  @MessagePattern(NotificationsPatterns.count)
  async count(@Payload() _request: EmptyRequest): Promise<NotificationCount> {
    return { count: await this.notifications.unreadCount() };
  }

  @MessagePattern(NotificationsPatterns.markRead)
  async markRead(@Payload() _request: EmptyRequest): Promise<NotificationCount> {
    if ((await this.notifications.markAllRead()) > 0) this.announcer.changed();
    return { count: 0 };
  }
}
