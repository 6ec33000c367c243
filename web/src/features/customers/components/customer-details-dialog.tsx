import { Avatar, Button, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { StatusBadge } from '@/components/ui/status-badge';
import { BUSINESS_TYPE_LABELS } from '@/lib/account-validation';
import { useOrderList } from '@/features/orders/api/orders';
import { formatDate } from '@/lib/dates';
import { formatAmount, formatMoney, parseAmount } from '@/lib/money';
import { useCustomer, type Customer } from '../api/customers';
import { accountStatus, customerDisplayName, customerInitials } from '../display';

/** How many of a customer's orders the details show (the newest; Manage Orders has the rest). */
const CUSTOMER_ORDERS_SHOWN = 10;

/** More about a customer, from another feature (their standing orders), composed in app/. */
export type CustomerSection = (customerId: string) => ReactNode;

/**
 * View: the customer's details and their newest orders (the server filters by customer and counts
 * them); `section`, below them: their standing orders.
 */
export function CustomerDetailsDialog({
  customer,
  onClose,
  onEdit,
  section,
}: {
  customer: Customer | null;
  onClose: () => void;
  onEdit: (c: Customer) => void;
  section?: CustomerSection;
}) {
  const details = useCustomer(customer?.id, customer ?? undefined);
  const c = details.data ?? customer;
  const orders = useOrderList({ customerId: customer?.id, limit: CUSTOMER_ORDERS_SHOWN }, { enabled: customer !== null });
  const firstPage = orders.data?.pages[0];
  const theirs = firstPage?.orders ?? [];
  const count = firstPage?.total ?? null;
  // what they spent, when every one of their orders is on this page
  const complete = count !== null && count <= theirs.length;
  const spent = theirs.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + safeCents(o.total), 0);

  return (
    <Modal
      title={c ? customerDisplayName(c) : 'Customer'}
      open={customer !== null}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="edit" onClick={() => c && onEdit(c)}>
          Edit
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {c && (
        // focusable: on a short screen the dialog's body scrolls, and the keyboard must reach it
        <div className="customer-details" tabIndex={0} role="group" aria-label="Customer details">
          <div className="customer-details-head">
            <Avatar size={48} className="customer-avatar" aria-hidden="true">
              {customerInitials(c)}
            </Avatar>
            <div>
              <div className="customer-details-email">{c.email}</div>
              <div className="muted">Account Status: {accountStatus(c)}</div>
            </div>
          </div>
          <dl className="customer-details-grid">
            <Detail label="Business name" value={c.businessName} />
            <Detail label="Business type" value={c.businessType ? BUSINESS_TYPE_LABELS[c.businessType] : null} />
            <Detail label="First name" value={c.firstName} />
            <Detail label="Last name" value={c.lastName} />
            <Detail label="Phone" value={c.phone} />
            <Detail label="Member since" value={formatDate(c.createdAt)} />
            <Detail label="Address" value={c.address} wide />
            <Detail label="Last updated" value={formatDate(c.updatedAt)} />
            <Detail label="Drop position" value={typeof c.dropPosition === 'number' ? `Stop ${c.dropPosition} in its slot` : null} />
          </dl>
          <section aria-labelledby="customer-orders-heading" className="customer-orders">
            <h3 id="customer-orders-heading" className="customer-orders-title">
              Orders{' '}
              {!orders.isLoading && !orders.isError && (
                <span className="muted">
                  ({count ?? `${theirs.length}+`}
                  {complete && theirs.length > 0 ? `, ${formatMoney(spent)} excluding cancelled` : ''})
                </span>
              )}
            </h3>
            {orders.isLoading ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : orders.isError ? (
              <LoadError inline title="Orders could not be loaded" query={orders} />
            ) : theirs.length === 0 ? (
              <p className="muted">No orders yet.</p>
            ) : (
              <ul className="customer-order-list">
                {theirs.map((o) => (
                  <li key={o.id} className="customer-order" aria-label={`Order #${o.id.slice(-8)}`}>
                    <span className="customer-order-id">#{o.id.slice(-8)}</span>
                    <span className="muted">{formatDate(o.createdAt)}</span>
                    <span className="muted">
                      {o.orderItems.length} {o.orderItems.length === 1 ? 'item' : 'items'}
                    </span>
                    <span className="customer-order-total">{formatAmount(o.total)}</span>
                    <StatusBadge status={o.status} />
                  </li>
                ))}
              </ul>
            )}
            {!complete && theirs.length > 0 && !orders.isError && <p className="muted">The {theirs.length} most recent.</p>}
          </section>
          {section?.(c.id)}
        </div>
      )}
    </Modal>
  );
}

function Detail({ label, value, wide }: { label: string; value: string | null | undefined; wide?: boolean }) {
  return (
    <div className={wide ? 'detail-wide' : undefined}>
      <dt>{label}</dt>
      <dd>{value ? value : <span className="muted">Not provided</span>}</dd>
    </div>
  );
}

function safeCents(amount: string): number {
  try {
    return parseAmount(amount);
  } catch {
    return 0;
  }
}
