import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { NotificationCount, NotificationsPatterns } from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { AdminOnly } from '../auth/access';

/** The admins' new-order badge; opening the orders screen marks everything read. */
@AdminOnly()
@Controller('api/admin/notifications')
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('count')
  count(): Promise<NotificationCount> {
    return this.rpc.request(NotificationsPatterns.count, {});
  }

  @Post('mark-read')
  @HttpCode(200)
  markRead(): Promise<NotificationCount> {
    return this.rpc.request(NotificationsPatterns.markRead, {});
  }
}
