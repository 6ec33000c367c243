import { CalendarOutlined, EyeOutlined, FileTextOutlined, MailOutlined, PhoneOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Select, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { OrderStatus } from '@contracts/constants';
import { isFinalOrderStatus } from '@contracts/order-status';
import type { Order } from '@contracts/ordering';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { StatusBadge } from '@/components/ui/status-badge';
import { notify } from '@/components/ui/toast-store';
import { useMarkNotificationsRead } from '@/features/notifications/api/notifications';
import { formatIsoDate } from '@/lib/dates';
import { formatAmount } from '@/lib/money';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useUrlSearchBox } from '@/lib/use-search-box';
import { ordersOf, useOrderList, useUpdateOrderStatus } from '../api/orders';
import { ADMIN_STATUS_FILTER_OPTIONS, deliveryText, itemSummary, ordersCountText, orderCustomerName, statusOptionsFor, statusTitle } from '../filters';
import { statusesOf, useUrlOrderFilters } from '../url-filters';
import { PlacedDateFilter } from './placed-date-filter';
import { OrderDetailsDialog } from './order-details-dialog';
import { fromStandingOrder, shortfallLines, STANDING_ORDER_TAG } from '../shortfall';
import './standing-order-marks.css';
import './orders.css';
import './manage-orders.css';

/** Spec section 9: admin order cards show 3 items. */
export const ADMIN_CARD_ITEMS = 3;

/** "Nov 21, 2026, 9:30 AM": when an order was placed, to the minute. */
function placedAt(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/**
 * Spec section 2: every order, filtered by status, date and free text (order id, business name,
 * email), each with a status selector. The server filters, searches and pages (20 at a time,
 * "Load more"); the filters are in the URL, the search sent once typing pauses. Opening the
 * screen marks the admin notifications read.
 */
export function ManageOrdersPage() {
  const [filters, setFilters] = useUrlOrderFilters();
  // the search goes to the URL (and so to the server) once typing pauses
  const [text, setText] = useUrlSearchBox(
    filters.text,
    useCallback((typed: string) => setFilters({ text: typed }), [setFilters]),
  );
  const orders = useOrderList(
    { status: statusesOf(filters.status), placedOn: filters.date || undefined, q: filters.text || undefined },
    { fresh: true, keepWhileFiltering: true },
  );
  const mobile = useIsMobile();
  const markRead = useMarkNotificationsRead();
  const [viewing, setViewing] = useState<Order | null>(null);

  const { mutate: markAllRead } = markRead;
  useEffect(() => markAllRead(), [markAllRead]);

  const visible = ordersOf(orders.data);
  const total = orders.data?.pages[0]?.total ?? null;
  const filtered = filters.status !== 'all' || filters.date !== '' || filters.text !== '';

  return (
    <div className={mobile ? 'manage-orders orders-mobile' : 'manage-orders'}>
      <div className="orders-toolbar manage-orders-toolbar">
        <div className="filter-field">
          <label htmlFor="admin-status-filter" className="filter-label">
            Status
          </label>
          <Select
            id="admin-status-filter"
            value={filters.status}
            onChange={(status) => setFilters({ status })}
            options={ADMIN_STATUS_FILTER_OPTIONS}
            className="filter-select"
          />
        </div>
        <PlacedDateFilter id="admin-date-filter" value={filters.date} onChange={(date) => setFilters({ date })} />
        <div className="filter-field order-search">
          <label htmlFor="order-search" className="filter-label">
            Search
          </label>
          <Input
            id="order-search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Order ID, business name or email"
            prefix={<SearchOutlined aria-hidden="true" />}
            allowClear
            maxLength={100}
          />
        </div>
      </div>

      {orders.isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : orders.isError ? (
        <LoadError icon={<FileTextOutlined />} title="Orders could not be loaded" query={orders} />
      ) : visible.length === 0 && !filtered ? (
        <EmptyState icon={<FileTextOutlined />} title="No orders yet" hint="Orders your customers place appear here as they come in." />
      ) : visible.length === 0 ? (
        <EmptyState icon={<SearchOutlined />} title="No orders found" hint="Try adjusting your status, date or search" />
      ) : (
        <>
          <p className="muted orders-count" aria-live="polite">
            {ordersCountText(visible.length, total, filtered)}
          </p>
          <ul className="order-list" aria-label="Orders">
            {visible.map((order) => (
              <AdminOrderCard key={order.id} order={order} onView={() => setViewing(order)} />
            ))}
          </ul>
          <LoadMore query={orders} what="orders" />
        </>
      )}

      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function AdminOrderCard({ order, onView }: { order: Order; onView: () => void }) {
  const { shown, more } = itemSummary(order, ADMIN_CARD_ITEMS);
  const shortfall = shortfallLines(order);
  const shortId = order.id.slice(-8);
  const update = useUpdateOrderStatus();
  const final = isFinalOrderStatus(order.status);
  const selectId = `status-${order.id}`;
  // a final status chosen in the selector, waiting for the admin to confirm it (kept while the dialog closes)
  const [confirming, setConfirming] = useState<{ status: OrderStatus; open: boolean } | null>(null);
  const closeConfirm = () => setConfirming((c) => c && { ...c, open: false });

  const send = (status: OrderStatus) => {
    closeConfirm();
    update.mutate(
      { id: order.id, status },
      {
        onSuccess: () => notify.success('Order status updated successfully'),
        onError: () => notify.error('Failed to update order status'),
      },
    );
  };
  // nothing moves out of a final status, so a slip of the selector must not set one
  const onStatus = (status: OrderStatus) => {
    if (status === order.status) return;
    if (isFinalOrderStatus(status)) setConfirming({ status, open: true });
    else send(status);
  };

  return (
    <li className="order-card admin-order-card" aria-label={`Order #${shortId}`} data-order-id={order.id}>
      <div className="admin-order-main">
        <div className="order-card-head">
          <div>
            <h2 className="order-id">Order #{shortId}</h2>
            <div className="muted">Placed {placedAt(order.createdAt)}</div>
          </div>
          <div className="order-card-badges">
            <StatusBadge status={order.status} />
            {fromStandingOrder(order) && (
              <Tag color="purple" className="standing-order-tag">
                {STANDING_ORDER_TAG}
              </Tag>
            )}
          </div>
        </div>
        <div className="admin-order-customer">
          <div className="admin-order-customer-name">{orderCustomerName(order)}</div>
          <div className="admin-order-contact">
            <span>
              <MailOutlined aria-hidden="true" /> <span className="visually-hidden">Email: </span>
              {order.customer?.email ?? '—'}
            </span>
            <span>
              <PhoneOutlined aria-hidden="true" /> <span className="visually-hidden">Phone: </span>
              {order.customer?.phone || <span className="muted">No phone</span>}
            </span>
          </div>
        </div>
        <ul className="order-items" aria-label="Items">
          {shown.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
          {more && <li className="muted">{more}</li>}
        </ul>
        {shortfall.length > 0 && (
          <ul className="order-shortfall" aria-label="Short of stock">
            {shortfall.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="admin-order-side">
        <div className="admin-order-total">
          <span className="muted">Total</span> <strong data-testid="order-total">{formatAmount(order.total)}</strong>
        </div>
        <div className="order-delivery">
          <CalendarOutlined aria-hidden="true" /> <span className="muted">Delivery:</span> {deliveryText(order, formatIsoDate)}
        </div>
        <div className="admin-order-controls">
          <div className="status-field">
            <label htmlFor={selectId} className="filter-label">
              Order status
            </label>
            <Select<OrderStatus>
              id={selectId}
              value={order.status}
              onChange={onStatus}
              options={statusOptionsFor(order.status)}
              disabled={final || update.isPending}
              loading={update.isPending}
              className="status-select"
              title={final ? `This order is ${order.status} and can no longer change` : undefined}
            />
          </div>
          <Button icon={<EyeOutlined />} onClick={onView} aria-label={`View order #${shortId}`}>
            View
          </Button>
        </div>
      </div>
      {confirming && (
        <Modal
          title={`Mark order #${shortId} as ${statusTitle(confirming.status)}?`}
          open={confirming.open}
          onCancel={closeConfirm}
          footer={[
            <Button key="keep" onClick={closeConfirm}>
              Keep {statusTitle(order.status)}
            </Button>,
            <Button key="confirm" type="primary" danger={confirming.status === 'cancelled'} onClick={() => send(confirming.status)}>
              Mark as {statusTitle(confirming.status)}
            </Button>,
          ]}
        >
          <p>{statusTitle(confirming.status)} is a final status: the order can no longer change afterwards. This cannot be undone.</p>
        </Modal>
      )}
    </li>
  );
}

export default ManageOrdersPage;
