import { PlusOutlined } from '@ant-design/icons';
import { Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import type { StandingOrder } from '@contracts/standing-orders';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { useBakeryCalendar } from '@/lib/bakery-time';
import { toIsoDate } from '@/lib/dates';
import { standingOrdersOf, useStandingOrders } from '../api/standing-orders';
import { useProductNames } from '../product-names';
import { blankDraft, draftFromStandingOrder, STANDING_ORDERS_MAX } from '../standing-order-form';
import { StandingOrderCard } from './standing-order-card';
import { StandingOrderForm } from './standing-order-form';
import './standing-orders.css';

/**
 * Manage Customers, in a customer's details: that customer's standing orders, made and changed by
 * an admin on their behalf (orders taken by phone): New, Edit, Pause or Resume, Delete. The same
 * form as the customer's, with `customerId`.
 */
export function CustomerStandingOrders({ customerId }: { customerId: string }) {
  const list = useStandingOrders(customerId);
  const calendar = useBakeryCalendar();
  const nameOf = useProductNames();
  // null: closed; 'new'; or the standing order being edited
  const [editing, setEditing] = useState<'new' | StandingOrder | null>(null);
  const standingOrders = standingOrdersOf(list.data);
  const today = calendar.data?.today ?? toIsoDate(new Date());
  const full = standingOrders.length >= STANDING_ORDERS_MAX;

  return (
    <section aria-labelledby={`customer-so-${customerId}`} className="customer-standing-orders">
      <div className="customer-so-head">
        <h3 id={`customer-so-${customerId}`} className="customer-orders-title">
          Standing orders {!list.isLoading && !list.isError && <span className="muted">({standingOrders.length})</span>}
        </h3>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          disabled={list.isLoading || full}
          title={full ? `This customer has ${STANDING_ORDERS_MAX} standing orders` : undefined}
        >
          New standing order
        </Button>
      </div>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.isError ? (
        <LoadError inline title="Standing orders could not be loaded" query={list} />
      ) : standingOrders.length === 0 ? (
        <p className="muted">No standing orders.</p>
      ) : (
        <>
          <ul className="so-list so-list-compact" aria-label="Standing orders">
            {standingOrders.map((so) => (
              <StandingOrderCard key={so.id} so={so} nameOf={nameOf} today={calendar.data?.today ?? null} onEdit={() => setEditing(so)} />
            ))}
          </ul>
          <LoadMore query={list} what="standing orders" />
        </>
      )}
      {editing !== null && (
        <Modal
          title={editing === 'new' ? 'New standing order' : `Edit ${editing.name}`}
          open
          onCancel={() => setEditing(null)}
          footer={null}
          width={860}
        >
          <StandingOrderForm
            initial={editing === 'new' ? blankDraft(today) : draftFromStandingOrder(editing, nameOf)}
            standingOrderId={editing === 'new' ? undefined : editing.id}
            customerId={customerId}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
    </section>
  );
}
