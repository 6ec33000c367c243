import { Inject, Injectable } from '@nestjs/common';
import {
  addDays,
  AppError,
  CalendarDay,
  Closure,
  dateInTimeZone,
  DEFAULT_DELIVERY_SCHEDULE,
  DeliveryCalendarRequest,
  deliveryCalendar,
  DeliveryMessages,
  DeliverySchedule,
  DeliveryScheduleDto,
  NewClosureDto,
  SCHEDULE_LIMITS,
  scheduleProblems,
  type ScheduleContext,
} from '@bakery/contracts';
import { CLOCK, type Clock } from '@bakery/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogClient, isLive } from '../catalog/catalog.client';
import { ORDERING_CONFIG, type OrderingConfig } from '../ordering.config';

interface ScheduleRow {
  version: string;
  weekdays: DeliverySchedule['weekdays'];
  requireDeliveryDate: boolean;
  autoConfirmAtCutoff: boolean;
  closures: Closure[] | null;
}

/** Closures that ended this long ago are no longer read into the cache. */
const PAST_CLOSURE_DAYS = 7;

/**
 * The bakery's delivery schedule and closures (tables `delivery_schedule`, `delivery_closures`),
 * cached in each instance. Every read first asks for the schedule's `version` (one indexed row):
 * a change made through any instance raises it in the same transaction, so the next request of
 * every instance reads the new rules. The rules themselves are in libs/contracts/src/delivery-rules.
 */
@Injectable()
export class DeliveryScheduleService {
  private cached: { version: string; today: string; schedule: DeliverySchedule; closures: Closure[] } | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly catalog: CatalogClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ORDERING_CONFIG) private readonly config: Pick<OrderingConfig, 'timeZone' | 'maxDeliveryDaysAhead'>,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  /** The bakery's date now, YYYY-MM-DD. */
  today(): string {
    return dateInTimeZone(this.now(), this.config.timeZone);
  }

  /** The last date an order may be for (MAX_DELIVERY_DAYS_AHEAD). */
  lastBookableDate(): string {
    return addDays(this.today(), this.config.maxDeliveryDaysAhead);
  }

  /** What the rules need: the schedule, the closures, the zone and the clock. */
  async context(): Promise<ScheduleContext> {
    const { schedule, closures } = await this.current();
    return { schedule, closures, timeZone: this.config.timeZone, now: this.now() };
  }

  async schedule(): Promise<DeliverySchedule> {
    return (await this.current()).schedule;
  }

  private async current(): Promise<{ schedule: DeliverySchedule; closures: Closure[] }> {
    const [head]: { version: string }[] = await this.db.query(`SELECT version FROM delivery_schedule WHERE id = 1`);
    const version = head?.version ?? '0';
    const today = this.today();
    if (this.cached?.version === version && this.cached.today === today) return this.cached;
    const [row]: ScheduleRow[] = await this.db.query(
      `SELECT s.version, s.weekdays, s.require_delivery_date AS "requireDeliveryDate", s.auto_confirm_at_cutoff AS "autoConfirmAtCutoff",
              (SELECT json_agg(json_build_object('id', c.id, 'from', c.from_date, 'to', c.to_date, 'message', c.message) ORDER BY c.from_date, c.id)
                 FROM delivery_closures c WHERE c.to_date >= $1::date) AS closures
         FROM (SELECT 1) one LEFT JOIN delivery_schedule s ON s.id = 1`,
      [addDays(today, -PAST_CLOSURE_DAYS)],
    );
    const schedule: DeliverySchedule = row.version
      ? { weekdays: row.weekdays, requireDeliveryDate: row.requireDeliveryDate, autoConfirmAtCutoff: row.autoConfirmAtCutoff }
      : DEFAULT_DELIVERY_SCHEDULE;
    this.cached = { version: row.version ?? '0', today, schedule, closures: row.closures ?? [] };
    return this.cached;
  }

  /** Replaces the weekday rules and settings (400 with field messages for a schedule that cannot be). */
  async replace(dto: DeliveryScheduleDto): Promise<DeliverySchedule> {
    const schedule: DeliverySchedule = {
      weekdays: [...dto.weekdays]
        .sort((a, b) => a.weekday - b.weekday)
        .map((r) => ({ weekday: r.weekday, delivers: r.delivers, leadDays: r.leadDays, cutoffTime: r.cutoffTime, slots: r.slots })),
      requireDeliveryDate: dto.requireDeliveryDate,
      autoConfirmAtCutoff: dto.autoConfirmAtCutoff,
    };
    const problems = scheduleProblems({ ...schedule, weekdays: dto.weekdays });
    if (Object.keys(problems).length > 0) throw AppError.validation(problems);
    await this.db.query(
      `INSERT INTO delivery_schedule (id, weekdays, require_delivery_date, auto_confirm_at_cutoff, version, updated_at)
       VALUES (1, $1::jsonb, $2, $3, 2, now())
       ON CONFLICT (id) DO UPDATE SET weekdays = EXCLUDED.weekdays, require_delivery_date = EXCLUDED.require_delivery_date,
         auto_confirm_at_cutoff = EXCLUDED.auto_confirm_at_cutoff, version = delivery_schedule.version + 1, updated_at = now()`,
      [JSON.stringify(schedule.weekdays), schedule.requireDeliveryDate, schedule.autoConfirmAtCutoff],
    );
    return this.schedule();
  }

  /** Closures that end today or later, soonest first (at most SCHEDULE_LIMITS.upcomingClosuresMax). */
  async closures(): Promise<Closure[]> {
    return this.db.query(
      `SELECT id, to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to", message
         FROM delivery_closures WHERE to_date >= $1::date ORDER BY from_date, id LIMIT $2`,
      [this.today(), SCHEDULE_LIMITS.upcomingClosuresMax],
    );
  }

  async addClosure(dto: NewClosureDto): Promise<Closure> {
    const fields: Record<string, string[]> = {};
    if (dto.to < dto.from) fields.to = [DeliveryMessages.closureOrder];
    else if (dto.to > addDays(dto.from, SCHEDULE_LIMITS.closureDaysMax - 1)) fields.to = [DeliveryMessages.closureLength];
    else if (dto.to < this.today()) fields.to = [DeliveryMessages.closurePast];
    if (Object.keys(fields).length > 0) throw AppError.validation(fields);
    return this.db.transaction(async (manager) => {
      // the schedule row is the lock: concurrent additions count one after the other
      await this.bumpVersion(manager);
      const [{ n }]: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM delivery_closures WHERE to_date >= $1::date`, [
        this.today(),
      ]);
      if (n >= SCHEDULE_LIMITS.upcomingClosuresMax) throw AppError.conflict(DeliveryMessages.tooManyClosures);
      const [closure]: Closure[] = await manager.query(
        `INSERT INTO delivery_closures (from_date, to_date, message) VALUES ($1::date, $2::date, $3)
         RETURNING id, to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to", message`,
        [dto.from, dto.to, dto.message],
      );
      return closure;
    });
  }

  async removeClosure(id: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await this.bumpVersion(manager);
      const [, deleted]: [unknown, number] = await manager.query(`DELETE FROM delivery_closures WHERE id = $1`, [id]);
      if (deleted === 0) throw AppError.notFound(DeliveryMessages.closureNotFound);
    });
  }

  /** Raises the version (creating the row with the default schedule if the bakery set none), locking it. */
  private async bumpVersion(manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO delivery_schedule (id, weekdays, version) VALUES (1, $1::jsonb, 2)
       ON CONFLICT (id) DO UPDATE SET version = delivery_schedule.version + 1, updated_at = now()`,
      [JSON.stringify(DEFAULT_DELIVERY_SCHEDULE.weekdays)],
    );
  }

  /** GET /api/delivery/calendar: the dates as customers see them, with the named products' lead times. */
  async calendar(req: DeliveryCalendarRequest): Promise<CalendarDay[]> {
    if (req.to < req.from || req.to > addDays(req.from, SCHEDULE_LIMITS.calendarDaysMax - 1)) {
      throw AppError.validation({ to: [DeliveryMessages.calendarRange] });
    }
    const products = await this.catalog.products(req.productIds ?? []);
    // a customer learns nothing of products they cannot see
    const leadTimes = [...products.values()]
      .filter((p) => req.caller.role === 'admin' || isLive(p))
      .map((p) => ({ name: p.name, leadDays: p.leadDays }));
    return deliveryCalendar(req.from, req.to, await this.context(), leadTimes);
  }
}
