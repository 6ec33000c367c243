/**
 * How Manage Customers names a customer (spec section 2). These rules differ from the shell's
 * (lib/user.ts): the business comes first here, because the admin is looking at businesses.
 */
import type { Customer } from './api/customers';

type NameFields = Partial<Pick<Customer, 'businessName' | 'firstName' | 'lastName' | 'email'>> | null | undefined;

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** First two letters of the business name, else first and last name initials, else the email's first two letters, else 'CU'. */
export function customerInitials(c: NameFields): string {
  if (filled(c?.businessName)) return c.businessName.trim().slice(0, 2).toUpperCase();
  if (filled(c?.firstName) && filled(c?.lastName)) return `${c.firstName.trim()[0]}${c.lastName.trim()[0]}`.toUpperCase();
  if (filled(c?.email)) return c.email.trim().slice(0, 2).toUpperCase();
  return 'CU';
}

/** Business name, else first and last name, else email. */
export function customerDisplayName(c: NameFields): string {
  if (filled(c?.businessName)) return c.businessName.trim();
  if (filled(c?.firstName) && filled(c?.lastName)) return `${c.firstName.trim()} ${c.lastName.trim()}`;
  return c?.email?.trim() ?? '';
}

/** Desktop's 'Account Status': Active when the role is customer, otherwise the role itself. */
export function accountStatus(c: Pick<Customer, 'role'>): string {
  return c.role === 'customer' ? 'Active' : c.role;
}

/** Mobile's business type: "coffee_shop" → "coffee shop"; null when none. */
export function businessTypeText(type: string | null | undefined): string | null {
  return type ? type.replace(/_/g, ' ') : null;
}

/** The year an account was created, in local time ('Customer since 2025'). */
export function sinceYear(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : String(date.getFullYear());
}

/** "Customer since 2025" on desktop, "Since 2025" on mobile. */
export function customerSince(c: Pick<Customer, 'createdAt'>, mobile: boolean): string {
  return `${mobile ? 'Since' : 'Customer since'} ${sinceYear(c.createdAt)}`;
}
