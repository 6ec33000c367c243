import { Inject, Injectable } from '@nestjs/common';
import { NotificationCount, NotificationsBroadcasts } from '@bakery/contracts';
import type { Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { Broadcaster } from '../pushes/broadcaster';
import { NotificationsService } from './notifications.service';

/**
 * Tells every gateway the unread count after it changed. The count is read fresh (after the
 * change committed) rather than computed, so the pushed figure is what the count route answers.
 * Changes that arrive while a count is being read are folded into one more read: under a burst
 * of orders the gateways get fewer pushes, and the last one is always current for this instance.
 */
@Injectable()
export class CountAnnouncer {
  private reading = false;
  private changedMeanwhile = false;

  constructor(
    private readonly notifications: NotificationsService,
    private readonly broadcaster: Broadcaster,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  changed(): void {
    if (this.reading) {
      this.changedMeanwhile = true;
      return;
    }
    this.reading = true;
    void this.announce();
  }

  private async announce(): Promise<void> {
    try {
      do {
        this.changedMeanwhile = false;
        const message: NotificationCount = { count: await this.notifications.unreadCount() };
        this.broadcaster.send(NotificationsBroadcasts.count, message);
      } while (this.changedMeanwhile);
    } catch (err) {
      // The badge is corrected by the next change, by a reconnect, or by the web app's 30 s poll.
      this.logger.warn({ err }, 'could not read the unread count to announce it');
    } finally {
      this.reading = false;
    }
  }
}
