import { PlusOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { useBakeryCalendar } from '@/lib/bakery-time';
import { useIsMobile } from '@/lib/use-is-mobile';
import { standingOrdersOf, useStandingOrders } from '../api/standing-orders';
import { useProductNames } from '../product-names';
import { STANDING_ORDERS_MAX } from '../standing-order-form';
import { StandingOrderCard } from './standing-order-card';
import { UpcomingDeliveries } from './upcoming-deliveries';
import './standing-orders.css';

/**
 * A customer's standing orders (issue 17): the list with each one's status and Edit, Pause or
 * Resume and Delete, New Standing Order, and the next four weeks of deliveries with Skip and
 * Change per date until its cut-off.
 */
export function StandingOrdersPage() {
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const list = useStandingOrders();
  const calendar = useBakeryCalendar();
  const nameOf = useProductNames();
  const standingOrders = standingOrdersOf(list.data);
  const full = standingOrders.length >= STANDING_ORDERS_MAX;
  const newButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => navigate('/standing-orders/new')}
      disabled={full}
      title={full ? `You have ${STANDING_ORDERS_MAX} standing orders: delete one to make another` : undefined}
      className="so-new"
    >
      New Standing Order
    </Button>
  );

  if (list.isLoading) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  if (list.isError) return <LoadError icon={<ScheduleOutlined />} title="Standing orders could not be loaded" query={list} />;
  if (standingOrders.length === 0) {
    return (
      <EmptyState
        icon={<ScheduleOutlined />}
        title="No standing orders yet"
        hint="A standing order delivers the same products on the days you choose, every week or every few weeks. Skip or change any date until its cut-off."
        action={newButton}
      />
    );
  }
  return (
    <div className={mobile ? 'standing-orders standing-orders-mobile' : 'standing-orders'}>
      <div className="so-toolbar">
        <p className="muted so-count" aria-live="polite">
          {standingOrders.length} of {STANDING_ORDERS_MAX} standing orders
        </p>
        {newButton}
      </div>
      <div className="so-columns">
        <Card title={<h2 className="card-heading">Your Standing Orders</h2>} className="so-list-card">
          <ul className="so-list" aria-label="Standing orders">
            {standingOrders.map((so) => (
              <StandingOrderCard key={so.id} so={so} nameOf={nameOf} today={calendar.data?.today ?? null} onEdit={() => navigate(`/standing-orders/${so.id}/edit`)} />
            ))}
          </ul>
          <LoadMore query={list} what="standing orders" />
        </Card>
        <Card title={<h2 className="card-heading">Next 4 Weeks</h2>} className="so-calendar-card">
          <UpcomingDeliveries standingOrders={standingOrders} nameOf={nameOf} />
        </Card>
      </div>
    </div>
  );
}

export default StandingOrdersPage;
