import { BellOutlined, LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LogoMark } from '@/components/ui/logo';
import { isNavActive } from '@/lib/nav';
import { displayName, initials, isAdmin, roleLabel } from '@/lib/user';
import type { ShellChromeProps } from './app-shell';
import { accountItems, ADMIN_ITEMS, mainItems, NAV_HREFS, type NavItem } from './nav-items';

/** The desktop sidebar: brand, main and admin navigation, who is signed in. */
export function DesktopSidebar({ user, cartCount, notificationCount, onLogout }: ShellChromeProps) {
  const admin = isAdmin(user);
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="sidebar-inner">
        <Link to="/" className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            <LogoMark size={26} />
          </span>
          <span>
            <span className="brand-name">Bakery Wholesale</span>
            <span className="brand-sub">Fresh bread ordering</span>
          </span>
        </Link>
        <nav className="sidebar-nav" aria-label="Main navigation">
          <NavList items={mainItems(admin)} counts={{ cart: cartCount, notifications: notificationCount }} />
          {user && accountItems(admin).length > 0 && <NavList items={accountItems(admin)} counts={{ cart: cartCount, notifications: notificationCount }} />}
          {admin && (
            <>
              <div className="sidebar-section" id="admin-nav-heading">
                Admin
              </div>
              <NavList items={ADMIN_ITEMS} counts={{ cart: cartCount, notifications: notificationCount }} labelledBy="admin-nav-heading" />
            </>
          )}
        </nav>
        {user && (
          <div className="sidebar-footer">
            <Avatar className="user-avatar" aria-hidden="true">
              {initials(user)}
            </Avatar>
            <div className="user-meta">
              <div className="user-name" title={displayName(user)}>
                {displayName(user)}
              </div>
              <div className="user-role">{roleLabel(user)}</div>
            </div>
            <Button type="text" icon={<LogoutOutlined />} aria-label="Log out" onClick={onLogout} />
          </div>
        )}
      </div>
    </aside>
  );
}

/** The desktop page header: title and subtitle, Today's Sales, the bell, Sign Out. */
export function DesktopHeader({ user, page, notificationCount, todaysSales, onLogout }: ShellChromeProps) {
  const admin = isAdmin(user);
  const navigate = useNavigate();
  return (
    <header className="page-header">
      <div className="page-heading">
        <h1 className="page-title">{page.title}</h1>
        {page.subtitle && <p className="page-subtitle">{page.subtitle}</p>}
      </div>
      <div className="header-actions">
        {todaysSales && (
          <div className="todays-sales">
            <span className="todays-sales-label">Today's Sales</span>
            <span className="todays-sales-value">{todaysSales}</span>
          </div>
        )}
        {user && (
          <Link
            to={admin ? '/admin/orders' : '/orders'}
            className="icon-link"
            aria-label={admin && notificationCount > 0 ? `Notifications: ${notificationCount} unread` : 'Notifications'}
          >
            <Badge count={admin ? notificationCount : 0} size="small">
              <BellOutlined className="bell-icon" />
            </Badge>
          </Link>
        )}
        {user && !admin && (
          <Link to="/account" className="icon-link" aria-label="Account" title="Account">
            <UserOutlined className="bell-icon" />
          </Link>
        )}
        {user ? (
          <Button icon={<LogoutOutlined />} onClick={onLogout}>
            Sign Out
          </Button>
        ) : (
          <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate('/')}>
            Sign In
          </Button>
        )}
      </div>
    </header>
  );
}

function NavList({ items, counts, labelledBy }: { items: NavItem[]; counts: { cart: number; notifications: number }; labelledBy?: string }) {
  const { pathname } = useLocation();
  return (
    <ul className="nav-list" aria-labelledby={labelledBy}>
      {items.map((item) => {
        const active = isNavActive(pathname, item.href, NAV_HREFS);
        const count = item.badge ? counts[item.badge] : 0;
        return (
          <li key={item.href}>
            <Link to={item.href} className={`nav-link${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined}>
              <span className="nav-icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className="nav-label">{item.label}</span>
              {count > 0 && (
                <span className="nav-badge" aria-label={`${count} ${item.badge === 'cart' ? 'items' : 'unread'}`}>
                  {count}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
