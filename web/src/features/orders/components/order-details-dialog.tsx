import { DownloadOutlined, FileAddOutlined } from '@ant-design/icons';
import { Button, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { StatusBadge } from '@/components/ui/status-badge';
import { notify } from '@/components/ui/toast-store';
import { invoiceFileName, invoicePdfPath, useIssueInvoice, useOrderInvoices, type Invoice } from '@/features/invoices/api/invoices';
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
              <InvoiceDetail order={o} admin={role === 'admin'} />
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

/** A download of an invoice or credit note: a plain link to its PDF (same origin: the session cookie goes along). */
function InvoiceLink({ invoice, label }: { invoice: Invoice; label: string }) {
  return (
    <Button size="small" href={invoicePdfPath(invoice.id)} download={invoiceFileName(invoice)} icon={<DownloadOutlined aria-hidden="true" />}>
      {label}
    </Button>
  );
}

/**
 * The order's invoice (issue 18): its number and the Invoice download, and a credit note's after a
 * cancellation; for an admin, Issue invoice while it has none (a delivered order gets one by itself).
 */
function InvoiceDetail({ order, admin }: { order: Order; admin: boolean }) {
  const invoices = useOrderInvoices(order.id);
  const issue = useIssueInvoice();
  const list = invoices.data ?? [];
  const invoice = list.find((i) => i.kind === 'invoice') ?? null;
  const creditNote = list.find((i) => i.kind === 'credit-note') ?? null;
  if (invoices.isLoading) return null;
  if (invoices.isError) {
    return admin ? (
      <div className="details-wide">
        <dt>Invoice</dt>
        <dd>
          <LoadError inline title="The invoice could not be loaded" query={invoices} />
        </dd>
      </div>
    ) : null;
  }
  if (!invoice && !(admin && order.status !== 'cancelled')) return null;
  const onIssue = () =>
    issue.mutate(order.id, {
      onSuccess: (issued) => notify.success(`${issued.number} has been issued`, 'Invoice issued'),
      onError: (err) => notify.failed('Failed to issue the invoice', err),
    });
  return (
    <div className="details-wide">
      <dt>Invoice</dt>
      <dd className="details-invoice">
        {invoice ? (
          <>
            <span data-testid="details-invoice-number">{invoice.number}</span>
            <Tag color={invoice.paid ? 'green' : 'gold'}>{invoice.paid ? 'Paid' : 'Unpaid'}</Tag>
            <InvoiceLink invoice={invoice} label="Invoice" />
            {creditNote && (
              <>
                <span>{creditNote.number}</span>
                <InvoiceLink invoice={creditNote} label="Credit note" />
              </>
            )}
          </>
        ) : (
          <>
            <span className="muted">Not issued yet</span>
            <Button size="small" icon={<FileAddOutlined aria-hidden="true" />} loading={issue.isPending} onClick={onIssue}>
              Issue invoice
            </Button>
          </>
        )}
      </dd>
    </div>
  );
}
