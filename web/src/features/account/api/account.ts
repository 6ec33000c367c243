/**
 * The signed-in customer's own account (issue 20's Account page): GET/PATCH /api/account (business
 * details), POST /api/account/password, GET/PUT /api/account/notifications (optional emails).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordAnswer } from '@contracts/auth';
import type { CustomerAccount } from '@contracts/customers';
import type { MailPreferences } from '@contracts/mail-preferences';
import type { BusinessType } from '@contracts/users';
import { apiJson } from '@/lib/api-client';
import { USER_KEY } from '@/lib/query-keys';
import type { User } from '@/lib/user';

export type { ChangePasswordAnswer, CustomerAccount, MailPreferences };

export const ACCOUNT_KEY = ['/api/account'] as const;
export const MAIL_PREFERENCES_KEY = ['/api/account/notifications'] as const;

/** PATCH /api/account: a field left out keeps its value, null clears it (never the drop position: the bakery's). */
export type AccountChanges = {
  [K in 'firstName' | 'lastName' | 'businessName' | 'phone' | 'address']?: string | null;
} & { businessType?: BusinessType | null };

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

/** The account as it is now: read whenever the page opens (an admin may have changed it); not retried. */
export function useAccount() {
  return useQuery<CustomerAccount>({ queryKey: ACCOUNT_KEY, refetchOnMount: 'always' });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AccountChanges) => apiJson<CustomerAccount>('PATCH', '/api/account', changes),
    onSuccess: (account) => {
      queryClient.setQueryData(ACCOUNT_KEY, account);
      // the shell's name and business come from the session's user
      queryClient.setQueryData<User | null>(USER_KEY, (user) => (user ? { ...user, ...userFieldsOf(account) } : user));
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => apiJson<ChangePasswordAnswer>('POST', '/api/account/password', input),
  });
}

/** Which optional emails the customer gets; read whenever the page opens. */
export function useMailPreferences() {
  return useQuery<MailPreferences>({ queryKey: MAIL_PREFERENCES_KEY, refetchOnMount: 'always' });
}

/** PUT /api/account/notifications with the one switch that changed; the answer is the whole set. */
export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<MailPreferences>) => apiJson<MailPreferences>('PUT', '/api/account/notifications', change),
    onSuccess: (saved) => queryClient.setQueryData(MAIL_PREFERENCES_KEY, saved),
  });
}

function userFieldsOf(account: CustomerAccount): Partial<User> {
  const { firstName, lastName, businessName, businessType, phone, address, updatedAt } = account;
  return { firstName, lastName, businessName, businessType, phone, address, updatedAt };
}
