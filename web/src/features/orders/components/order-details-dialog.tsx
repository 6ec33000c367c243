import { Button, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate, formatIsoDate } from '@/lib/dates';
import { formatAmount } from '@/lib/money';
import { useOrder } from '../api/orders';
import { changeWindowText } from '../change-window';
import { mayChangeOrder } from '../order-changes';
import { useUser } from '@/features/auth/api/auth';
import { ChangeOrderDialog } from './change-order-dialog';
import { OrderAgainButton } from './order-again-button';
import { RepeatOrderButton } from './repeat-order-button';
import { fromStandingOrder, shortfallText, STANDING_ORDER_TAG } from '../shortfall';
import './standing-order-marks.css';
import type { Order } from '@contracts/ordering';

/**
 * View: every item, the totals, delivery and instructions of one order. `changeWindow` (the
 * customer's own view): until when the order can be changed, by the bakery's clock and zone.
 */
export function OrderDetailsDialog({
  order,
  onClose,
  changeWindow,
}: {
  order: Order | null;
  onClose: () => void;
  changeWindow?: { timeZone: string; now: number };
}) {
  const details = useOrder(order?.id, order ?? undefined);
  const o = details.data ?? order;
  const changeText = o && changeWindow ? changeWindowText(o, changeWindow.timeZone, changeWindow.now) : null;
  // Order again (customers) and Change order (a customer's until the cut-off, by the server's clock; an admin's while not final)
  const { user } = useUser();
  const role = user?.role === 'admin' || user?.role === 'customer' ? user.role : null;
  const canChange = o !== null && role !== null && mayChangeOrder(o, role, changeWindow?.now ?? Date.now());
  const [changingId, setChangingId] = useState<string | null>(null);
  return (
    <>
      <Modal
        title={o ? `Order #${o.id.slice(-8)}` : 'Order'}
        open={order !== null}
        onCancel={onClose}
        footer={[
          o && role === 'customer' ? <OrderAgainButton key="again" orderId={o.id} /> : null,
          o && role === 'customer' ? <RepeatOrderButton key="repeat" orderId={o.id} /> : null,
          o && canChange ? (
            <Button key="change" onClick={() => setChangingId(o.id)}>
              Change order
            </Button>
          ) : null,
          <Button key="close" onClick={onClose}>
            Close
          </Button>,
        ]}
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
                  {fromStandingOrder(o) && (
                    <Tag color="purple" className="standing-order-tag">
                      {STANDING_ORDER_TAG}
                    </Tag>
                  )}
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
              {changeText && (
                <div className="details-wide">
                  <dt>Changes</dt>
                  <dd data-testid="details-change-window">{changeText}</dd>
                </div>
              )}
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
                    <td>
                      {item.product?.name ?? 'Product'}
                      {shortfallText(item) && <div className="item-shortfall">{shortfallText(item)}</div>}
                    </td>
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
      {o && changingId === o.id && <ChangeOrderDialog order={o} onClose={() => setChangingId(null)} />}
    </>
  );
}
