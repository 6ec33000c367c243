import { Tag } from 'antd';

/** "in_transit" → "in transit". */
export const statusLabel = (status: string): string => status.replace(/_/g, ' ');

/** Spec section 4: delivered green, in_transit orange, any other blue; the order history also marks cancelled red. */
export function statusColor(status: string, palette: 'dashboard' | 'orders' = 'orders'): string {
  if (status === 'delivered') return 'green';
  if (status === 'in_transit') return 'orange';
  if (palette === 'orders' && status === 'cancelled') return 'red';
  return 'blue';
}

export function StatusBadge({ status, palette = 'orders' }: { status: string; palette?: 'dashboard' | 'orders' }) {
  return (
    <Tag color={statusColor(status, palette)} className="status-badge" data-status={status}>
      {statusLabel(status)}
    </Tag>
  );
}
