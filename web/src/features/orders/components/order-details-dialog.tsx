import { Button, Modal, Skeleton } from 'antd';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate, formatIsoDate } from '@/lib/dates';
import { formatAmount } from '@/lib/money';
import { useOrder } from '../api/orders';
import type { Order } from '@contracts/ordering';

/** View: every item, the totals, delivery and instructions of one order. */
export function OrderDetailsDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const details = useOrder(order?.id, order ?? undefined);
  const o = details.data ?? order;
  return (
    <Modal
      title={o ? `Order #${o.id.slice(-8)}` : 'Order'}
      open={order !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={600}
    >
      {!o ? (
        <Skeleton active />
      ) : (
        <div className="order-details">
          <dl className="details-grid">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={o.status} />
              </dd>
            </div>
            <div>
              <dt>Placed</dt>
              <dd>{formatDate(o.createdAt)}</dd>
            </div>
            <div>
              <dt>Delivery date</dt>
              <dd>{o.deliveryDate ? formatIsoDate(o.deliveryDate) : 'Not scheduled'}</dd>
            </div>
            <div>
              <dt>Time slot</dt>
              <dd>{o.deliveryTimeSlot ?? 'Not scheduled'}</dd>
            </div>
          </dl>
          <table className="details-items">
            <caption className="visually-hidden">Items</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Unit price
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {o.orderItems.map((item) => (
                <tr key={item.id}>
                  <td>{item.product?.name ?? 'Product'}</td>
                  <td className="num">{item.quantity}</td>
                  <td className="num">{formatAmount(item.unitPrice)}</td>
                  <td className="num">{formatAmount(item.totalPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="details-totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatAmount(o.subtotal)}</dd>
            </div>
            <div>
              <dt>Delivery Fee</dt>
              <dd>{formatAmount(o.deliveryFee)}</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>{formatAmount(o.tax)}</dd>
            </div>
            <div className="details-total">
              <dt>Total</dt>
              <dd data-testid="details-total">{formatAmount(o.total)}</dd>
            </div>
          </dl>
          <div className="details-instructions">
            <h3>Special Instructions</h3>
            <p>{o.specialInstructions || 'None'}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}
