import type { Order } from '@contracts/ordering';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate } from '@/lib/dates';
import { formatAmount } from '@/lib/money';
import './recent-order-row.css';

export interface RecentOrderRowProps {
  order: Order;
  /** who ordered, as the dashboard names them */
  customerName: string;
  /** how many of the id's last characters follow the '#' */
  idChars: number;
  /** also say when the order was placed, after its item count */
  showDate?: boolean;
}

/** One order in a dashboard's Recent Orders list (an `li`): #id, customer, items, total and status. */
export function RecentOrderRow({ order, customerName, idChars, showDate = false }: RecentOrderRowProps) {
  const items = order.orderItems.length;
  return (
    <li className="recent-order" data-order-id={order.id}>
      <div className="recent-main">
        <span className="recent-id">#{order.id.slice(-idChars)}</span>
        <span className="recent-customer" title={customerName}>
          {customerName}
        </span>
        <span className="muted">
          {items} {items === 1 ? 'item' : 'items'}
          {showDate && ` · ${formatDate(order.createdAt)}`}
        </span>
      </div>
      <div className="recent-side">
        <span className="recent-total">{formatAmount(order.total)}</span>
        <StatusBadge status={order.status} palette="dashboard" />
      </div>
    </li>
  );
}
