import type { User } from '@contracts/users';

/** The signed-in user as GET /api/auth/user answers it (the gateway's composed user). */
export type { User };

type NameFields = Partial<Pick<User, 'firstName' | 'lastName' | 'businessName' | 'email'>> | null | undefined;

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Spec section 2: first+last name, else businessName, else email, else 'User'. */
export function displayName(user: NameFields): string {
  if (filled(user?.firstName) && filled(user?.lastName)) return `${user.firstName.trim()} ${user.lastName.trim()}`;
  if (filled(user?.businessName)) return user.businessName.trim();
  if (filled(user?.email)) return user.email.trim();
  return 'User';
}

/** Spec section 2: first and last name initials, else the email's first two letters upper-cased, else 'U'. */
export function initials(user: NameFields): string {
  if (filled(user?.firstName) && filled(user?.lastName)) {
    return `${user.firstName.trim()[0]}${user.lastName.trim()[0]}`.toUpperCase();
  }
  if (filled(user?.email)) return user.email.trim().slice(0, 2).toUpperCase();
  return 'U';
}

export function roleLabel(user: Pick<User, 'role'> | null | undefined): string {
  return user?.role === 'admin' ? 'Administrator' : 'Customer';
}

export const isAdmin = (user: Pick<User, 'role'> | null | undefined): boolean => user?.role === 'admin';
