import {
  AppstoreOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  ProfileOutlined,
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
export const CART: NavItem = { href: '/cart', label: 'Cart', icon: <ShoppingCartOutlined />, badge: 'cart' };

/** Spec section 2: the Admin section, for admins only. */
export const ADMIN_ITEMS: NavItem[] = [
// tab labels: beside the Products and Orders tabs each names what it opens (the spec fixes none)
  { href: '/admin', label: 'Admin Dashboard', tabLabel: 'Overview', icon: <DashboardOutlined /> },
  { href: '/admin/products', label: 'Manage Products', tabLabel: 'Inventory', icon: <AppstoreOutlined /> },
  { href: '/admin/orders', label: 'Manage Orders', tabLabel: 'Fulfilment', icon: <ProfileOutlined />, badge: 'notifications' },
  { href: '/admin/customers', label: 'Manage Customers', tabLabel: 'Customers', icon: <TeamOutlined /> },
];

/** Every entry's path: an entry is active only when no more specific entry matches (lib/nav.ts). */
export const NAV_HREFS: readonly string[] = [DASHBOARD, PRODUCTS, ORDERS, CART, ...ADMIN_ITEMS].map((item) => item.href);

/** Desktop sidebar and the mobile menu: Dashboard, Products, Orders, Cart (admins have no cart). */
export function mainItems(admin: boolean): NavItem[] {
  return admin ? [DASHBOARD, PRODUCTS, ORDERS] : [DASHBOARD, PRODUCTS, ORDERS, CART];
}

/** Mobile bottom tabs: Products, Orders, Cart; admins get the four admin entries instead of Cart. */
export function tabItems(admin: boolean): NavItem[] {
  return admin ? [PRODUCTS, ORDERS, ...ADMIN_ITEMS] : [PRODUCTS, ORDERS, CART];
}
