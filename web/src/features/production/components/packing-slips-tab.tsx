import { InboxOutlined } from '@ant-design/icons';
import { Skeleton, Tag } from 'antd';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { shortDate } from '@/lib/bakery-time';
import { documentFileName, documentPath, usePackingSlips, type PackingSlip, type Paper } from '../api/production';
import { customerName, slotLabel } from '../production';
import { DownloadLink } from './download-link';

/** One slip per order of the date, in packing order (slot, then drop position): no prices. */
export function PackingSlipsTab({ date, paper }: { date: string; paper: Paper }) {
  const slips = usePackingSlips(date);
  if (slips.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (slips.isError || !slips.data) return <LoadError icon={<InboxOutlined />} title="The packing slips could not be loaded" query={slips} />;
  const list = slips.data.slips;
  return (
    <div className="packing-slips">
      <div className="production-doc-head">
        <p className="production-summary">
          <strong>{list.length}</strong> {list.length === 1 ? 'order' : 'orders'} to pack for {shortDate(date)}
        </p>
        <div className="production-doc-actions">
          <DownloadLink href={documentPath('packing-slips', date, 'pdf', paper)} fileName={documentFileName('packing-slips', date, 'pdf')} label="Download PDF" primary />
        </div>
      </div>
      {list.length === 0 ? (
        <EmptyState icon={<InboxOutlined />} title="No orders to pack" hint={`No orders deliver on ${shortDate(date)} yet.`} />
      ) : (
        <ul className="slip-grid" aria-label="Packing slips">
          {list.map((slip) => (
            <SlipCard key={slip.orderId} slip={slip} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SlipCard({ slip }: { slip: PackingSlip }) {
  const units = slip.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <li className="slip-card" aria-label={`Packing slip for order #${slip.orderNumber}`} data-order-id={slip.orderId}>
      <div className="slip-head">
        <h3 className="slip-customer">{customerName(slip.businessName)}</h3>
        <div className="slip-tags">
          <span className="muted slip-order">Order #{slip.orderNumber}</span>
          <Tag color="blue">{slotLabel(slip.deliveryTimeSlot)}</Tag>
          {slip.dropPosition !== null && <Tag>Stop {slip.dropPosition}</Tag>}
        </div>
      </div>
      <dl className="slip-details">
        <div>
          <dt>Address</dt>
          <dd>{slip.address || <span className="muted">No address</span>}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{slip.phone || <span className="muted">No phone</span>}</dd>
        </div>
        {slip.specialInstructions && (
          <div className="slip-wide">
            <dt>Instructions</dt>
            <dd className="slip-instructions">{slip.specialInstructions}</dd>
          </div>
        )}
      </dl>
      <table className="production-table slip-items">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.items.map((item) => (
            <tr key={item.productId}>
              <td className="production-wrap">{item.name}</td>
              <td className="num">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total units</th>
            <td className="num">{units}</td>
          </tr>
        </tfoot>
      </table>
    </li>
  );
}
