/**
 * Standing-order previews and cut-off reminders (issue 20). Ordering knows what each coming
 * delivery will order and when its cut-off is; notifications sends the mail.
 *
 * - Preview: STANDING_PREVIEW_DAYS before a delivery's cut-off, ordering writes a preview row (one
 *   per standing order and date) with a skip link's token (32 random bytes, kept only as its
 *   SHA-256) and publishes `standing-delivery.preview` in the same transaction; notifications mails
 *   it unless the customer turned previews off. The link opens `<PUBLIC_URL>/skip-delivery?token=`,
 *   which shows the delivery and skips it with one click, without signing in: once, and only until
 *   the cut-off (HTTP: POST /api/standing-orders/skip-link/check and /api/standing-orders/skip-link).
 * - Reminder: notifications asks ordering every minute which of the customers who opted in have
 *   no order for the next delivery whose cut-off is within CUTOFF_REMINDER_MINUTES, and mails each
 *   once per delivery date.
 */
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDateString, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { DELIVERY_TIME_SLOTS, type DeliveryTimeSlot } from './constants';
import { OrderedLineEvent } from './ordering';
import { IsCalendarDate, IsUuid } from './validation';

export const SkipLinkPatterns = {
  /** SkipLinkRequest → SkipLinkDelivery (what the link would skip), or an error as `use` answers it */
  check: 'ordering.skip-links.check',
  /** SkipLinkRequest → SkipLinkDelivery with skipped: true; 400 unknown, 409 used or past the cut-off */
  use: 'ordering.skip-links.use',
} as const;

export const CutoffReminderPatterns = {
  /** ReminderCandidatesRequest → ReminderCandidates */
  candidates: 'ordering.cutoff-reminders.candidates',
} as const;

/** Where a skip link leads in the web app. */
export const SKIP_DELIVERY_PATH = '/skip-delivery';

/** A skip token: 32 random bytes in base64url. */
export const SKIP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const SkipLinkMessages = {
  /** malformed or unknown: alike */
  invalid: 'This skip link is not valid. Open your standing orders to skip a delivery.',
  used: 'This link was already used: the delivery is skipped.',
  expired: 'This link has expired: orders for this delivery have closed.',
  skipped: 'This delivery is skipped. Nothing will be ordered or charged for it.',
} as const;

/** POST /api/standing-orders/skip-link[/check] and the messages behind them. */
export class SkipLinkRequest {
  @Matches(SKIP_TOKEN_PATTERN, { message: SkipLinkMessages.invalid })
  @IsString({ message: SkipLinkMessages.invalid })
  token!: string;
}

/** The delivery a skip link is for, as its landing page shows it. */
export interface SkipLinkDelivery {
  standingOrderName: string;
  deliveryDate: string;
  /** ISO instant: the link works until then */
  cutoffAt: string;
  deliveryTimeSlot: DeliveryTimeSlot | null;
  lines: { productId: string; name: string; quantity: number }[];
  /** true once skipped (by this link, or already in the app) */
  skipped: boolean;
  message: string | null;
}

/** `standing-delivery.preview`: a coming delivery of a standing order; the token is mailed, never stored in clear by ordering. */
export class StandingDeliveryPreviewEvent {
  @IsUuid()
  standingOrderId!: string;

  @IsUuid()
  customerId!: string;

  @IsString()
  @MaxLength(200)
  standingOrderName!: string;

  @IsCalendarDate()
  deliveryDate!: string;

  @IsDateString()
  cutoffAt!: string;

  @IsOptional()
  @IsIn(DELIVERY_TIME_SLOTS)
  deliveryTimeSlot?: DeliveryTimeSlot | null;

  @ValidateNested({ each: true })
  @Type(() => OrderedLineEvent)
  @ArrayMaxSize(100)
  @IsArray()
  lines!: OrderedLineEvent[];

  @Matches(SKIP_TOKEN_PATTERN)
  skipToken!: string;
}

/** The most customers one reminder question names. */
export const REMINDER_CANDIDATES_MAX = 500;

/** ordering.cutoff-reminders.candidates: of these customers (who opted in), who has nothing for the next delivery? */
export class ReminderCandidatesRequest {
  @IsUuid({ each: true })
  @ArrayMaxSize(REMINDER_CANDIDATES_MAX)
  @IsArray()
  customerIds!: string[];

  /** how long before the cut-off reminders go */
  @Max(7 * 24 * 60)
  @Min(1)
  @IsInt()
  leadMinutes!: number;
}

export interface ReminderCandidates {
  /** null: no cut-off within the lead time now (nothing to send) */
  delivery: { date: string; cutoffAt: string } | null;
  /** the customers named with neither an order nor a standing-order delivery for that date */
  customerIds: string[];
}
