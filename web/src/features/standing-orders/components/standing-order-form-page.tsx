import { ScheduleOutlined } from '@ant-design/icons';
import { Alert, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { useCart } from '@/features/cart/api/cart';
import { useOrder } from '@/features/orders/api/orders';
import { useProducts } from '@/features/products/api/products';
import { isLiveProduct } from '@contracts/live-product';
import { LoadError } from '@/components/ui/load-error';
import { useBakeryCalendar } from '@/lib/bakery-time';
import { toIsoDate } from '@/lib/dates';
import { useStandingOrder } from '../api/standing-orders';
import { useProductNames } from '../product-names';
import { blankDraft, draftFromItems, draftFromStandingOrder, type StandingOrderDraft } from '../standing-order-form';
import { StandingOrderForm } from './standing-order-form';
import './standing-orders.css';

/** The products a form starts with, and those left out because they can no longer be ordered. */
interface Start {
  draft: StandingOrderDraft;
  /** what the page says was left out, or null */
  leftOut: string | null;
}

/** "Rye, Spelt: no longer available." and the cart's lines whose product is gone (no name is left of them). */
function leftOutText(names: string[], unnamed: number): string | null {
  const parts = [names.length > 0 ? `${names.join(', ')}: no longer available.` : null, unnamed > 0 ? `${unnamed} ${unnamed === 1 ? 'product is' : 'products are'} no longer sold.` : null];
  return parts.filter(Boolean).join(' ') || null;
}

/**
 * /standing-orders/new (blank, `?fromCart=1` from the cart's products and quantities, or
 * `?fromOrder=<id>` from a past order's, put on the days the customer then picks) and
 * /standing-orders/:id/edit. Saving goes back to the list.
 */
export function StandingOrderFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromCart = !id && params.get('fromCart') === '1';
  const fromOrder = id ? null : params.get('fromOrder');
  const calendar = useBakeryCalendar();
  const products = useProducts();
  const cart = useCart();
  const order = useOrder(fromOrder ?? undefined);
  const existing = useStandingOrder(id);
  const nameOf = useProductNames();
  const today = calendar.data?.today ?? (calendar.isError ? toIsoDate(new Date()) : null);

  const waiting = [calendar, products, ...(fromCart ? [cart] : []), ...(fromOrder ? [order] : []), ...(id ? [existing] : [])];
  const failed = [...(fromCart ? [cart] : []), ...(fromOrder ? [order] : []), ...(id ? [existing] : [])].find((q) => q.isError);
  const ready = today !== null && !waiting.some((q) => q.isLoading);

  const start = useMemo<Start | null>(() => {
    if (!ready || failed) return null;
    if (id) return existing.data ? { draft: draftFromStandingOrder(existing.data, nameOf), leftOut: null } : null;
    const live = new Set((products.data ?? []).filter(isLiveProduct).map((p) => p.id));
    const items = fromCart
      ? (cart.data ?? []).map((l) => ({ productId: l.productId, name: l.product?.name ?? null, quantity: l.quantity }))
      : fromOrder && order.data
        ? order.data.orderItems.map((i) => ({ productId: i.productId, name: i.product?.name ?? null, quantity: i.quantity }))
        : [];
    const kept = items.flatMap((i) => (live.has(i.productId) ? [{ ...i, name: i.name ?? nameOf(i.productId) }] : []));
    const gone = items.filter((i) => !live.has(i.productId));
    const leftOut = leftOutText([...new Set(gone.flatMap((i) => (i.name ? [i.name] : [])))], gone.filter((i) => !i.name).length);
    if (fromOrder && order.data) {
      const o = order.data;
      return {
        draft: draftFromItems(kept, { startDate: today, name: `Repeat of order #${o.id.slice(-8)}`, deliveryTimeSlot: o.deliveryTimeSlot, specialInstructions: o.specialInstructions ?? '' }),
        leftOut,
      };
    }
    if (fromCart) return { draft: draftFromItems(kept, { startDate: today, name: 'My regular order' }), leftOut };
    return { draft: blankDraft(today), leftOut: null };
    // the form starts once, from what was read when it was ready
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, failed, id]);

  const back = () => navigate('/standing-orders');
  if (failed) {
    const what = id ? 'The standing order could not be loaded' : fromOrder ? 'The order could not be loaded' : 'Your cart could not be loaded';
    return <LoadError icon={<ScheduleOutlined />} title={what} query={failed} />;
  }
  return (
    <Card className="so-form-card">
      {!start ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {start.leftOut && <Alert type="warning" showIcon className="so-left-out" title="Some products were left out" description={start.leftOut} />}
          {fromOrder && order.data && (
            <p className="muted so-from">
              From order #{order.data.id.slice(-8)}: choose the delivery days, and each product’s quantity goes on each of them.
            </p>
          )}
          {fromCart && <p className="muted so-from">From your cart: choose the delivery days, and each product’s quantity goes on each of them.</p>}
          <StandingOrderForm key={`${id ?? 'new'}|${fromCart}|${fromOrder ?? ''}`} initial={start.draft} standingOrderId={id} onSaved={back} onCancel={back} />
        </>
      )}
    </Card>
  );
}

export default StandingOrderFormPage;
