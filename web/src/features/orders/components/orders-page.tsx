import { CalendarOutlined, ClockCircleOutlined, EyeOutlined, FileTextOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Modal, Select, Skeleton } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { StatusBadge } from '@/components/ui/status-badge';
import { Tabs } from '@/components/ui/tabs';
import { notify } from '@/components/ui/toast-store';
import { useUser } from '@/features/auth/api/auth';
import { isApiError } from '@/lib/api-client';
import { useBakeryClock, useServerNow } from '@/lib/bakery-time';
import { formatDate, formatIsoDate } from '@/lib/dates';
import { formatAmount } from '@/lib/money';
import { useIsMobile } from '@/lib/use-is-mobile';
import { ordersOf, useCancelOrder, useOrderList } from '../api/orders';
import { changeWindowsShownAt, changeWindowText, customerMayCancel } from '../change-window';
import { deliveryText, itemSummary, STATUS_FILTER_OPTIONS } from '../filters';
import { statusesOf, useUrlOrderFilters } from '../url-filters';
import { PlacedDateFilter } from './placed-date-filter';
import type { Order } from '@contracts/ordering';
import { OrderDetailsDialog } from './order-details-dialog';
import './orders.css';

/** The customer's tab (`?tab=invoices`); the orders' filters keep it out of the URL when they change. */
function useUrlTab(): ['orders' | 'invoices', (tab: 'orders' | 'invoices') => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (tab: 'orders' | 'invoices') =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (tab === 'invoices') next.set('tab', tab);
          else next.delete('tab');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get('tab') === 'invoices' ? 'invoices' : 'orders', set];
}

/** How often the list looks at the clock: Cancel goes within seconds of an order's cut-off. */
const CUTOFF_TICK_MS = 5_000;

/**
 * Spec section 2: order history with status and date filters, View and Cancel. The server filters
 * and pages (20 at a time, "Load more"); the filters are in the URL. `invoices` (issue 18, composed
 * in app/): a customer's invoices, in a tab of their own beside the orders (`?tab=invoices`).
 */
export function OrdersPage({ invoices }: { invoices?: ReactNode } = {}) {
  const [filters, setFilters] = useUrlOrderFilters();
  const orders = useOrderList({ status: statusesOf(filters.status), placedOn: filters.date || undefined }, { keepWhileFiltering: true });
  const mobile = useIsMobile();
  // Cancel is the customer's own action (the server refuses an admin's: admins use Manage Orders)
  const { user } = useUser();
  const customer = user?.role === 'customer';
  const [viewing, setViewing] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const visible = ordersOf(orders.data);
  const filtered = filters.status !== 'all' || filters.date !== '';
  // the cut-offs (until when an order can be cancelled) by the server's clock, in the bakery's zone
  const { offsetMs, timeZone } = useBakeryClock();
  // looked at every few seconds; the list re-renders when a cut-off passes (admins see none)
  const now = useServerNow(offsetMs, CUTOFF_TICK_MS, (at) => (customer ? changeWindowsShownAt(viewing ? [...visible, viewing] : visible, timeZone, at) : ''));
  const [view, setView] = useUrlTab();

  const list = (
    <>
      <div className="orders-toolbar">
        <div className="filter-field">
          <label htmlFor="status-filter" className="filter-label">
            Status
          </label>
          <Select
            id="status-filter"
            value={STATUS_FILTER_OPTIONS.some((o) => o.value === filters.status) ? filters.status : 'all'}
            onChange={(status) => setFilters({ status })}
            options={STATUS_FILTER_OPTIONS.map((o) => ({ ...o }))}
            className="filter-select"
          />
        </div>
        <PlacedDateFilter id="date-filter" value={filters.date} onChange={(date) => setFilters({ date })} />
      </div>

      {orders.isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : orders.isError ? (
        <LoadError icon={<FileTextOutlined />} title="Orders could not be loaded" query={orders} />
      ) : visible.length === 0 && !filtered ? (
        <EmptyState
          icon={<FileTextOutlined />}
          title="No orders yet"
          hint="Orders you place appear here."
          action={<Link to="/products">Browse Products</Link>}
        />
      ) : visible.length === 0 ? (
        <EmptyState icon={<FileTextOutlined />} title="No orders found" hint="Try adjusting your status or date filter" />
      ) : (
        <>
          <ul className="order-list" aria-label="Orders">
            {visible.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                onView={() => setViewing(order)}
                onCancel={customer && customerMayCancel(order, now) ? () => setCancelling(order) : undefined}
                changeWindow={customer ? changeWindowText(order, timeZone, now) : null}
              />
            ))}
          </ul>
          <LoadMore query={orders} what="orders" />
        </>
      )}
    </>
  );

  return (
    <div className={mobile ? 'orders orders-mobile' : 'orders'}>
      {customer && invoices ? (
        <Tabs
          label="Order history"
          activeKey={view}
          onChange={(key) => setView(key === 'invoices' ? 'invoices' : 'orders')}
          items={[
            { key: 'orders', label: 'Orders', children: list },
            { key: 'invoices', label: 'Invoices', children: invoices },
          ]}
        />
      ) : (
        list
      )}

      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} changeWindow={customer ? { timeZone, now } : undefined} />
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}

/**
 * `onCancel`: only when the signed-in user may cancel this order (a customer's pending order, before
 * its date's cut-off); `changeWindow`: until when it can be changed, for its customer.
 */
function OrderCard({
  order,
  onView,
  onCancel,
  changeWindow,
}: {
  order: Order;
  onView: () => void;
  onCancel?: () => void;
  changeWindow: string | null;
}) {
  const { shown, more } = itemSummary(order);
  const shortId = order.id.slice(-8);
  return (
    <li className="order-card" aria-label={`Order #${shortId}`} data-order-id={order.id}>
      <div className="order-card-head">
        <div>
          <h2 className="order-id">Order #{shortId}</h2>
          <div className="muted">Placed {formatDate(order.createdAt)}</div>
        </div>
        <StatusBadge status={order.status} />
      </div>
      <ul className="order-items">
        {shown.map((text, i) => (
          <li key={i}>{text}</li>
        ))}
        {more && <li className="muted">{more}</li>}
      </ul>
      <div className="order-card-foot">
        <div className="order-delivery">
          <CalendarOutlined aria-hidden="true" /> <span className="muted">Delivery:</span> {deliveryText(order, formatIsoDate)}
          {changeWindow && (
            <div className="order-change-window">
              <ClockCircleOutlined aria-hidden="true" /> {changeWindow}
            </div>
          )}
        </div>
        <div className="order-total">
          Total <strong data-testid="order-total">{formatAmount(order.total)}</strong>
        </div>
      </div>
      <div className="order-actions">
        <Button icon={<EyeOutlined />} onClick={onView} aria-label={`View order #${shortId}`}>
          View
        </Button>
        {onCancel && (
          <Button danger icon={<StopOutlined />} onClick={onCancel} aria-label={`Cancel order #${shortId}`}>
            Cancel
          </Button>
        )}
      </div>
    </li>
  );
}

/** Asks first; a pending order becomes cancelled (409 when it moved on meanwhile). */
function CancelOrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const cancel = useCancelOrder();
  const shortId = order?.id.slice(-8) ?? '';
  const onConfirm = () => {
    if (!order) return;
    cancel.mutate(order.id, {
      onSuccess: () => {
        notify.success(`Order #${shortId} has been cancelled`, 'Order cancelled');
        onClose();
      },
      onError: (err) => {
        notify.error(isApiError(err, 409) && err.serverMessage ? err.serverMessage : 'Failed to cancel order');
        onClose();
      },
    });
  };
  return (
    <Modal
      title="Cancel this order?"
      open={order !== null}
      onCancel={onClose}
      footer={[
        <Button key="keep" onClick={onClose}>
          Keep Order
        </Button>,
        <Button key="cancel" danger type="primary" loading={cancel.isPending} onClick={onConfirm}>
          Cancel Order
        </Button>,
      ]}
    >
      <p>Order #{shortId} will be cancelled and its items released. This cannot be undone.</p>
    </Modal>
  );
}

export default OrdersPage;
