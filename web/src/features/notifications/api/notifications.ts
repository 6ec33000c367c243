import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

import { ADMIN_NOTIFICATIONS_COUNT_KEY } from '@/lib/query-keys';

export { ADMIN_NOTIFICATIONS_COUNT_KEY };
/** Spec section 9: admin notification polling. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** GET of the unread admin notifications' count (the shell's bell); no retry. */
export const adminNotificationCountQuery = queryOptions<{ count: number }>({ queryKey: ADMIN_NOTIFICATIONS_COUNT_KEY, retry: false });

/** Unread admin notifications: only for signed-in admins, polled every 30 s (and pushed over the socket). */
export function useAdminNotificationCount(enabled: boolean) {
  return useQuery({
    ...adminNotificationCountQuery,
    enabled,
    refetchInterval: enabled ? NOTIFICATIONS_POLL_MS : false,
  });
}

/**
 * Marks every admin notification read (opening Manage Orders does). The badge shows 0 at once and
 * the count is read again afterwards (spec section 7); a failure is only logged (spec section 8).
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ count: number }>('POST', '/api/admin/notifications/mark-read'),
    onSuccess: (answer) => {
      queryClient.setQueryData(ADMIN_NOTIFICATIONS_COUNT_KEY, { count: answer?.count ?? 0 });
      return queryClient.invalidateQueries({ queryKey: ADMIN_NOTIFICATIONS_COUNT_KEY });
    },
    onError: (err) => console.warn('Marking the admin notifications read failed:', err),
  });
}
