/**
 * The delivery schedule's messages and bodies (ordering owns the schedule; the rules are in
 * ./delivery-rules). Routes: GET/PUT /api/admin/delivery-schedule, GET/POST/DELETE
 * /api/admin/closures, GET /api/delivery/calendar.
 */
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { DELIVERY_TIME_SLOTS, type DeliveryTimeSlot } from './constants';
import { DeliveryMessages, SCHEDULE_LIMITS, WEEKDAYS, type IsoWeekday } from './delivery-rules';
import { CallerRequest } from './ordering';
import { IsCalendarDate, IsUuid, Trim } from './validation';

export * from './delivery-rules';

export const DeliveryPatterns = {
  getSchedule: 'ordering.delivery.schedule.get',
  setSchedule: 'ordering.delivery.schedule.set',
  listClosures: 'ordering.delivery.closures.list',
  addClosure: 'ordering.delivery.closures.add',
  removeClosure: 'ordering.delivery.closures.remove',
  calendar: 'ordering.delivery.calendar',
} as const;

export class WeekdayRuleDto {
  @Max(7, { message: DeliveryMessages.weekday })
  @Min(1, { message: DeliveryMessages.weekday })
  @IsInt({ message: DeliveryMessages.weekday })
  weekday!: IsoWeekday;

  @IsBoolean({ message: 'delivers must be true or false' })
  delivers!: boolean;

  @Max(SCHEDULE_LIMITS.leadDaysMax, { message: DeliveryMessages.leadDays })
  @Min(0, { message: DeliveryMessages.leadDays })
  @IsInt({ message: DeliveryMessages.leadDays })
  leadDays!: number;

  @Matches(/^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/, { message: DeliveryMessages.cutoffTime })
  @IsString({ message: DeliveryMessages.cutoffTime })
  cutoffTime!: string;

  @IsIn(DELIVERY_TIME_SLOTS, { each: true, message: DeliveryMessages.slots })
  @ArrayMaxSize(DELIVERY_TIME_SLOTS.length, { message: DeliveryMessages.slots })
  @IsArray({ message: DeliveryMessages.slots })
  slots!: DeliveryTimeSlot[];
}

/** PUT /api/admin/delivery-schedule: the whole schedule, all seven weekdays. */
export class DeliveryScheduleDto {
  @ValidateNested({ each: true })
  @Type(() => WeekdayRuleDto)
  @ArrayMaxSize(WEEKDAYS.length, { message: DeliveryMessages.weekdays })
  @IsArray({ message: DeliveryMessages.weekdays })
  weekdays!: WeekdayRuleDto[];

  @IsBoolean({ message: 'requireDeliveryDate must be true or false' })
  requireDeliveryDate!: boolean;

  @IsBoolean({ message: 'autoConfirmAtCutoff must be true or false' })
  autoConfirmAtCutoff!: boolean;
}

/** POST /api/admin/closures. */
export class NewClosureDto {
  @IsCalendarDate({ message: DeliveryMessages.closureDate })
  from!: string;

  @IsCalendarDate({ message: DeliveryMessages.closureDate })
  to!: string;

  @MaxLength(SCHEDULE_LIMITS.closureMessageMax, { message: DeliveryMessages.closureMessage })
  @MinLength(1, { message: DeliveryMessages.closureMessage })
  @IsString({ message: DeliveryMessages.closureMessage })
  @Trim()
  message!: string;
}

export class ClosureRequest {
  @IsUuid()
  id!: string;
}

/** `productIds=a,b` (or the parameter repeated) as a list; anything else as it came. */
function idList(value: unknown): unknown {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.flatMap((v: string) => v.split(',').map((s) => s.trim()).filter(Boolean));
  return value;
}

/** GET /api/delivery/calendar?from=&to=[&productIds=]: at most SCHEDULE_LIMITS.calendarDaysMax days. */
export class DeliveryCalendarQuery {
  @IsCalendarDate()
  @IsDefined({ message: 'from must be a date (YYYY-MM-DD)' })
  from!: string;

  @IsCalendarDate()
  @IsDefined({ message: 'to must be a date (YYYY-MM-DD)' })
  to!: string;

  @IsOptional()
  @IsUuid({ each: true, message: 'productIds must be product ids separated by commas' })
  @ArrayMaxSize(100, { message: 'productIds can name at most 100 products' })
  @IsArray({ message: 'productIds must be product ids separated by commas' })
  @Transform(({ value }) => idList(value))
  productIds?: string[];
}

/** ordering.delivery.calendar: the query, for a caller. */
export class DeliveryCalendarRequest extends CallerRequest {
  @IsCalendarDate()
  from!: string;

  @IsCalendarDate()
  to!: string;

  @IsOptional()
  @IsUuid({ each: true })
  @ArrayMaxSize(100)
  @IsArray()
  productIds?: string[];
}
