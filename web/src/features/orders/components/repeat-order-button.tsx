import { ScheduleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useInRouterContext, useNavigate } from 'react-router-dom';

/** Where "Repeat this order" goes: a new standing order with the order's products, on the days the customer then picks. */
export const repeatOrderPath = (orderId: string) => `/standing-orders/new?fromOrder=${encodeURIComponent(orderId)}`;

/**
 * "Repeat this order": a standing order made from this order's products and quantities. A link
 * styled as a button; inside the app's router it moves without reloading the page.
 */
export function RepeatOrderButton({ orderId }: { orderId: string }) {
  return useInRouterContext() ? <RoutedRepeat orderId={orderId} /> : <Button icon={<ScheduleOutlined />} href={repeatOrderPath(orderId)}>Repeat this order</Button>;
}

function RoutedRepeat({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  return (
    <Button icon={<ScheduleOutlined />} onClick={() => navigate(repeatOrderPath(orderId))}>
      Repeat this order
    </Button>
  );
}
