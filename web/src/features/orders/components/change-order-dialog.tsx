import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { notify } from '@/components/ui/toast-store';
import { deliveryRange, useDeliveryDays } from '@/lib/delivery-calendar';
import { useProducts } from '@/features/products/api/products';
import { deliveryDateRefusal } from '@contracts/calendar';
import { CART_LINE_MAX, CART_LINE_MIN, DELIVERY_TIME_SLOTS, SPECIAL_INSTRUCTIONS_MAX, type DeliveryTimeSlot } from '@contracts/constants';
import { calendarDayAt } from '@contracts/delivery-rules';
import { isLiveProduct } from '@contracts/live-product';
import type { Order } from '@contracts/ordering';
import { isApiError } from '@/lib/api-client';
import { useBakeryClock, useServerNow } from '@/lib/bakery-time';
import { toIsoDate } from '@/lib/dates';
import { formatAmount, formatMoney, lineTotalCents } from '@/lib/money';
import { useAmendOrder } from '../api/order-changes';
import { amendmentBody } from '../order-changes';
import './change-order-dialog.css';

interface DraftLine {
  productId: string;
  name: string;
  quantity: number;
  /** the order's price for a product it has; today's for one added here */
  unitPrice: string;
  /** the most the stepper offers: the line maximum, and for an added product its stock */
  max: number;
  added: boolean;
}

/** What a 409 'Not enough stock' names: "Only 8 of Rye can be had". */
function shortagesText(details: Record<string, unknown> | undefined): string[] {
  const shortages = Array.isArray(details?.shortages) ? (details.shortages as { name?: string; available?: number }[]) : [];
  return shortages.map((s) => `${s.name ?? 'A product'}: at most ${s.available ?? 0} for this order`);
}

/**
 * Change an order: quantities, lines removed or added, the delivery date and slot (the dates the
 * bakery's ordering windows allow for the order's products, GET /api/delivery/calendar, as the
 * cart offers them) and the instructions. Sends only what changed (PATCH /api/orders/:id); the
 * server has the last word: its field messages show at the fields, a refusal (409: after the
 * cut-off, not enough stock) above them.
 */
export function ChangeOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const shortId = order.id.slice(-8);
  const [lines, setLines] = useState<DraftLine[]>(() =>
    order.orderItems.map((i) => ({ productId: i.productId, name: i.product?.name ?? 'Product', quantity: i.quantity, unitPrice: i.unitPrice, max: CART_LINE_MAX, added: false })),
  );
  const [date, setDate] = useState<string | null>(order.deliveryDate);
  const [slot, setSlot] = useState<DeliveryTimeSlot | null>(order.deliveryTimeSlot);
  const [instructions, setInstructions] = useState(order.specialInstructions ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [refusal, setRefusal] = useState<{ message: string; more: string[] } | null>(null);
  const amend = useAmendOrder();
  const products = useProducts();

  const { calendar, offsetMs } = useBakeryClock();
  const now = useServerNow(offsetMs, 5_000);
  const today = calendar.data?.today ?? toIsoDate(new Date());
  const maxDaysAhead = calendar.data?.maxDeliveryDaysAhead ?? Number.POSITIVE_INFINITY;
  const range = calendar.data ? deliveryRange(calendar.data) : null;
  // the products' lead times narrow the dates
  const productKey = [...new Set(lines.map((l) => l.productId))].sort().join(',');
  const productIds = useMemo(() => (productKey ? productKey.split(',') : []), [productKey]);
  const delivery = useDeliveryDays(range, productIds);
  const days = useMemo(() => new Map(delivery.days.map((d) => [d.date, d])), [delivery.days]);
  const chosen = date ? days.get(date) : undefined;
  const slotOptions: readonly DeliveryTimeSlot[] = chosen && chosen.slots.length > 0 ? chosen.slots : DELIVERY_TIME_SLOTS;

  const addable = (products.data ?? []).filter((p) => isLiveProduct(p) && p.stock > 0 && !lines.some((l) => l.productId === p.id));
  const subtotal = lines.reduce((sum, l) => sum + lineTotalCents(l.unitPrice, l.quantity), 0);

  const setQuantity = (productId: string, quantity: number) => setLines((all) => all.map((l) => (l.productId === productId ? { ...l, quantity } : l)));
  const remove = (productId: string) => setLines((all) => all.filter((l) => l.productId !== productId));
  const add = (productId: string) => {
    const product = addable.find((p) => p.id === productId);
    if (!product) return;
    setLines((all) => [...all, { productId, name: product.name, quantity: 1, unitPrice: product.price, max: Math.min(CART_LINE_MAX, product.stock), added: true }]);
  };
  const chooseDate = (value: Dayjs | null) => {
    const next = value ? value.format('YYYY-MM-DD') : null;
    setDate(next);
    // a slot the new date does not offer
    const offered = next ? days.get(next)?.slots : undefined;
    if (slot && offered && offered.length > 0 && !offered.includes(slot)) setSlot(null);
    setErrors(({ deliveryDate: _date, deliveryTimeSlot: _slot, ...rest }) => rest);
  };

  const onSave = () => {
    setErrors({});
    setRefusal(null);
    const body = amendmentBody(order, {
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      deliveryDate: date,
      deliveryTimeSlot: slot,
      specialInstructions: instructions,
    });
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    amend.mutate(
      { id: order.id, ...body },
      {
        onSuccess: () => {
          notify.success(`Order #${shortId} has been changed`, 'Order changed');
          onClose();
        },
        onError: (err) => {
          if (isApiError(err, 400) && err.body?.errors) {
            setErrors(err.body.errors);
            // the date was refused: read the dates again
            if (err.body.errors.deliveryDate) void delivery.refetch();
          } else if (isApiError(err, 409) || isApiError(err, 404) || isApiError(err, 403)) {
            // 403: the customer's account is on hold (issue 19); the server's words say what to do
            setRefusal({ message: err.serverMessage ?? 'The order could not be changed', more: shortagesText(err.body?.details) });
          } else {
            notify.failed('Failed to change the order', err);
          }
        },
      },
    );
  };

  const lineErrors = Object.entries(errors).filter(([field]) => field === 'lines' || field.startsWith('lines.'));
  return (
    <Modal
      title={`Change order #${shortId}`}
      open
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="keep" onClick={onClose}>
          Keep as it is
        </Button>,
        <Button key="save" type="primary" loading={amend.isPending} onClick={onSave}>
          Save changes
        </Button>,
      ]}
    >
      <div className="change-order">
        {refusal && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={refusal.message}
            description={refusal.more.length > 0 ? refusal.more.join('; ') : undefined}
          />
        )}
        {lineErrors.length > 0 && <Alert type="error" showIcon role="alert" title={lineErrors.flatMap(([, messages]) => messages).join(' ')} />}
        <ul className="change-order-lines" aria-label="Products">
          {lines.map((line) => (
            <li key={line.productId} className="change-order-line" aria-label={line.name}>
              <div className="change-order-line-name">
                <div title={line.name}>{line.name}</div>
                <div className="muted">
                  {formatAmount(line.unitPrice)} each{line.added ? ' (today’s price)' : ''}
                </div>
              </div>
              <QuantityStepper
                value={line.quantity}
                min={CART_LINE_MIN}
                max={line.max}
                onChange={(quantity) => setQuantity(line.productId, quantity)}
                itemName={line.name}
                editable
                size="small"
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove ${line.name}`}
                title={lines.length === 1 ? 'An order needs at least one product' : undefined}
                disabled={lines.length === 1}
                onClick={() => remove(line.productId)}
              />
            </li>
          ))}
        </ul>
        <div className="field">
          <label htmlFor="change-order-add">Add a product</label>
          <Select
            id="change-order-add"
            showSearch={{ optionFilterProp: 'label' }}
            value={null}
            placeholder="Choose a product"
            onChange={(id: string) => add(id)}
            loading={products.isLoading}
            options={addable.map((p) => ({ value: p.id, label: `${p.name} (${formatAmount(p.price)})` }))}
            className="full-width"
          />
        </div>
        <div className="change-order-subtotal" data-testid="change-order-subtotal">
          Subtotal {formatMoney(subtotal)} <span className="muted">(the delivery fee and tax are added)</span>
        </div>
        <div className="field">
          <label htmlFor="change-order-date">Delivery Date</label>
          <DatePicker
            id="change-order-date"
            value={date ? dayjs(date) : null}
            onChange={chooseDate}
            format="YYYY-MM-DD"
            placeholder="No date"
            disabledDate={(d) => {
              const iso = d.format('YYYY-MM-DD');
              if (iso === order.deliveryDate) return false; // staying on its date is no change
              if (deliveryDateRefusal(iso, today, maxDaysAhead) !== null) return true;
              const day = days.get(iso);
              return day !== undefined && !calendarDayAt(day, now, calendar.data?.timeZone ?? 'UTC').orderable;
            }}
            defaultPickerValue={dayjs(date ?? today)}
            disabled={calendar.isLoading || delivery.isLoading}
            status={errors.deliveryDate ? 'error' : undefined}
            aria-invalid={errors.deliveryDate ? true : undefined}
            aria-describedby={errors.deliveryDate ? 'change-order-date-error' : undefined}
            className="full-width"
          />
          {errors.deliveryDate && (
            <div id="change-order-date-error" className="field-error" role="alert">
              {errors.deliveryDate[0]}
            </div>
          )}
        </div>
        <div className="field">
          <label htmlFor="change-order-slot">Delivery Time Slot</label>
          <Select
            id="change-order-slot"
            value={slot ?? undefined}
            onChange={(value?: DeliveryTimeSlot) => setSlot(value ?? null)}
            allowClear
            placeholder="No time slot"
            options={slotOptions.map((s) => ({ value: s, label: s }))}
            status={errors.deliveryTimeSlot ? 'error' : undefined}
            className="full-width"
          />
          {errors.deliveryTimeSlot && (
            <div className="field-error" role="alert">
              {errors.deliveryTimeSlot[0]}
            </div>
          )}
        </div>
        <div className="field">
          <label htmlFor="change-order-instructions">Special Instructions</label>
          <Input.TextArea
            id="change-order-instructions"
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
            rows={3}
            maxLength={SPECIAL_INSTRUCTIONS_MAX}
          />
          {errors.specialInstructions && (
            <div className="field-error" role="alert">
              {errors.specialInstructions[0]}
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}
