import { CheckOutlined, DownloadOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { formatDate, formatIsoDate } from '@/lib/dates';
import { invoiceFileName, invoicePdfPath, type Invoice } from '../api/invoices';
import { invoiceCustomerName, kindLabel, signedAmount } from '../invoices';

/** Paid or unpaid, as a tag; a credit note says refunded rather than paid. */
export function PaidTag({ invoice }: { invoice: Pick<Invoice, 'paid' | 'kind'> }) {
  if (invoice.kind === 'credit-note') return <Tag color={invoice.paid ? 'green' : 'gold'}>{invoice.paid ? 'Refunded' : 'Not refunded'}</Tag>;
  return <Tag color={invoice.paid ? 'green' : 'gold'}>{invoice.paid ? 'Paid' : 'Unpaid'}</Tag>;
}

/** What marking it the other way is called: Mark paid / unpaid; a credit note is refunded. */
export function toggleText(invoice: Pick<Invoice, 'paid' | 'kind'>): string {
  if (invoice.kind === 'credit-note') return invoice.paid ? 'Mark not refunded' : 'Mark refunded';
  return invoice.paid ? 'Mark unpaid' : 'Mark paid';
}

/** Download PDF: a plain link to the API (same origin: the session cookie goes along). */
export function InvoiceDownload({ invoice, label = 'Download PDF' }: { invoice: Invoice; label?: string }) {
  return (
    <Button
      href={invoicePdfPath(invoice.id)}
      download={invoiceFileName(invoice)}
      icon={<DownloadOutlined aria-hidden="true" />}
      aria-label={`${label} of ${kindLabel(invoice.kind).toLowerCase()} ${invoice.number}`}
    >
      {label}
    </Button>
  );
}

/**
 * One invoice or credit note: number, paid or not, customer (`showCustomer`: the admin's list), the
 * order, when issued, the total; Download PDF, and `onTogglePaid` (admins) to mark it paid or unpaid.
 */
export function InvoiceCard({
  invoice,
  showCustomer = false,
  onTogglePaid,
  toggling = false,
}: {
  invoice: Invoice;
  showCustomer?: boolean;
  onTogglePaid?: () => void;
  toggling?: boolean;
}) {
  const kind = kindLabel(invoice.kind);
  const creditNote = invoice.kind === 'credit-note';
  return (
    <li className="invoice-card" aria-label={`${kind} ${invoice.number}`} data-invoice-id={invoice.id}>
      <div className="invoice-main">
        <div className="invoice-head">
          <h2 className="invoice-number">{invoice.number}</h2>
          <div className="invoice-tags">
            {creditNote && <Tag color="purple">Credit note</Tag>}
            <PaidTag invoice={invoice} />
          </div>
        </div>
        {showCustomer && <div className="invoice-customer">{invoiceCustomerName(invoice)}</div>}
        <div className="invoice-meta muted">
          <span>Order #{invoice.orderNumber}</span>
          <span>Issued {formatDate(invoice.issuedAt)}</span>
          {invoice.deliveryDate && <span>Delivery {formatIsoDate(invoice.deliveryDate)}</span>}
          {invoice.paid && invoice.paidAt && (
            <span>
              {creditNote ? 'Refunded' : 'Paid'} {formatDate(invoice.paidAt)}
            </span>
          )}
        </div>
      </div>
      <div className="invoice-side">
        <div className="invoice-total">
          <span className="muted">Total</span> <strong data-testid="invoice-total">{signedAmount(invoice.total)}</strong>
        </div>
        <div className="invoice-actions">
          <InvoiceDownload invoice={invoice} />
          {onTogglePaid && (
            <Button
              icon={invoice.paid ? <UndoOutlined aria-hidden="true" /> : <CheckOutlined aria-hidden="true" />}
              onClick={onTogglePaid}
              loading={toggling}
              aria-label={`${toggleText(invoice)}: ${invoice.number}`}
            >
              {toggleText(invoice)}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
