/** The Account page's forms (issue 20): what is shown, what is sent, and how the server's refusals read. */
import { PasswordChangeMessages } from '@contracts/constants';
import type { BusinessType } from '@contracts/users';
import { BUSINESS_TYPE_LABELS, BUSINESS_TYPE_OPTIONS } from '@/lib/account-validation';
import { isApiError } from '@/lib/api-client';
import type { AccountChanges, CustomerAccount, MailPreferences } from './api/account';

export { PasswordChangeMessages };

export interface DetailsFormValues {
  businessName?: string;
  businessType?: BusinessType;
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: string;
}

export interface PasswordFormValues {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

const TEXT_FIELDS = ['businessName', 'firstName', 'lastName', 'phone', 'address'] as const;

export function detailsFormValues(account: CustomerAccount): DetailsFormValues {
  return {
    businessName: account.businessName ?? '',
    businessType: account.businessType ?? undefined,
    firstName: account.firstName ?? '',
    lastName: account.lastName ?? '',
    phone: account.phone ?? '',
    address: account.address ?? '',
  };
}

/** PATCH /api/account: only what changed; a field emptied is null (cleared). */
export function toAccountChanges(account: CustomerAccount, values: DetailsFormValues): AccountChanges {
  const changes: AccountChanges = {};
  for (const field of TEXT_FIELDS) {
    const next = values[field]?.trim() || null;
    if (next !== (account[field] ?? null)) changes[field] = next;
  }
  // a type the bakery gave (restaurant, other) is kept by not sending it
  if (values.businessType && values.businessType !== account.businessType) changes.businessType = values.businessType;
  return changes;
}

/**
 * The types a customer may pick (those of registration), and the one the bakery gave them when it
 * is another, so it shows and stays chosen.
 */
export function businessTypeOptions(current: BusinessType | null | undefined): { value: BusinessType; label: string }[] {
  const options: { value: BusinessType; label: string }[] = [...BUSINESS_TYPE_OPTIONS];
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: BUSINESS_TYPE_LABELS[current] });
  return options;
}

/** A 400's field messages by form field (the server's names are the form's); none for any other failure. */
export function fieldErrorsOf<F extends string>(err: unknown, fields: readonly F[]): { name: F; errors: string[] }[] {
  if (!isApiError(err, 400) || !err.body?.errors) return [];
  return Object.entries(err.body.errors).flatMap(([name, errors]) => ((fields as readonly string[]).includes(name) ? [{ name: name as F, errors }] : []));
}

export const DETAILS_FIELDS = ['businessName', 'businessType', 'firstName', 'lastName', 'phone', 'address'] as const;
export const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

export const PasswordFormMessages = {
  mismatch: 'The passwords do not match',
  confirmRequired: 'Please enter the new password again',
  /** the toast's line under "Password changed" */
  changed: 'You stay signed in here; your other devices have been signed out.',
} as const;

/** The three optional emails (libs/contracts/src/mail-preferences.ts), as the Notifications section names and explains them. */
export const MAIL_PREFERENCE_SWITCHES: { key: keyof MailPreferences; label: string; description: string }[] = [
  { key: 'orderUpdates', label: 'Order updates', description: 'When an order is confirmed, out for delivery, delivered or cancelled, and when it is amended.' },
  {
    key: 'standingOrderPreviews',
    label: 'Standing order previews',
    description: 'What each standing order will deliver, before its cut-off, with a link to skip that delivery.',
  },
  { key: 'cutoffReminders', label: 'Cut-off reminders', description: 'A reminder before the cut-off when you have no order for the next delivery.' },
];

export const ALWAYS_SENT = 'Order confirmations and password emails are always sent.';
