import type { QueryClient } from '@tanstack/react-query';
import { cartCountQuery } from '@/features/cart/api/cart';
import { adminNotificationCountQuery } from '@/features/notifications/api/notifications';
import { readForPage } from '@/lib/page-reads';
import { isAdmin, type User } from '@/lib/user';

/**
 * What the shell shows of the features (a customer's cart count, an admin's unread notifications),
 * asked for by the guard with the page's first reads: the shell's first render has it, instead of
 * rendering again a moment later with the badge's count animating in. Read once: the shell's own
 * queries keep it up to date from then on.
 */
export function readShell(client: QueryClient, user: User): Promise<unknown> {
  return readForPage(client, isAdmin(user) ? adminNotificationCountQuery : cartCountQuery);
}
