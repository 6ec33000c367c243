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
  { href: '/admin', label: 'Admin Dashboard', tabLabel: 'Admin', icon: <DashboardOutlined /> },
  { href: '/admin/products', label: 'Manage Products', tabLabel: 'Manage', icon: <AppstoreOutlined /> },
  { href: '/admin/orders', label: 'Manage Orders', tabLabel: 'Process', icon: <ProfileOutlined />, badge: 'notifications' },
  { href: '/admin/customers', label: 'Manage Customers', tabLabel: 'Customers', icon: <TeamOutlined /> },
];

/** Desktop sidebar and the mobile menu: Dashboard, Products, Orders, Cart (admins have no cart). */
export function mainItems(admin: boolean): NavItem[] {
  return admin ? [DASHBOARD, PRODUCTS, ORDERS] : [DASHBOARD, PRODUCTS, ORDERS, CART];
}

/** Mobile bottom tabs: Products, Orders, Cart; admins get the four admin entries instead of Cart. */
export function tabItems(admin: boolean): NavItem[] {
  return admin ? [PRODUCTS, ORDERS, ...ADMIN_ITEMS] : [PRODUCTS, ORDERS, CART];
}
