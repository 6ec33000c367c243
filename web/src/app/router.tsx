import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@/components/layouts/page-meta';
import { LoadingScreen } from '@/components/ui/loading';
import { readCartPage } from '@/features/cart/api/cart-page-reads';
import { productsQuery } from '@/features/products/api/products';
import { readForPage } from '@/lib/page-reads';
import { GuardedLayout } from './guards';
import { CartPage, ProductsPage } from './signed-in-screens';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

// Every screen is its own chunk: the sign-in page loads none of them.
const DashboardPage = lazy(() => import('@/features/dashboard/components/dashboard-page'));
// Order History with a customer's invoices in a tab (composed in ./routes)
const OrdersPage = lazy(() => import('./routes/orders'));
const AdminLoginPage = lazy(() => import('@/features/auth/components/admin-login-page'));
const AdminRegisterPage = lazy(() => import('@/features/auth/components/admin-register-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/components/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/components/reset-password-page'));
// a standing-order preview's one-click skip link (issue 20), composed in ./routes
const SkipDeliveryPage = lazy(() => import('./routes/skip-delivery'));
const AdminDashboardPage = lazy(() => import('@/features/dashboard/components/admin-dashboard-page'));
const ManageProductsPage = lazy(() => import('@/features/products/components/manage-products-page'));
const ManageOrdersPage = lazy(() => import('@/features/orders/components/manage-orders-page'));
// Manage Customers with each customer's standing orders in their details (composed in ./routes)
const ManageCustomersPage = lazy(() => import('./routes/manage-customers'));
const DeliverySchedulePage = lazy(() => import('@/features/schedule/components/delivery-schedule-page'));
const StandingOrdersPage = lazy(() => import('@/features/standing-orders/components/standing-orders-page'));
const StandingOrderFormPage = lazy(() => import('@/features/standing-orders/components/standing-order-form-page'));
const ProductionPage = lazy(() => import('@/features/production/components/production-page'));
const InvoicesPage = lazy(() => import('@/features/invoices/components/invoices-page'));
const PriceListsPage = lazy(() => import('@/features/price-lists/components/price-lists-page'));
// the customer's own details, password and optional emails (issue 20)
const AccountPage = lazy(() => import('@/features/account/components/account-page'));

/** The cart's code and its first reads, asked for together once the guard lets the customer in. */
function openCart(client: QueryClient): Promise<void> {
  void CartPage.preload();
  return readCartPage(client);
}

/** The catalogue's code and its products, asked for together once the guard lets the user in. */
function openCatalogue(client: QueryClient): Promise<void> {
  void ProductsPage.preload();
  return readForPage(client, productsQuery).then(() => undefined);
}

/** A lazily loaded page outside the guarded shell. */
function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{page}</Suspense>;
}

const page = (handle: RouteHandle) => ({ handle });

/** Spec section 2's route table. */
const screens: RouteObject[] = [
  // public, without the shell; a lazy chunk each, with the spinner while it loads
  { path: '/admin/login', element: <Lazy page={<AdminLoginPage />} /> },
  { path: '/admin/register', element: <Lazy page={<AdminRegisterPage />} /> },
  // the password links (issue 20): public, also for a signed-in visitor
  { path: '/forgot-password', element: <Lazy page={<ForgotPasswordPage />} /> },
  { path: '/reset-password', element: <Lazy page={<ResetPasswordPage />} /> },
  { path: '/skip-delivery', element: <Lazy page={<SkipDeliveryPage />} /> },
  {
    element: <GuardedLayout />,
    children: [
      {
        path: '/',
        element: <DashboardPage />,
        ...page({ access: 'home', title: 'Dashboard', subtitle: "Your orders and your bakery's activity at a glance" }),
      },
      {
        path: '/products',
        element: <ProductsPage />,
        ...page({ access: 'registered', title: 'Products', subtitle: 'Fresh breads, pastries and bagels, baked daily', reads: openCatalogue, preload: ProductsPage.preload }),
      },
      {
        path: '/cart',
        element: <CartPage />,
        ...page({ access: 'customer', title: 'Shopping Cart', subtitle: 'Review your items and schedule your delivery', reads: openCart, preload: CartPage.preload }),
      },
      {
        path: '/orders',
        element: <OrdersPage />,
        ...page({ access: 'signedIn', title: 'Order History', subtitle: 'Track and manage your orders' }),
      },
      {
        path: '/standing-orders',
        element: <StandingOrdersPage />,
        ...page({ access: 'customer', title: 'Standing Orders', subtitle: 'Deliveries that repeat every week: skip or change any date until its cut-off', mobileSubtitle: 'Deliveries that repeat every week' }),
      },
      {
        path: '/standing-orders/new',
        element: <StandingOrderFormPage />,
        ...page({ access: 'customer', title: 'New Standing Order', subtitle: 'Choose the products, the delivery days and how often' }),
      },
      {
        path: '/standing-orders/:id/edit',
        element: <StandingOrderFormPage />,
        ...page({ access: 'customer', title: 'Edit Standing Order', subtitle: 'Changes apply to deliveries whose cut-off has not passed' }),
      },
      {
        path: '/account',
        element: <AccountPage />,
        ...page({
          access: 'customer',
          title: 'Account',
          subtitle: 'Your business details, your password and the emails you get',
          mobileSubtitle: 'Details, password and emails',
        }),
      },
      {
        path: '/admin',
        element: <AdminDashboardPage />,
        ...page({ access: 'admin', title: 'Admin Dashboard', subtitle: 'Products, orders and customers at a glance' }),
      },
      {
        path: '/admin/products',
        element: <ManageProductsPage />,
        ...page({ access: 'admin', title: 'Manage Products', subtitle: 'Add, edit, restock and review products' }),
      },
      {
        path: '/admin/orders',
        element: <ManageOrdersPage />,
        ...page({ access: 'admin', title: 'Manage Orders', subtitle: 'Process and track customer orders' }),
      },
      {
        path: '/admin/schedule',
        element: <DeliverySchedulePage />,
        ...page({
          access: 'admin',
          title: 'Delivery Schedule',
          subtitle: 'Delivery days, cut-off times and closures',
          mobileSubtitle: 'Delivery days, cut-offs and closures',
        }),
      },
      {
        path: '/admin/production',
        element: <ProductionPage />,
        ...page({
          access: 'admin',
          title: 'Production',
          subtitle: 'Bake list, packing slips and the delivery run sheet for a delivery date',
          mobileSubtitle: 'Bake list, packing slips and run sheet',
        }),
      },
      {
        path: '/admin/invoices',
        element: <InvoicesPage />,
        ...page({
          access: 'admin',
          title: 'Invoices',
          subtitle: 'Invoices and credit notes: paid and unpaid, and the bakery details they carry',
          mobileSubtitle: 'Invoices and credit notes, paid and unpaid',
        }),
      },
      {
        path: '/admin/price-lists',
        element: <PriceListsPage />,
        ...page({
          access: 'admin',
          title: 'Price Lists',
          subtitle: 'Customer prices, the minimum order and free delivery',
          mobileSubtitle: 'Customer prices and order minimums',
        }),
      },
      {
        path: '/admin/customers',
        element: <ManageCustomersPage />,
        ...page({
          access: 'admin',
          title: 'Manage Customers',
          subtitle: 'View and manage your customer accounts',
          mobileSubtitle: 'View and manage customer accounts',
        }),
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** Every screen, under one error screen: a screen that fails to open shows it, not the router's developer page. */
export const routes: RouteObject[] = [{ errorElement: <RouteError />, children: screens }];

export function AppRouter() {
  return <RouterProvider router={createBrowserRouter(routes)} />;
}

/** The route's handle of `path` (the deepest match), or undefined for none. */
export function routeHandleOf(path: string): RouteHandle | undefined {
  const matches = matchRoutes(routes, path);
  return matches?.[matches.length - 1]?.route.handle as RouteHandle | undefined;
}
