import type { ReactNode } from 'react';
import { useAdminNotificationCount } from '@/features/notifications/api/notifications';
import { useCartCount } from '@/features/cart/api/cart';
import { useIsMobile } from '@/lib/use-is-mobile';
import { isAdmin, type User } from '@/lib/user';
import { DesktopHeader, DesktopSidebar } from './desktop-shell';
import { BottomTabs, MobileHeading, MobileTopBar } from './mobile-shell';
import type { RouteHandle } from './page-meta';
import './app-shell.css';

/** What the shell's chrome (navigation, headers, tab bar) shows around the page. */
export interface ShellChromeProps {
  user: User | null;
  page: Pick<RouteHandle, 'title' | 'subtitle' | 'mobileSubtitle'>;
  cartCount: number;
  notificationCount: number;
  /** optional Today's Sales figure in the desktop header, e.g. "$1,234.50" */
  todaysSales?: string;
}

/**
 * The navigation shell (spec section 2): desktop sidebar and header, or the mobile top bar, heading
 * and bottom tabs below 768 px. The page sits at the same place in the tree in both layouts, so
 * crossing the breakpoint (a rotated tablet, a resized window) swaps only the chrome and the page
 * keeps its state: an open dialog, a half-filled form.
 */
export function AppShell({
  user,
  page,
  todaysSales,
  children,
}: Pick<ShellChromeProps, 'user' | 'page' | 'todaysSales'> & { children: ReactNode }) {
  const mobile = useIsMobile();
  const admin = isAdmin(user);
  const cartCount = useCartCount(Boolean(user) && !admin).data?.count ?? 0;
  const notificationCount = useAdminNotificationCount(admin).data?.count ?? 0;
  const chrome: ShellChromeProps = { user, page, cartCount, notificationCount, todaysSales };
  return (
    <div className={mobile ? 'shell-mobile' : 'shell-desktop'}>
      {mobile ? <MobileTopBar {...chrome} /> : <DesktopSidebar {...chrome} />}
      <div className={mobile ? 'shell-mobile-body' : 'shell-main'}>
        {mobile ? <MobileHeading page={page} /> : <DesktopHeader {...chrome} />}
        <main className={mobile ? 'mobile-content' : 'page-content'} id="main">
          {children}
        </main>
      </div>
      {mobile && <BottomTabs {...chrome} />}
    </div>
  );
}

export default AppShell;
