import { ScheduleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Where "Make this a standing order" goes: a new standing order with the cart's products and quantities. */
export const FROM_CART_PATH = '/standing-orders/new?fromCart=1';

/**
 * "Make this a standing order": the cart's products and quantities become a standing order, on the
 * delivery days the customer then picks (the cart itself stays as it is).
 */
export function MakeStandingOrderButton() {
  const navigate = useNavigate();
  return (
    // 44 px: a phone tap target
    <Button block size="large" icon={<ScheduleOutlined />} onClick={() => navigate(FROM_CART_PATH)} style={{ minHeight: 44 }}>
      Make this a standing order
    </Button>
  );
}
