import {
  AppstoreOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  FileTextOutlined,
  ProfileOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '@/components/ui/status-badge';
import { useUser } from '@/features/auth/api/auth';
import { useOrders } from '@/features/orders/api/orders';
import type { Order } from '@contracts/ordering';
import { formatAmount, parseAmount } from '@/lib/money';
import { isAdmin } from '@/lib/user';
import { useDashboardMetrics, type DashboardMetrics } from '../api/metrics';
import { revenueTrendText, trendDirection, trendText } from '../trends';
import './dashboard.css';

/** Spec section 2: metric cards, Recent Orders (3), Quick Actions. */
export function DashboardPage() {
  const { user } = useUser();
  const metrics = useDashboardMetrics();
  const orders = useOrders();
  const admin = isAdmin(user);

  return (
    <div className="dashboard">
      <section aria-label="Metrics" className="metric-grid">
        {metrics.isLoading || !metrics.data ? (
          [0, 1, 2, 3].map((i) => (
            <Card key={i} className="metric-card">
              <Skeleton active paragraph={{ rows: 1 }} title={false} />
            </Card>
          ))
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
          ) : (orders.data ?? []).length === 0 ? (
            <p className="muted">No orders yet. Browse the catalogue to place your first order.</p>
          ) : (
            <ul className="recent-list">
              {(orders.data ?? []).slice(0, 3).map((order) => (
                <RecentOrder key={order.id} order={order} />
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

function Metric({
  label,
  value,
  icon,
  trend,
  direction,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  trend?: string;
  direction: 'up' | 'down' | 'flat' | 'attention';
}) {
  return (
    <Card className="metric-card">
      <div className="metric-top">
        <span className="metric-label">{label}</span>
        <span className="metric-icon" aria-hidden="true">
          {icon}
        </span>
      </div>
      <div className="metric-value" data-testid={`metric-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </div>
      {trend && <div className={`metric-trend trend-${direction}`}>{trend}</div>}
    </Card>
  );
}

function RecentOrder({ order }: { order: Order }) {
  const items = order.orderItems.length;
  return (
    <li className="recent-order">
      <div className="recent-main">
        <span className="recent-id">#{order.id.slice(-4)}</span>
        <span className="recent-customer">{order.customer?.businessName || order.customer?.email || ''}</span>
        <span className="muted">
          {items} {items === 1 ? 'item' : 'items'}
        </span>
      </div>
      <div className="recent-side">
        <span className="recent-total">{formatAmount(order.total)}</span>
        <StatusBadge status={order.status} palette="dashboard" />
      </div>
    </li>
  );
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
