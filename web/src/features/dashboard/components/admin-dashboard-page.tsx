import {
  AppstoreOutlined,
  ArrowRightOutlined,
  FileTextOutlined,
  ProfileOutlined,
  TeamOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '@contracts/catalog';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { MetricCard, type MetricCardProps } from '@/components/ui/metric-card';
import { ProductImage } from '@/components/ui/product-image';
import { RecentOrderRow } from '@/components/ui/recent-order-row';
import { useCustomerCount } from '@/features/customers/api/customers';
import { useRecentOrders } from '@/features/orders/api/orders';
import { useLowStockProducts, useProducts } from '@/features/products/api/products';
import { orderCustomerName } from '@/lib/orders';
import { pendingSubmissions } from '@/lib/product-review';
import { adminCounts, LOW_STOCK_SHOWN, RECENT_ORDERS } from '../admin-counts';
import { useDashboardMetrics } from '../api/metrics';
import './dashboard.css';
import './admin-dashboard.css';

/**
 * Spec section 2's admin dashboard: counts (products with the active count, orders with the
 * pending count, customers, low-stock products), quick links, the 5 most recent orders and up to
 * 5 low-stock products with 'N left' and 'Min'. Pushed order changes refresh it (realtime.tsx).
 */
export function AdminDashboardPage() {
  const products = useProducts({ fresh: true });
  // the 5 newest orders, and the order counts from the metrics (no screen reads the whole history)
  const orders = useRecentOrders(RECENT_ORDERS, { fresh: true });
  const metrics = useDashboardMetrics();
  const recent = orders.data?.orders ?? [];
  // the server's count (one customer read), not the directory
  const customers = useCustomerCount();
  const lowStock = useLowStockProducts();
  const counts = adminCounts({
    products: products.data,
    metrics: metrics.data,
    customers: customers.data ?? undefined,
    lowStock: lowStock.data,
  });
  const pending = pendingSubmissions(products.data ?? []).length;

  return (
    <div className="dashboard admin-dashboard">
      <section aria-label="Counts" className="metric-grid">
        <Count
          label="Total Products"
          value={counts.products}
          hint={counts.activeProducts === undefined ? undefined : `${counts.activeProducts} active`}
          icon={<AppstoreOutlined />}
          loading={products.isLoading}
          extra={pending > 0 ? `${pending} awaiting review` : undefined}
        />
        <Count
          label="Total Orders"
          value={counts.orders}
          hint={counts.pendingOrders === undefined ? undefined : `${counts.pendingOrders} pending`}
          icon={<FileTextOutlined />}
          loading={metrics.isLoading}
          attention={Boolean(counts.pendingOrders)}
        />
        <Count label="Total Customers" value={counts.customers} hint="Business accounts" icon={<TeamOutlined />} loading={customers.isLoading} />
        <Count
          label="Low Stock"
          value={counts.lowStock}
          hint="At or below their threshold"
          icon={<WarningOutlined />}
          loading={lowStock.isLoading}
          attention={Boolean(counts.lowStock)}
        />
      </section>

      <nav aria-label="Admin quick links" className="admin-quick-links">
        <QuickLink to="/admin/products" icon={<AppstoreOutlined />} title="Manage Products" hint="Catalogue, stock and submissions" />
        <QuickLink to="/admin/orders" icon={<ProfileOutlined />} title="Manage Orders" hint="Process and track orders" />
        <QuickLink to="/admin/customers" icon={<TeamOutlined />} title="Manage Customers" hint="Accounts and contact details" />
      </nav>

      <div className="dashboard-columns">
        <Card title={<h2 className="card-heading">Recent Orders</h2>} extra={<Link to="/admin/orders">View all</Link>} className="recent-orders">
          {orders.isLoading ? (
            <Skeleton active />
          ) : orders.isError ? (
            <LoadError inline title="Orders could not be loaded" query={orders} />
          ) : recent.length === 0 ? (
            <p className="muted">No orders yet.</p>
          ) : (
            <ul className="recent-list" aria-label="Recent orders">
              {recent.map((order) => (
                <RecentOrderRow key={order.id} order={order} customerName={orderCustomerName(order)} idChars={8} showDate />
              ))}
            </ul>
          )}
        </Card>

        <Card title={<h2 className="card-heading">Low Stock</h2>} extra={<Link to="/admin/products">Restock</Link>} className="low-stock">
          {lowStock.isLoading ? (
            <Skeleton active />
          ) : lowStock.isError ? (
            <LoadError inline title="Stock levels could not be loaded" query={lowStock} />
          ) : (lowStock.data ?? []).length === 0 ? (
            <p className="muted">Every product is above its threshold.</p>
          ) : (
            <ul className="low-stock-list" aria-label="Low-stock products">
              {(lowStock.data ?? []).slice(0, LOW_STOCK_SHOWN).map((p) => (
                <LowStockItem key={p.id} product={p} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

function Count({
  label,
  value,
  hint,
  icon,
  loading,
  attention,
  extra,
}: {
  label: string;
  value: number | undefined;
  hint?: string;
  icon: ReactNode;
  loading: boolean;
  attention?: boolean;
  extra?: string;
}) {
  const notes: MetricCardProps['notes'] = [];
  if (hint) notes.push({ text: hint, tone: attention ? 'attention' : 'flat' });
  if (extra) notes.push({ text: extra, tone: 'attention' });
  return <MetricCard label={label} value={value ?? '—'} icon={icon} testIdPrefix="count" notes={notes} loading={loading} />;
}

function QuickLink({ to, icon, title, hint }: { to: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <Link to={to} className="quick-action">
      <span className="quick-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="quick-text">
        <span className="quick-title">{title}</span>
        <span className="quick-hint">{hint}</span>
      </span>
      <ArrowRightOutlined className="quick-arrow" aria-hidden="true" />
    </Link>
  );
}

function LowStockItem({ product }: { product: Product }) {
  return (
    <li className="low-stock-item" aria-label={product.name}>
      <ProductImage product={product} className="low-stock-thumb" />
      <div className="low-stock-name">
        <span>{product.name}</span>
        {!product.isActive && <span className="muted"> (inactive)</span>}
      </div>
      <div className="low-stock-figures">
        <span className={product.stock === 0 ? 'low-stock-left out' : 'low-stock-left'}>{product.stock} left</span>
        <span className="muted">Min {product.lowStockThreshold}</span>
      </div>
    </li>
  );
}

export default AdminDashboardPage;
