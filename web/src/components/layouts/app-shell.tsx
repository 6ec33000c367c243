import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useIsMobile } from '@/lib/use-is-mobile';
import type { User } from '@/lib/user';
import { DesktopHeader, DesktopSidebar } from './desktop-shell';
import { BottomTabs, MobileHeading, MobileTopBar } from './mobile-shell';
import { useDocumentTitle, type RouteHandle } from './page-meta';
import './app-shell.css';

/** What the shell's chrome (navigation, headers, tab bar) shows around the page. */
export interface ShellChromeProps {
  user: User | null;
  page: Pick<RouteHandle, 'title' | 'subtitle' | 'mobileSubtitle'>;
  /** the cart's item count (customers) */
  cartCount: number;
  /** unread order notifications (admins) */
  notificationCount: number;
  /** optional Today's Sales figure in the desktop header, e.g. "$1,234.50" */
  todaysSales?: string;
  /** Sign Out / Log out */
  onLogout: () => void;
}

/**
 * The navigation shell (spec section 2): desktop sidebar and header, or the mobile top bar, heading
 * and bottom tabs below 768 px. The page sits at the same place in the tree in both layouts, so
 * crossing the breakpoint (a rotated tablet, a resized window) swaps only the chrome and the page
 * keeps its state: an open dialog, a half-filled form. What it shows of the features (the counts,
 * signing out) comes in as props (app/shell.tsx), so components/ imports no feature.
 */
export function AppShell({
  user,
  page,
  cartCount = 0,
  notificationCount = 0,
  todaysSales,
  onLogout,
  children,
}: Pick<ShellChromeProps, 'user' | 'page' | 'todaysSales' | 'onLogout'> &
  Partial<Pick<ShellChromeProps, 'cartCount' | 'notificationCount'>> & { children: ReactNode }) {
  const mobile = useIsMobile();
  const chrome: ShellChromeProps = { user, page, cartCount, notificationCount, todaysSales, onLogout };
  const main = useRef<HTMLElement>(null);
  useDocumentTitle(page.title);
  // focus moves by script: a '#main' navigation would go through the router's history
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };
  return (
    <div className={mobile ? 'shell-mobile' : 'shell-desktop'}>
      <a href="#main" className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      {mobile ? <MobileTopBar {...chrome} /> : <DesktopSidebar {...chrome} />}
      <div className={mobile ? 'shell-mobile-body' : 'shell-main'}>
        {mobile ? <MobileHeading page={page} /> : <DesktopHeader {...chrome} />}
        <main className={mobile ? 'mobile-content' : 'page-content'} id="main" ref={main} tabIndex={-1}>
          {children}
        </main>
      </div>
      {mobile && <BottomTabs {...chrome} />}
    </div>
  );
}

export default AppShell;
