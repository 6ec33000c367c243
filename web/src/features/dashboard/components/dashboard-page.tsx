import {
  AppstoreOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  FileTextOutlined,
  ProfileOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { MetricCard, MetricCardSkeleton, type MetricTone } from '@/components/ui/metric-card';
import { RecentOrderRow } from '@/components/ui/recent-order-row';
import { useUser } from '@/features/auth/api/auth';
import { useRecentOrders } from '@/features/orders/api/orders';
import { formatAmount, parseAmount } from '@/lib/money';
import { isAdmin } from '@/lib/user';
import { useDashboardMetrics, type DashboardMetrics } from '../api/metrics';
import { revenueTrendText, trendDirection, trendText } from '../trends';
import './dashboard.css';

/** Spec section 2: Recent Orders shows the 3 newest. */
const RECENT = 3;

/** Spec section 2: metric cards, Recent Orders (3, the only orders it asks for), Quick Actions. */
export function DashboardPage() {
  const { user } = useUser();
  const metrics = useDashboardMetrics();
  const orders = useRecentOrders(RECENT);
  const recent = orders.data?.orders ?? [];
  const admin = isAdmin(user);

  return (
    <div className="dashboard">
      <section aria-label="Metrics" className="metric-grid">
        {metrics.isError ? (
          <LoadError inline title="Metrics could not be loaded" query={metrics} />
        ) : metrics.isLoading || !metrics.data ? (
          [0, 1, 2, 3].map((i) => <MetricCardSkeleton key={i} />)
        ) : (
          <MetricCards metrics={metrics.data} />
        )}
      </section>

      <div className="dashboard-columns">
        <Card
          title={<h2 className="card-heading">Recent Orders</h2>}
          extra={<Link to="/orders">View All Orders</Link>}
          className="recent-orders"
        >
          {orders.isLoading ? (
            <Skeleton active />
          ) : orders.isError ? (
            <LoadError inline title="Orders could not be loaded" query={orders} />
          ) : recent.length === 0 ? (
            <p className="muted">No orders yet. Browse the catalogue to place your first order.</p>
          ) : (
            <ul className="recent-list">
              {recent.map((order) => (
                <RecentOrderRow
                  key={order.id}
                  order={order}
                  customerName={order.customer?.businessName || order.customer?.email || ''}
                  idChars={4}
                />
              ))}
            </ul>
          )}
        </Card>

        <Card title={<h2 className="card-heading">Quick Actions</h2>} className="quick-actions">
          <div className="quick-list">
            <QuickAction to="/products" icon={<ShopOutlined />} title="Browse Products" hint="Order fresh bread, pastries and bagels" />
            {admin && (
              <>
                <QuickAction to="/admin/products" icon={<AppstoreOutlined />} title="Manage Inventory" hint="Products and stock levels" />
                <QuickAction to="/admin/orders" icon={<ProfileOutlined />} title="Process Orders" hint="Confirm and dispatch orders" />
              </>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}

function MetricCards({ metrics }: { metrics: DashboardMetrics }) {
  const t = metrics.trends;
  const revenueThis = t ? parseAmount(t.revenueThisMonth) : 0;
  const revenueLast = t ? parseAmount(t.revenueLastMonth) : 0;
  return (
    <>
      <Metric
        label="Total Orders"
        value={String(metrics.totalOrders)}
        icon={<FileTextOutlined />}
        trend={t ? trendText(t.ordersThisMonth, t.ordersLastMonth) : undefined}
        direction={t ? trendDirection(t.ordersThisMonth, t.ordersLastMonth) : 'flat'}
      />
      <Metric
        label="Revenue"
        value={formatAmount(metrics.revenue)}
        icon={<DollarOutlined />}
        trend={t ? revenueTrendText(t.revenueThisMonth, t.revenueLastMonth) : undefined}
        direction={trendDirection(revenueThis, revenueLast)}
      />
      <Metric
        label="Active Customers"
        value={String(metrics.activeCustomers)}
        icon={<TeamOutlined />}
        trend={t ? trendText(t.activeCustomersThisMonth, t.activeCustomersLastMonth) : undefined}
        direction={t ? trendDirection(t.activeCustomersThisMonth, t.activeCustomersLastMonth) : 'flat'}
      />
      <Metric label="Pending Orders" value={String(metrics.pendingOrders)} icon={<ClockCircleOutlined />} trend="Requires attention" direction="attention" />
    </>
  );
}

function Metric({ label, value, icon, trend, direction }: { label: string; value: string; icon: ReactNode; trend?: string; direction: MetricTone }) {
  return <MetricCard label={label} value={value} icon={icon} testIdPrefix="metric" notes={trend ? [{ text: trend, tone: direction }] : []} />;
}

function QuickAction({ to, icon, title, hint }: { to: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <Link to={to} className="quick-action">
      <span className="quick-icon" aria-hidden="true">
        {icon}
      </span>
      <span>
        <span className="quick-title">{title}</span>
        <span className="quick-hint">{hint}</span>
      </span>
    </Link>
  );
}

export default DashboardPage;
