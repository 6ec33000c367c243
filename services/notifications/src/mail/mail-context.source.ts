import { Inject, Injectable } from '@nestjs/common';
import { type BakeryCalendar, type BakeryDetails, BakeryDetailsPatterns, OrderingPatterns } from '@bakery/contracts';
import { RpcClient, type Logger } from '@bakery/platform';
import { SERVICE_LOGGER } from '@bakery/service-kit';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import type { MailContext } from './mail-content';

/** How long the bakery's name and time zone are reused before ordering is asked again. */
const FRESH_MS = 60_000;

/**
 * What every mail needs from ordering: the bakery's name (its details, issue 18) and time zone
 * (its calendar), asked at most once a minute. If ordering does not answer, the last answer is
 * used; with none yet the error goes up and the event is handled again later.
 */
@Injectable()
export class MailContextSource {
  private cached: { context: MailContext; at: number } | null = null;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  async get(): Promise<MailContext> {
    if (this.cached && Date.now() - this.cached.at < FRESH_MS) return this.cached.context;
    try {
      const [details, calendar] = await Promise.all([
        this.rpc.request<BakeryDetails>(BakeryDetailsPatterns.get, {}),
        this.rpc.request<BakeryCalendar>(OrderingPatterns.calendar, {}),
      ]);
      const context: MailContext = { bakeryName: details.name, timeZone: calendar.timeZone, publicUrl: this.config.publicUrl };
      this.cached = { context, at: Date.now() };
      return context;
    } catch (err) {
      if (!this.cached) throw err;
      this.logger.warn({ err }, "could not read the bakery's details; the last ones are used");
      return this.cached.context;
    }
  }
}
