import { CalendarOutlined, EyeOutlined, FileTextOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Modal, Select, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { StatusBadge } from '@/components/ui/status-badge';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatIsoDate } from '@/lib/dates';
import { formatAmount } from '@/lib/money';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useCancelOrder, useOrders } from '../api/orders';
import { deliveryText, filterOrders, itemSummary, STATUS_FILTER_OPTIONS } from '../filters';
import type { Order } from '@contracts/ordering';
import { OrderDetailsDialog } from './order-details-dialog';
import './orders.css';

/** Spec section 2: order history with status and date filters, View and Cancel. */
export function OrdersPage() {
  const orders = useOrders();
  const mobile = useIsMobile();
  const [status, setStatus] = useState('all');
  const [date, setDate] = useState<Dayjs | null>(null);
  const [viewing, setViewing] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const visible = useMemo(
    () => filterOrders(orders.data ?? [], { status, date: date ? date.format('YYYY-MM-DD') : '' }),
    [orders.data, status, date],
  );

  return (
    <div className={mobile ? 'orders orders-mobile' : 'orders'}>
      <div className="orders-toolbar">
        <div className="filter-field">
          <label htmlFor="status-filter" className="filter-label">
            Status
          </label>
          <Select id="status-filter" value={status} onChange={setStatus} options={STATUS_FILTER_OPTIONS.map((o) => ({ ...o }))} className="filter-select" />
        </div>
        <div className="filter-field">
          <label htmlFor="date-filter" className="filter-label">
            Order Date
          </label>
          <DatePicker id="date-filter" value={date} onChange={setDate} format="YYYY-MM-DD" placeholder="Any date" allowClear className="filter-select" />
        </div>
      </div>

      {orders.isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : orders.isError ? (
        <EmptyState icon={<FileTextOutlined />} title="Orders could not be loaded" hint="Please try again in a moment." />
      ) : (orders.data ?? []).length === 0 ? (
        <EmptyState
          icon={<FileTextOutlined />}
          title="No orders yet"
          hint="Orders you place appear here."
          action={<Link to="/products">Browse Products</Link>}
        />
      ) : visible.length === 0 ? (
        <EmptyState icon={<FileTextOutlined />} title="No orders found" hint="Try adjusting your status or date filter" />
      ) : (
        <ul className="order-list" aria-label="Orders">
          {visible.map((order) => (
            <OrderCard key={order.id} order={order} onView={() => setViewing(order)} onCancel={() => setCancelling(order)} />
          ))}
        </ul>
      )}

      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} />
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}

function OrderCard({ order, onView, onCancel }: { order: Order; onView: () => void; onCancel: () => void }) {
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
        </div>
        <div className="order-total">
          Total <strong data-testid="order-total">{formatAmount(order.total)}</strong>
        </div>
      </div>
      <div className="order-actions">
        <Button icon={<EyeOutlined />} onClick={onView} aria-label={`View order #${shortId}`}>
          View
        </Button>
        {order.status === 'pending' && (
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
