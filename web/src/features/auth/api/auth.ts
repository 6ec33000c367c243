import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { assignLocation } from '@/lib/browser';
import { CREDENTIALS_META, getQueryFn } from '@/lib/query-client';
import { mayHaveSession } from '@/lib/session-hint';
import type { User } from '@/lib/user';

import { PRODUCTS_KEY, USER_KEY } from '@/lib/query-keys';

export { USER_KEY };

const askForUser = getQueryFn<User>({ on401: 'returnNull' });

/**
 * The session (spec section 4): loading, signed in (a user) or not (null). Not retried. A browser
 * without the session hint has no session: it is not asked for.
 */
export function useUser() {
  const query = useQuery<User | null>({
    queryKey: USER_KEY,
    queryFn: (context) => (mayHaveSession() ? askForUser(context) : null),
    retry: false,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
  };
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput extends LoginInput {
  businessName?: string;
  businessType?: 'coffee_shop' | 'bakery';
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<{ user: User }>('POST', '/api/auth/login', input),
    meta: CREDENTIALS_META,
    onSuccess: (res) => {
      // a new session: drop whatever the previous one cached, then set who we are
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_KEY[0] });
      queryClient.setQueryData(USER_KEY, res.user);
      // a customer lands on the catalogue: ask for it now, while the shell renders (issue 14's first screen)
      if (res.user.role === 'customer') void queryClient.prefetchQuery({ queryKey: PRODUCTS_KEY });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiJson<User>('POST', '/api/auth/register', input),
    meta: CREDENTIALS_META,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_KEY[0] });
      queryClient.setQueryData(USER_KEY, user);
    },
  });
}

export interface AdminRegisterInput extends LoginInput {
  firstName: string;
  lastName: string;
  registrationKey: string;
}

/**
 * POST /api/auth/admin-login: the caller reads `user.role` and then navigates in full (a fresh
 * page for the new session), so the cache is left alone here.
 */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiJson<{ user: User }>('POST', '/api/auth/admin-login', input),
    meta: CREDENTIALS_META,
  });
}

/** POST /api/auth/admin-register: creates the administrator; it does not sign in. */
export function useAdminRegister() {
  return useMutation({
    mutationFn: (input: AdminRegisterInput) => apiJson<User>('POST', '/api/auth/admin-register', input),
    meta: CREDENTIALS_META,
  });
}

/** POST /api/auth/forgot-password: 202 with the same answer whatever the email (429 past the limit). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { email: string }) => apiJson<{ message: string }>('POST', '/api/auth/forgot-password', input),
  });
}

/**
 * POST /api/auth/reset-password (issue 20): sets the password with a mailed link's token; every
 * session of that account ends, so the cached user is checked again.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => apiJson<{ ok: true; role: User['role'] }>('POST', '/api/auth/reset-password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_KEY }),
  });
}

/** Spec section 4: after the call, success or failure, the browser goes to /. */
export async function logout(): Promise<void> {
  try {
    await apiJson('POST', '/api/auth/logout');
  } catch {
    // going to / anyway
  }
  assignLocation('/');
}
