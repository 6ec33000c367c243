import type { ReactNode } from 'react';
import { AppShell, type ShellChromeProps } from '@/components/layouts/app-shell';
import { logout } from '@/features/auth/api/auth';
import { useCartCount } from '@/features/cart/api/cart';
import { useAdminNotificationCount } from '@/features/notifications/api/notifications';
import { isAdmin } from '@/lib/user';

const signOut = () => void logout();

/**
 * The navigation shell with what it shows of the features wired in: the cart's count for
 * customers, the unread order notifications for admins, and signing out. Lazily loaded by the
 * guards (guards.tsx), like the shell itself, so the sign-in page does not load it.
 */
export function Shell({ user, page, children }: Pick<ShellChromeProps, 'user' | 'page'> & { children: ReactNode }) {
  const admin = isAdmin(user);
  const cartCount = useCartCount(Boolean(user) && !admin).data?.count ?? 0;
  const notificationCount = useAdminNotificationCount(admin).data?.count ?? 0;
  return (
    <AppShell user={user} page={page} cartCount={cartCount} notificationCount={notificationCount} onLogout={signOut}>
      {children}
    </AppShell>
  );
}

export default Shell;
