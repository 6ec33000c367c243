import { IsBoolean, IsOptional } from 'class-validator';
import { IsUuid } from './validation';

/**
 * Which optional emails a customer gets (issue 20; the Notifications section of the Account
 * page). Transactional mail (order confirmations, password links) always goes. Notifications owns
 * the preferences (table `mail_preferences`, a row only once a customer changed something); HTTP:
 * GET/PUT /api/account/notifications (customers only).
 */
export const MailPreferencePatterns = {
  /** MailPreferencesRequest → MailPreferences (the defaults for a customer with no row) */
  get: 'notifications.mail-preferences.get',
  /** UpdateMailPreferencesRequest → MailPreferences (the whole set after the change) */
  update: 'notifications.mail-preferences.update',
} as const;

export interface MailPreferences {
  /** status changes (confirmed, in transit, delivered, cancelled) and amendments of their orders */
  orderUpdates: boolean;
  /** a standing order's coming delivery, a set number of days before its cut-off, with a skip link */
  standingOrderPreviews: boolean;
  /** a set time before the next cut-off when they have no order for that delivery (opt-in) */
  cutoffReminders: boolean;
}

/** What a customer who never changed anything gets: everything but the reminders (opt-in). */
export const DEFAULT_MAIL_PREFERENCES: Readonly<MailPreferences> = Object.freeze({
  orderUpdates: true,
  standingOrderPreviews: true,
  cutoffReminders: false,
});

const booleanMessage = (field: keyof MailPreferences) => `${field} must be true or false`;

/** PUT /api/account/notifications: any of the three; those left out keep their value. */
export class UpdateMailPreferencesDto {
  @IsOptional()
  @IsBoolean({ message: booleanMessage('orderUpdates') })
  orderUpdates?: boolean;

  @IsOptional()
  @IsBoolean({ message: booleanMessage('standingOrderPreviews') })
  standingOrderPreviews?: boolean;

  @IsOptional()
  @IsBoolean({ message: booleanMessage('cutoffReminders') })
  cutoffReminders?: boolean;
}

/** notifications.mail-preferences.get */
export class MailPreferencesRequest {
  @IsUuid()
  customerId!: string;
}

/** notifications.mail-preferences.update */
export class UpdateMailPreferencesRequest extends UpdateMailPreferencesDto {
  @IsUuid()
  customerId!: string;
}
