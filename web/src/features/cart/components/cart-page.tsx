import { ClockCircleOutlined, DeleteOutlined, GiftOutlined, InfoCircleOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Input, Select, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { cloneElement, useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { notify } from '@/components/ui/toast-store';
import { usePlaceOrder } from '../api/place-order';
import { deliveryDateRefusal } from '@contracts/calendar';
import { CART_LINE_MAX, CART_LINE_MIN, DELIVERY_TIME_SLOTS, type DeliveryTimeSlot } from '@contracts/constants';
import { DeliveryMessages, longDate, type CalendarRefusal } from '@contracts/delivery-rules';
import type { CartLine } from '@contracts/ordering';
import { isApiError } from '@/lib/api-client';
import { countdownText, cutoffText, shortDate, useBakeryClock, useServerNow } from '@/lib/bakery-time';
import { toIsoDate } from '@/lib/dates';
import { newIdempotencyKey } from '@/lib/idempotency';
import { formatAmount, formatCents, formatMoney, lineTotalCents, parseAmount } from '@/lib/money';
import { useIsMobile } from '@/lib/use-is-mobile';
import { deliveryRange, useDeliveryDays } from '../api/calendar';
import { cartProductIds } from '../api/cart-page-reads';
import { useCart, usePricing, useRemoveCartItem, useUpdateCartItem } from '../api/cart';
import { MakeStandingOrderButton } from './make-standing-order-button';
import { daysAt, firstOrderable, hasOrderingWindows, leadingDate, shownAt, unavailableNotes } from '../delivery-windows';
import { placeOrderError, termsRefusal, totalChangedDetails, type TotalChanged } from '../place-order-error';
import { cartTerms, cartTermsHints, cartTotals, formatRate } from '../totals';
import './cart.css';

/** Spec section 2: lines, order summary, delivery details, Place Order. */
export function CartPage() {
  const cart = useCart();
  const pricing = usePricing();
  // the delivery form needs the bakery's calendar once the cart is there: asked together, not after
  const clock = useBakeryClock();
  const mobile = useIsMobile();
  // the last Place Order refused because the total was not the one shown (cleared by the next attempt)
  const [totalChanged, setTotalChanged] = useState<TotalChanged | null>(null);
  // the last Place Order refused for the customer's terms: on hold, or below their minimum (cleared by the next attempt)
  const [refusal, setRefusal] = useState<TermsRefusal | null>(null);
  const lines = cart.data ?? [];
  // the products' lead times narrow the delivery dates (one key for the same products, whatever the quantities)
  const productKey = cartProductIds(lines).join(',');
  const productIds = useMemo(() => (productKey ? productKey.split(',') : []), [productKey]);

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
  // issue 19: the customer's minimum order and free delivery, by the contracts' rule on the server's prices
  const terms = cartTerms(pricing.data);
  const hints = cartTermsHints(totals.subtotal, pricing.data);
  const belowMinimum = pricingReady && hints.toMinimum !== null;
  // "Free" only when the threshold waived a fee there was
  const freeDelivery = terms.freeDeliveryThreshold !== null && hints.toFreeDelivery === null && totals.deliveryFee === 0 && parseAmount(terms.deliveryFee) > 0;
  return (
    <div className={mobile ? 'cart cart-mobile' : 'cart'}>
      {refusal && (refusal.kind === 'hold' || belowMinimum) && <RefusalNotice refusal={refusal} onClose={() => setRefusal(null)} />}
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
                <dd data-testid="summary-delivery-fee">{freeDelivery ? 'Free' : formatMoney(totals.deliveryFee)}</dd>
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
          {pricingReady && <TermsHints toMinimum={hints.toMinimum} toFreeDelivery={hints.toFreeDelivery} minimumOrder={terms.minimumOrder} />}
        </Card>
        <DeliveryForm
          empty={lines.length === 0}
          expectedTotal={pricingReady ? formatCents(totals.total) : null}
          belowMinimum={belowMinimum}
          onTotalChanged={setTotalChanged}
          onRefused={setRefusal}
          productIds={productIds}
          clock={clock}
        />
        <MakeStandingOrderButton />
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

type TermsRefusal = NonNullable<ReturnType<typeof termsRefusal>> & { kind: 'hold' | 'minimum' };

/**
 * Issue 19: how much more reaches the customer's minimum order (Place Order waits for it) and free
 * delivery; the amounts are the contracts' `cartHints` of the server's prices.
 */
function TermsHints({ toMinimum, toFreeDelivery, minimumOrder }: { toMinimum: string | null; toFreeDelivery: string | null; minimumOrder: string | null }) {
  if (toMinimum === null && toFreeDelivery === null) return null;
  return (
    <ul className="cart-hints" aria-label="Order minimums">
      {toMinimum !== null && (
        <li id="cart-minimum-hint" className="cart-hint cart-hint-minimum" data-testid="minimum-hint">
          <InfoCircleOutlined aria-hidden="true" />
          <span>
            <strong>Add {formatAmount(toMinimum)} more to reach the minimum order</strong>
            {minimumOrder !== null && <span className="muted"> · the minimum order is {formatAmount(minimumOrder)}</span>}
          </span>
        </li>
      )}
      {toFreeDelivery !== null && (
        <li className="cart-hint cart-hint-free" data-testid="free-delivery-hint">
          <GiftOutlined aria-hidden="true" />
          <span>Add {formatAmount(toFreeDelivery)} more for free delivery</span>
        </li>
      )}
    </ul>
  );
}

/** The server refused Place Order for the customer's terms: on hold (403), or below the minimum (400). */
function RefusalNotice({ refusal, onClose }: { refusal: TermsRefusal; onClose: () => void }) {
  return (
    <Alert
      className="cart-refusal"
      type="error"
      showIcon
      role="alert"
      closable={{ 'aria-label': 'Dismiss' }}
      onClose={onClose}
      title={`${refusal.title}: your order was not placed`}
      description={refusal.message}
    />
  );
}

/** The chosen date could no longer be ordered and the form moved on: what the page says. */
interface MovedNotice {
  from: string;
  to: string | null;
  reason: CalendarRefusal | null;
  message: string;
}

function MovedDateNotice({ moved, onClose }: { moved: MovedNotice; onClose: () => void }) {
  const closed = moved.reason === 'cutoff_passed' || moved.reason === 'lead_time';
  const next = moved.to ? `Your delivery date is now ${longDate(moved.to)}.` : DeliveryMessages.noneOrderable;
  return (
    <Alert
      className="delivery-moved"
      type="warning"
      showIcon
      role="alert"
      closable={{ 'aria-label': 'Dismiss' }}
      onClose={onClose}
      title={closed ? `Orders for ${shortDate(moved.from)} have closed` : `${shortDate(moved.from)} can no longer be ordered`}
      description={`${moved.message ? `${moved.message} ` : ''}${next}`}
    />
  );
}

/**
 * Delivery date, time slot, special instructions, sent as null when empty. The date picker offers
 * the days the server accepts: from the bakery's today (its time zone, not the browser's) to
 * MAX_DELIVERY_DAYS_AHEAD days later (`deliveryDateRefusal`), and of those the ones the bakery's
 * ordering windows allow for the cart's products (GET /api/delivery/calendar), a refused day
 * saying why (on hover, and below the calendar). Where the bakery has windows, the next orderable
 * date is chosen, its cut-off counts down by the server's clock, and a cut-off that passes while
 * the cart is open moves the date on and says so. With the default schedule (every day open until
 * its end) the date stays optional and empty, as the spec has it.
 */
function DeliveryForm({
  empty,
  expectedTotal,
  belowMinimum,
  onTotalChanged,
  onRefused,
  productIds,
  clock,
}: {
  empty: boolean;
  /** the total shown, in the API's form ("66.75"); null while the pricing is loading */
  expectedTotal: string | null;
  /** the subtotal is below the customer's minimum order: Place Order waits (the server refuses it too) */
  belowMinimum: boolean;
  onTotalChanged: (details: TotalChanged | null) => void;
  onRefused: (refusal: TermsRefusal | null) => void;
  /** the cart's products, sorted: their lead times narrow the dates */
  productIds: readonly string[];
  /** the bakery's calendar and clock, read by the page with the cart */
  clock: ReturnType<typeof useBakeryClock>;
}) {
  // the customer chose or cleared a date: none is chosen for them from then on
  const [touched, setTouched] = useState(false);
  const [moved, setMoved] = useState<MovedNotice | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [slot, setSlot] = useState<DeliveryTimeSlot | undefined>(undefined);
  const [instructions, setInstructions] = useState('');
  const place = usePlaceOrder();
  const { calendar, offsetMs, timeZone } = clock;
  const navigate = useNavigate();
  // without the bakery's calendar (it could not be read) the browser's date stands in; the server has the last word
  const today = calendar.data?.today ?? toIsoDate(new Date());
  const maxDaysAhead = calendar.data?.maxDeliveryDaysAhead ?? Number.POSITIVE_INFINITY;
  const required = calendar.data?.requireDeliveryDate ?? false;
  const range = calendar.data ? deliveryRange(calendar.data) : null;
  const delivery = useDeliveryDays(range, productIds);
  const { refetch: refetchDays } = delivery;
  // the date the cart leads with is chosen at once when the dates are already read (the page's
  // reads have them), not a render later; else by the effect below, once they are
  const [date, setDate] = useState<string | null>(() =>
    leadingDate(hasOrderingWindows(delivery.days, timeZone, required), daysAt(delivery.days, Date.now() + offsetMs, timeZone), today),
  );
  // looked at every second; re-rendered when the countdown's minute or a day's cut-off passes
  const now = useServerNow(offsetMs, 1000, (at) => shownAt(delivery.days, date, at, timeZone));
  const days = useMemo(() => daysAt(delivery.days, now, timeZone), [delivery.days, now, timeZone]);
  const windows = useMemo(() => hasOrderingWindows(delivery.days, timeZone, required), [delivery.days, timeZone, required]);
  const notes = useMemo(() => unavailableNotes(days.values()), [days]);
  const next = firstOrderable(days, today);
  const lead = leadingDate(windows, days, today);
  const chosen = date ? days.get(date) : undefined;
  const slotOptions = chosen ? chosen.slots : DELIVERY_TIME_SLOTS;
  // one key per checkout attempt; kept when the answer never came, so a retry cannot order twice
  const attemptKey = useRef(newIdempotencyKey());

  // the bakery has windows: lead with the next date that can be ordered
  useEffect(() => {
    if (!touched && date === null && lead) setDate(lead);
  }, [touched, date, lead]);

  // the chosen date can no longer be ordered (its cut-off passed, or the server now refuses it):
  // say so and move to the next one, and read the dates again
  useEffect(() => {
    if (!date || !chosen || chosen.orderable) return;
    setMoved({ from: date, to: next, reason: chosen.reason, message: chosen.message ?? '' });
    setDate(next);
    setDateError(null);
    void refetchDays();
  }, [date, chosen, next, refetchDays]);

  // a slot the (new) date does not offer
  useEffect(() => {
    if (slot && !slotOptions.includes(slot)) setSlot(undefined);
  }, [slot, slotOptions]);

  const chooseDate = (value: Dayjs | null) => {
    setTouched(true);
    setDate(value ? value.format('YYYY-MM-DD') : null);
    setMoved(null);
    setDateError(null);
  };

  const onPlace = () => {
    if (empty) {
      notify.error('Your cart is empty');
      return;
    }
    if (expectedTotal === null || belowMinimum) return; // the total is not shown yet, or below the minimum
    if (required && !date) {
      setDateError(DeliveryMessages.dateRequired);
      document.getElementById('delivery-date')?.focus();
      return;
    }
    onTotalChanged(null);
    onRefused(null);
    // mutateAsync: the emptied cart replaces this form before per-call callbacks would run
    place
      .mutateAsync({
        deliveryDate: date,
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
          const refused = termsRefusal(err);
          if (refused) onRefused({ ...refused, kind: isApiError(err, 403) ? 'hold' : 'minimum' });
          if (isApiError(err, 400)) {
            // the date or slot was refused: show why at the field, and read the dates again
            const refused = err.body?.errors?.deliveryDate?.[0];
            if (refused) setDateError(refused);
            void refetchDays();
          }
          notify.error(placeOrderError(err));
        },
      );
  };

  const countdown = chosen?.orderable && chosen.cutoffAt ? Date.parse(chosen.cutoffAt) - now : null;
  return (
    <Card title={<h2 className="card-heading">Delivery Details</h2>}>
      <div className="delivery-form">
        {moved && <MovedDateNotice moved={moved} onClose={() => setMoved(null)} />}
        <div className="field">
          <label htmlFor="delivery-date" className={required ? 'required-label' : undefined}>
            Delivery Date
          </label>
          <DatePicker
            id="delivery-date"
            value={date ? dayjs(date) : null}
            onChange={chooseDate}
            format="YYYY-MM-DD"
            placeholder="Select a date"
            disabledDate={(d) => {
              const iso = d.format('YYYY-MM-DD');
              if (deliveryDateRefusal(iso, today, maxDaysAhead) !== null) return true;
              const day = days.get(iso);
              return day !== undefined && !day.orderable;
            }}
            cellRender={(current, info) => {
              if (info.type !== 'date' || typeof current !== 'object') return info.originNode;
              const day = days.get(current.format('YYYY-MM-DD'));
              // the reason on hover
              return day && !day.orderable && day.message ? cloneElement(info.originNode as ReactElement<{ title?: string }>, { title: day.message }) : info.originNode;
            }}
            renderExtraFooter={() =>
              notes.length > 0 ? (
                <ul className="delivery-notes" aria-label="Dates that cannot be ordered">
                  {notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              ) : null
            }
            defaultPickerValue={dayjs(today)}
            disabled={calendar.isLoading || delivery.isLoading}
            status={dateError ? 'error' : undefined}
            aria-required={required || undefined}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? 'delivery-date-error' : countdown !== null ? 'delivery-cutoff' : undefined}
            className="full-width"
          />
          {dateError && (
            <div id="delivery-date-error" className="field-error" role="alert">
              {dateError}
            </div>
          )}
          {chosen && countdown !== null && chosen.cutoffAt && (
            <div id="delivery-cutoff" className="delivery-cutoff" data-testid="delivery-cutoff">
              <ClockCircleOutlined aria-hidden="true" />
              <span>
                <strong>
                  Order within {countdownText(countdown)} for delivery on {shortDate(chosen.date)}
                </strong>
                <span className="muted"> · orders close {cutoffText(chosen.cutoffAt, timeZone, now)}</span>
              </span>
            </div>
          )}
          {delivery.isError && (
            <LoadError
              inline
              title="The delivery dates could not be checked"
              query={{ refetch: refetchDays, isFetching: delivery.isFetching }}
            />
          )}
        </div>
        <div className="field">
          <label htmlFor="delivery-slot">Delivery Time Slot</label>
          <Select
            id="delivery-slot"
            value={slot}
            onChange={setSlot}
            allowClear
            placeholder="Select a time slot"
            options={slotOptions.map((s) => ({ value: s, label: s }))}
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
        <Button
          type="primary"
          size="large"
          block
          onClick={onPlace}
          disabled={place.isPending || expectedTotal === null || belowMinimum}
          aria-describedby={belowMinimum ? 'cart-minimum-hint' : undefined}
        >
          {place.isPending ? 'Placing Order...' : 'Place Order'}
        </Button>
      </div>
    </Card>
  );
}

export default CartPage;
