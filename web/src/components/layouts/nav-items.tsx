import {
  AppstoreOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface NavItem {
  href: string;
  label: string;
  /** label in the mobile bottom tab bar, when shorter */
  tabLabel?: string;
  icon: ReactNode;
  /** which count shows as a badge */
  badge?: 'cart' | 'notifications';
}

export const DASHBOARD: NavItem = { href: '/', label: 'Dashboard', icon: <HomeOutlined /> };
export const PRODUCTS: NavItem = { href: '/products', label: 'Products', icon: <ShopOutlined /> };
export const ORDERS: NavItem = { href: '/orders', label: 'Orders', icon: <FileTextOutlined /> };
/** Issue 17: deliveries that repeat by weekday (customers; admins see a customer's in Manage Customers). */
export const STANDING_ORDERS: NavItem = { href: '/standing-orders', label: 'Standing Orders', tabLabel: 'Standing', icon: <ScheduleOutlined /> };
export const CART: NavItem = { href: '/cart', label: 'Cart', icon: <ShoppingCartOutlined />, badge: 'cart' };

/** Spec section 2: the Admin section, for admins only. */
export const ADMIN_ITEMS: NavItem[] = [
// tab labels: beside the Products and Orders tabs each names what it opens (the spec fixes none)
  { href: '/admin', label: 'Admin Dashboard', tabLabel: 'Overview', icon: <DashboardOutlined /> },
  { href: '/admin/products', label: 'Manage Products', tabLabel: 'Inventory', icon: <AppstoreOutlined /> },
  { href: '/admin/orders', label: 'Manage Orders', tabLabel: 'Fulfilment', icon: <ProfileOutlined />, badge: 'notifications' },
  // when orders can be placed for which day: beside fulfilment, which it feeds
  { href: '/admin/schedule', label: 'Delivery Schedule', tabLabel: 'Schedule', icon: <CalendarOutlined /> },
  { href: '/admin/customers', label: 'Manage Customers', tabLabel: 'Customers', icon: <TeamOutlined /> },
];

/** Every entry's path: an entry is active only when no more specific entry matches (lib/nav.ts). */
export const NAV_HREFS: readonly string[] = [DASHBOARD, PRODUCTS, ORDERS, STANDING_ORDERS, CART, ...ADMIN_ITEMS].map((item) => item.href);

/** Desktop sidebar and the mobile menu: Dashboard, Products, Orders, Standing Orders, Cart (admins have neither of the last two). */
export function mainItems(admin: boolean): NavItem[] {
  return admin ? [DASHBOARD, PRODUCTS, ORDERS] : [DASHBOARD, PRODUCTS, ORDERS, STANDING_ORDERS, CART];
}

/** Mobile bottom tabs: Products, Orders, Standing, Cart; admins get the admin entries instead of the last two. */
export function tabItems(admin: boolean): NavItem[] {
  return admin ? [PRODUCTS, ORDERS, ...ADMIN_ITEMS] : [PRODUCTS, ORDERS, STANDING_ORDERS, CART];
}
