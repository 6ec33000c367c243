import {
  AccountBookOutlined,
  AppstoreOutlined,
  CalendarOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  HomeOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
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
/** Issue 20: the customer's own details, password and optional emails (admins have no such page). */
export const ACCOUNT: NavItem = { href: '/account', label: 'Account', icon: <UserOutlined /> };

// tab labels: beside the Products and Orders tabs each names what it opens (the spec fixes none)
const ADMIN_DASHBOARD: NavItem = { href: '/admin', label: 'Admin Dashboard', tabLabel: 'Overview', icon: <DashboardOutlined /> };
const MANAGE_PRODUCTS: NavItem = { href: '/admin/products', label: 'Manage Products', tabLabel: 'Inventory', icon: <AppstoreOutlined /> };
const MANAGE_ORDERS: NavItem = { href: '/admin/orders', label: 'Manage Orders', tabLabel: 'Fulfilment', icon: <ProfileOutlined />, badge: 'notifications' };
/** Issue 18: the bake list, packing slips and run sheet of a delivery date. */
const PRODUCTION: NavItem = { href: '/admin/production', label: 'Production', icon: <ExperimentOutlined /> };
// when orders can be placed for which day: beside fulfilment, which it feeds
const DELIVERY_SCHEDULE: NavItem = { href: '/admin/schedule', label: 'Delivery Schedule', tabLabel: 'Schedule', icon: <CalendarOutlined /> };
const MANAGE_CUSTOMERS: NavItem = { href: '/admin/customers', label: 'Manage Customers', tabLabel: 'Customers', icon: <TeamOutlined /> };
/** Issue 18: invoices and credit notes, and the bakery's details they carry. */
const INVOICES: NavItem = { href: '/admin/invoices', label: 'Invoices', icon: <AccountBookOutlined /> };
/** Issue 19: price lists and the bakery's own terms (minimum order, free delivery). */
const PRICE_LISTS: NavItem = { href: '/admin/price-lists', label: 'Price Lists', icon: <TagsOutlined /> };

/** Spec section 2: the Admin section, for admins only (the desktop sidebar and the phone's Main menu). */
export const ADMIN_ITEMS: NavItem[] = [ADMIN_DASHBOARD, MANAGE_PRODUCTS, MANAGE_ORDERS, PRODUCTION, DELIVERY_SCHEDULE, MANAGE_CUSTOMERS, PRICE_LISTS, INVOICES];

/**
 * The admin entries of the phone's tab bar: seven tabs (with Products and Orders) are as many as
 * fit; Production, Price Lists and Invoices are in the Main menu only.
 */
export const ADMIN_TAB_ITEMS: NavItem[] = [ADMIN_DASHBOARD, MANAGE_PRODUCTS, MANAGE_ORDERS, DELIVERY_SCHEDULE, MANAGE_CUSTOMERS];

/** Every entry's path: an entry is active only when no more specific entry matches (lib/nav.ts). */
export const NAV_HREFS: readonly string[] = [DASHBOARD, PRODUCTS, ORDERS, STANDING_ORDERS, CART, ACCOUNT, ...ADMIN_ITEMS].map((item) => item.href);

/** Desktop sidebar and the mobile menu: Dashboard, Products, Orders, Standing Orders, Cart (admins have neither of the last two). */
export function mainItems(admin: boolean): NavItem[] {
  return admin ? [DASHBOARD, PRODUCTS, ORDERS] : [DASHBOARD, PRODUCTS, ORDERS, STANDING_ORDERS, CART];
}

/** Mobile bottom tabs: Products, Orders, Standing, Cart; admins get the admin entries instead of the last two. */
export function tabItems(admin: boolean): NavItem[] {
  return admin ? [PRODUCTS, ORDERS, ...ADMIN_TAB_ITEMS] : [PRODUCTS, ORDERS, STANDING_ORDERS, CART];
}

/** The signed-in user's own entries, below the main ones (the sidebar and the phone's Main menu): Account, for customers. */
export function accountItems(admin: boolean): NavItem[] {
  return admin ? [] : [ACCOUNT];
}
