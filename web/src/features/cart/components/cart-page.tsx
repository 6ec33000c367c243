import { DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Input, Select, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { notify } from '@/components/ui/toast-store';
import { usePlaceOrder } from '@/features/orders/api/orders';
import { deliveryDateRefusal } from '@contracts/calendar';
import { CART_LINE_MAX, CART_LINE_MIN, DELIVERY_TIME_SLOTS, type DeliveryTimeSlot } from '@contracts/constants';
import type { CartLine } from '@contracts/ordering';
import { isApiError } from '@/lib/api-client';
import { toIsoDate } from '@/lib/dates';
import { newIdempotencyKey } from '@/lib/idempotency';
import { formatAmount, formatCents, formatMoney, lineTotalCents } from '@/lib/money';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useBakeryCalendar } from '../api/calendar';
import { useCart, usePricing, useRemoveCartItem, useUpdateCartItem } from '../api/cart';
import { placeOrderError, totalChangedDetails, type TotalChanged } from '../place-order-error';
import { cartTotals, formatRate } from '../totals';
import './cart.css';

/** Spec section 2: lines, order summary, delivery details, Place Order. */
export function CartPage() {
  const cart = useCart();
  const pricing = usePricing();
  const mobile = useIsMobile();
  // the last Place Order refused because the total was not the one shown (cleared by the next attempt)
  const [totalChanged, setTotalChanged] = useState<TotalChanged | null>(null);
  const lines = cart.data ?? [];

  if (cart.isLoading) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  // not "Your cart is empty": the cart may hold items that could not be read
  if (cart.isError) return <LoadError icon={<ShoppingCartOutlined />} title="Your cart could not be loaded" query={cart} />;
  if (lines.length === 0) {
    return (
      <EmptyState
        icon={<ShoppingCartOutlined />}
        title="Your cart is empty"
        hint="Add fresh bread, pastries and bagels from the catalogue."
        action={
          <Link to="/products" className="browse-link">
            Browse Products
          </Link>
        }
      />
    );
  }

  const totals = cartTotals(lines, pricing.data);
  const pricingReady = !pricing.isLoading;
  return (
    <div className={mobile ? 'cart cart-mobile' : 'cart'}>
      <PriceNotice lines={lines} totalChanged={totalChanged} />
      <Card title={<h2 className="card-heading">Items ({lines.length})</h2>} className="cart-items">
        <ul className="cart-lines">
          {lines.map((line) => (
            <CartLineRow key={line.id} line={line} />
          ))}
        </ul>
      </Card>
      <div className="cart-side">
        <Card title={<h2 className="card-heading">Order Summary</h2>}>
          {pricingReady ? (
            <dl className="summary" aria-label="Order summary">
              <div className="summary-row">
                <dt>Subtotal</dt>
                <dd data-testid="summary-subtotal">{formatMoney(totals.subtotal)}</dd>
              </div>
              <div className="summary-row">
                <dt>Delivery Fee</dt>
                <dd data-testid="summary-delivery-fee">{formatMoney(totals.deliveryFee)}</dd>
              </div>
              <div className="summary-row">
                <dt>Tax ({formatRate(pricing.data?.taxRate ?? '0.085')})</dt>
                <dd data-testid="summary-tax">{formatMoney(totals.tax)}</dd>
              </div>
              <div className="summary-row summary-total">
                <dt>Total</dt>
                <dd data-testid="summary-total">{formatMoney(totals.total)}</dd>
              </div>
            </dl>
          ) : (
            <Skeleton active paragraph={{ rows: 3 }} title={false} />
          )}
        </Card>
        <DeliveryForm
          empty={lines.length === 0}
          expectedTotal={pricingReady ? formatCents(totals.total) : null}
          onTotalChanged={setTotalChanged}
        />
      </div>
    </div>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const name = line.product?.name ?? 'Unavailable product';
  const busy = update.isPending || remove.isPending;

  const setQuantity = (quantity: number) =>
    update.mutate({ id: line.id, quantity }, { onError: (err) => notify.failed('Failed to update cart item', err) });
  // mutateAsync: the row unmounts once the cart is fetched again, and the toast must still show
  const onRemove = () =>
    remove.mutateAsync(line.id).then(
      () => notify.success('Item removed from cart'),
      (err: unknown) => notify.failed('Failed to remove item from cart', err),
    );

  return (
    <li className="cart-line" aria-label={name}>
      <ProductImage product={{ name, imageUrl: line.product?.imageUrl ?? null }} className="cart-thumb" />
      <div className="cart-line-info">
        <div className="cart-line-name" title={name}>
          {name}
        </div>
        {line.product ? (
          <div className="muted">{formatAmount(line.product.price)} each</div>
        ) : null}
        {line.product && line.previousPrice ? (
          <div className="cart-line-price-changed">
            Price changed from {formatAmount(line.previousPrice)} to {formatAmount(line.product.price)}
          </div>
        ) : null}
        {line.product ? null : (
          <div className="cart-line-gone">No longer available</div>
        )}
      </div>
      <QuantityStepper
        value={line.quantity}
        min={CART_LINE_MIN}
        max={line.product ? Math.min(CART_LINE_MAX, line.product.stock) : CART_LINE_MAX}
        onChange={setQuantity}
        itemName={name}
        disabled={busy || !line.product}
        size="small"
      />
      <div className="cart-line-total" data-testid="line-total">
        {line.product ? formatMoney(lineTotalCents(line.product.price, line.quantity)) : '—'}
      </div>
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${name} from cart`} onClick={onRemove} disabled={busy} />
    </li>
  );
}

/**
 * Prices that changed since the lines were put in the cart; after a Place Order refused because the
 * total was not the one shown (409), what changed and the new total: the cart has been read again,
 * so the summary shows the new total, and the customer places the order again.
 */
function PriceNotice({ lines, totalChanged }: { lines: CartLine[]; totalChanged: TotalChanged | null }) {
  const inCart = lines.flatMap((l) =>
    l.product && l.previousPrice ? [{ productId: l.productId, productName: l.product.name, oldPrice: l.previousPrice, newPrice: l.product.price }] : [],
  );
  const changes = totalChanged && totalChanged.changedLines.length > 0 ? totalChanged.changedLines : inCart;
  if (!totalChanged && changes.length === 0) return null;
  return (
    <Alert
      className="cart-price-notice"
      type="warning"
      showIcon
      role="alert"
      title={totalChanged ? 'Prices have changed: your order was not placed' : 'Prices have changed since you added these items'}
      description={
        <>
          {changes.length > 0 ? (
            <ul className="cart-price-changes" aria-label="Changed prices">
              {changes.map((c) => (
                <li key={c.productId}>
                  {c.productName}: price changed from {formatAmount(c.oldPrice)} to {formatAmount(c.newPrice)}
                </li>
              ))}
            </ul>
          ) : (
            <p>The delivery fee or tax has changed.</p>
          )}
          {totalChanged ? (
            <p>
              The total is now {formatAmount(totalChanged.total)} (it was {formatAmount(totalChanged.expectedTotal)}). Please review your cart and
              place the order again.
            </p>
          ) : (
            <p>The order summary uses today’s prices.</p>
          )}
        </>
      }
    />
  );
}

/**
 * Delivery date, time slot, special instructions; all optional, sent as null when empty. The date
 * picker offers the days the server accepts: from the bakery's today (its time zone, not the
 * browser's) to MAX_DELIVERY_DAYS_AHEAD days later, by the server's own rule (`deliveryDateRefusal`).
 */
function DeliveryForm({
  empty,
  expectedTotal,
  onTotalChanged,
}: {
  empty: boolean;
  /** the total shown, in the API's form ("66.75"); null while the pricing is loading */
  expectedTotal: string | null;
  onTotalChanged: (details: TotalChanged | null) => void;
}) {
  const [date, setDate] = useState<Dayjs | null>(null);
  const [slot, setSlot] = useState<DeliveryTimeSlot | undefined>(undefined);
  const [instructions, setInstructions] = useState('');
  const place = usePlaceOrder();
  const calendar = useBakeryCalendar();
  const navigate = useNavigate();
  // without the bakery's calendar (it could not be read) the browser's date stands in; the server has the last word
  const today = calendar.data?.today ?? toIsoDate(new Date());
  const maxDaysAhead = calendar.data?.maxDeliveryDaysAhead ?? Number.POSITIVE_INFINITY;
  // one key per checkout attempt; kept when the answer never came, so a retry cannot order twice
  const attemptKey = useRef(newIdempotencyKey());

  const onPlace = () => {
    if (empty) {
      notify.error('Your cart is empty');
      return;
    }
    if (expectedTotal === null) return; // the total is not shown yet
    onTotalChanged(null);
    // mutateAsync: the emptied cart replaces this form before per-call callbacks would run
    place
      .mutateAsync({
        deliveryDate: date ? date.format('YYYY-MM-DD') : null,
        deliveryTimeSlot: slot ?? null,
        specialInstructions: instructions.trim() || null,
        expectedTotal,
        idempotencyKey: attemptKey.current,
      })
      .then(
        () => {
          attemptKey.current = newIdempotencyKey();
          notify.success('Order placed successfully! You will receive a confirmation email shortly.');
          navigate('/orders');
        },
        (err: unknown) => {
          if (isApiError(err)) attemptKey.current = newIdempotencyKey();
          const changed = totalChangedDetails(err);
          if (changed) onTotalChanged(changed);
          notify.error(placeOrderError(err));
        },
      );
  };

  return (
    <Card title={<h2 className="card-heading">Delivery Details</h2>}>
      <div className="delivery-form">
        <div className="field">
          <label htmlFor="delivery-date">Delivery Date</label>
          <DatePicker
            id="delivery-date"
            value={date}
            onChange={setDate}
            format="YYYY-MM-DD"
            placeholder="Select a date"
            disabledDate={(d) => deliveryDateRefusal(d.format('YYYY-MM-DD'), today, maxDaysAhead) !== null}
            defaultPickerValue={dayjs(today)}
            disabled={calendar.isLoading}
            className="full-width"
          />
        </div>
        <div className="field">
          <label htmlFor="delivery-slot">Delivery Time Slot</label>
          <Select
            id="delivery-slot"
            value={slot}
            onChange={setSlot}
            allowClear
            placeholder="Select a time slot"
            options={DELIVERY_TIME_SLOTS.map((s) => ({ value: s, label: s }))}
            className="full-width"
          />
        </div>
        <div className="field">
          <label htmlFor="special-instructions">Special Instructions</label>
          <Input.TextArea
            id="special-instructions"
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            rows={3}
            maxLength={1000}
            placeholder="Gate code, where to leave the delivery..."
          />
        </div>
        <Button type="primary" size="large" block onClick={onPlace} disabled={place.isPending || expectedTotal === null}>
          {place.isPending ? 'Placing Order...' : 'Place Order'}
        </Button>
      </div>
    </Card>
  );
}

export default CartPage;
