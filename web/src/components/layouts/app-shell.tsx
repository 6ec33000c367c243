import type { ReactNode } from 'react';
import { useAdminNotificationCount } from '@/features/notifications/api/notifications';
import { useCartCount } from '@/features/cart/api/cart';
import { useIsMobile } from '@/lib/use-is-mobile';
import { isAdmin, type User } from '@/lib/user';
import { DesktopShell } from './desktop-shell';
import { MobileShell } from './mobile-shell';
import type { RouteHandle } from './page-meta';
import './app-shell.css';

export interface ShellProps {
  user: User | null;
  page: Pick<RouteHandle, 'title' | 'subtitle' | 'mobileSubtitle'>;
  cartCount: number;
  notificationCount: number;
  /** optional Today's Sales figure in the desktop header, e.g. "$1,234.50" */
  todaysSales?: string;
  children: ReactNode;
}

/** The navigation shell (spec section 2): desktop sidebar and header, or the mobile shell below 768 px. */
export function AppShell({ user, page, todaysSales, children }: Omit<ShellProps, 'cartCount' | 'notificationCount'>) {
  const mobile = useIsMobile();
  const admin = isAdmin(user);
  const cartCount = useCartCount(Boolean(user) && !admin).data?.count ?? 0;
  const notificationCount = useAdminNotificationCount(admin).data?.count ?? 0;
  const props: ShellProps = { user, page, cartCount, notificationCount, todaysSales, children };
  return mobile ? <MobileShell {...props} /> : <DesktopShell {...props} />;
}

export default AppShell;
