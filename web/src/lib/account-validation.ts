import { BUSINESS_TYPES, Messages, SELF_SERVICE_BUSINESS_TYPES, type BusinessType } from '@contracts/constants';

/**
 * Spec section 5: the account forms' rules, the server's own messages: the sign-in and register tabs,
 * admin registration and the admins' Add New Customer dialog share them.
 */
export const AuthMessages = Messages;

// the same shape the server accepts (class-validator's IsEmail is stricter; this catches typos)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string | undefined): string | undefined {
  return value && EMAIL.test(value.trim()) ? undefined : AuthMessages.email;
}

export function validatePassword(value: string | undefined): string | undefined {
  return value && value.length >= 6 ? undefined : AuthMessages.password;
}

/** Optional; when given, at least 2 characters. */
export function validateBusinessName(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed.length >= 2 ? undefined : AuthMessages.businessName;
}

/** At least one character that is not a space (admin registration's names and key). */
export const validateRequired =
  (message: string) =>
  (value: string | undefined): string | undefined =>
    value && value.trim() !== '' ? undefined : message;

/** Spec section 2: how each business type reads in a select. */
export const BUSINESS_TYPE_LABELS: Record<BusinessType, string> = {
  coffee_shop: 'Coffee Shop',
  bakery: 'Bakery',
  restaurant: 'Restaurant',
  other: 'Other',
};

/** Self-registration offers two types (spec section 2). */
export const BUSINESS_TYPE_OPTIONS = SELF_SERVICE_BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }));

/** Admin-created customers may also be a restaurant or other (spec section 2). */
export const ALL_BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_LABELS[value] }));
