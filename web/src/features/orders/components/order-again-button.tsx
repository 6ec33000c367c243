import { RedoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { notify, toast } from '@/components/ui/toast-store';
import { useReorder } from '../api/order-changes';
import { reorderToast } from '../order-changes';

/**
 * "Order again": the order's products that can still be ordered go into the cart at the same
 * quantities (capped at the stock); the toast says what was added and what was left out and why,
 * and the cart badge is read again.
 */
export function OrderAgainButton({ orderId }: { orderId: string }) {
  const reorder = useReorder();
  const onClick = () =>
    reorder.mutate(orderId, {
      onSuccess: (result) => toast(reorderToast(result)),
      onError: (err) => notify.failed('Failed to order again', err),
    });
  return (
    <Button icon={<RedoOutlined />} loading={reorder.isPending} onClick={onClick}>
      Order again
    </Button>
  );
}
