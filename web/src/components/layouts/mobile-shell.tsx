import { LoginOutlined, LogoutOutlined, MenuOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, Drawer } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LogoMark } from '@/components/ui/logo';
import { isNavActive } from '@/lib/nav';
import { displayName, initials, isAdmin, roleLabel } from '@/lib/user';
import type { ShellChromeProps } from './app-shell';
import { accountItems, ADMIN_ITEMS, mainItems, NAV_HREFS, tabItems, type NavItem } from './nav-items';

/** The mobile top bar (menu button, brand, cart, Sign Out) and the menu drawer it opens. */
export function MobileTopBar({ user, cartCount, notificationCount, onLogout }: ShellChromeProps) {
  const admin = isAdmin(user);
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const counts = { cart: cartCount, notifications: notificationCount };
  return (
    <>
      <header className="mobile-header">
        <Button type="text" icon={<MenuOutlined />} aria-label="Open menu" onClick={() => setMenuOpen(true)} />
        <Link to="/" className="mobile-brand">
          <LogoMark size={22} /> Bakery Wholesale
        </Link>
        <div className="mobile-header-actions">
          {user && !admin && (
            <Link to="/cart" className="icon-link" aria-label={cartCount > 0 ? `Cart: ${cartCount} items` : 'Cart'}>
              <Badge count={cartCount} size="small">
                <ShoppingCartOutlined className="bell-icon" />
              </Badge>
            </Link>
          )}
          {user ? (
            <Button size="small" icon={<LogoutOutlined />} onClick={onLogout}>
              Sign Out
            </Button>
          ) : (
            <Button size="small" type="primary" icon={<LoginOutlined />} onClick={() => navigate('/')}>
              Sign In
            </Button>
          )}
        </div>
      </header>

      <Drawer title="Main menu" placement="left" open={menuOpen} onClose={() => setMenuOpen(false)} size={280} className="mobile-menu">
        <nav aria-label="Main menu">
          <MenuList items={mainItems(admin)} counts={counts} onNavigate={() => setMenuOpen(false)} />
          {user && accountItems(admin).length > 0 && <MenuList items={accountItems(admin)} counts={counts} onNavigate={() => setMenuOpen(false)} />}
          {admin && (
            <>
              <div className="sidebar-section">Admin</div>
              <MenuList items={ADMIN_ITEMS} counts={counts} onNavigate={() => setMenuOpen(false)} />
            </>
          )}
        </nav>
        {user && (
          <div className="mobile-menu-user">
            <Avatar className="user-avatar" aria-hidden="true">
              {initials(user)}
            </Avatar>
            <div className="user-meta">
              <div className="user-name">{displayName(user)}</div>
              <div className="user-role">{roleLabel(user)}</div>
            </div>
          </div>
        )}
      </Drawer>
    </>
  );
}

/** The page's title and subtitle (the shorter mobile subtitle where there is one). */
export function MobileHeading({ page }: Pick<ShellChromeProps, 'page'>) {
  const subtitle = page.mobileSubtitle ?? page.subtitle;
  return (
    <div className="mobile-page-heading">
      <h1 className="page-title">{page.title}</h1>
      {subtitle && <p className="page-subtitle">{subtitle}</p>}
    </div>
  );
}

/** The fixed bottom tab bar. */
export function BottomTabs({ user, cartCount, notificationCount }: ShellChromeProps) {
  const { pathname } = useLocation();
  const tabs = tabItems(isAdmin(user));
  const counts = { cart: cartCount, notifications: notificationCount };
  return (
    <nav className={tabs.length > 5 ? 'bottom-tabs bottom-tabs-many' : 'bottom-tabs'} aria-label="Bottom navigation">
      {tabs.map((item) => {
        const active = isNavActive(pathname, item.href, NAV_HREFS);
        const count = item.badge ? counts[item.badge] : 0;
        return (
          <Link
            key={item.href}
            to={item.href}
            className={`bottom-tab${active ? ' active' : ''}`}
            aria-current={active ? 'page' : undefined}
            title={item.label}
          >
            <Badge count={count} size="small" offset={[4, 0]}>
              <span className="bottom-tab-icon" aria-hidden="true">
                {item.icon}
              </span>
            </Badge>
            <span className="bottom-tab-label">{item.tabLabel ?? item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}

function MenuList({ items, counts, onNavigate }: { items: NavItem[]; counts: { cart: number; notifications: number }; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className="nav-list">
      {items.map((item) => {
        const active = isNavActive(pathname, item.href, NAV_HREFS);
        const count = item.badge ? counts[item.badge] : 0;
        return (
          <li key={item.href}>
            <Link to={item.href} className={`nav-link${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
              <span className="nav-icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className="nav-label">{item.label}</span>
              {count > 0 && <span className="nav-badge">{count}</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
