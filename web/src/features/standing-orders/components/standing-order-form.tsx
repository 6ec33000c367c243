import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useProducts } from '@/features/products/api/products';
import { CART_LINE_MAX, DELIVERY_TIME_SLOTS, SPECIAL_INSTRUCTIONS_MAX, type DeliveryTimeSlot } from '@contracts/constants';
import { isLiveProduct } from '@contracts/live-product';
import type { StandingOrder } from '@contracts/standing-orders';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { formatAmount } from '@/lib/money';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useSaveStandingOrder } from '../api/standing-orders';
import {
  addProduct,
  CADENCE_OPTIONS,
  formErrorsFrom,
  removeProduct,
  setQuantity,
  standingOrderBody,
  toggleDay,
  WEEKDAY_LONG,
  WEEKDAY_SHORT,
  type DraftLine,
  type FormErrors,
  type StandingOrderDraft,
} from '../standing-order-form';
import './standing-orders.css';

const NO_ERRORS: FormErrors = { fields: {}, lines: [], byProduct: {} };
const toIso = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null);

/**
 * Create or edit a standing order: its name, the delivery days and a quantity per product per
 * delivery day (a table on a computer, a block per product on a phone), the start date, an
 * optional end date, every 1 to 4 weeks, the time slot and instructions. `customerId`: an admin
 * making one for that customer (sent on create only). The server validates; its field messages
 * show at the fields, per product at the product, and a refusal (409 at ten standing orders, a
 * product no longer available) above the form.
 */
export function StandingOrderForm({
  initial,
  standingOrderId,
  customerId,
  onSaved,
  onCancel,
}: {
  initial: StandingOrderDraft;
  standingOrderId?: string;
  customerId?: string;
  onSaved: (saved: StandingOrder) => void;
  onCancel: () => void;
}) {
  const mobile = useIsMobile();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveStandingOrder();
  const products = useProducts();
  const addable = (products.data ?? []).filter((p) => isLiveProduct(p) && !draft.lines.some((l) => l.productId === p.id));
  const chosenDays = WEEKDAY_SHORT.map((_, day) => day).filter((day) => draft.days[day]);
  const editing = standingOrderId !== undefined;

  const change = (next: StandingOrderDraft) => setDraft(next);
  const fieldError = (field: string) => errors.fields[field];

  const onSubmit = () => {
    setErrors(NO_ERRORS);
    setRefusal(null);
    const { body, sentLines } = standingOrderBody(draft, editing ? undefined : customerId);
    save.mutate(
      { id: standingOrderId, body },
      {
        onSuccess: (saved) => {
          notify.success(editing ? `${saved.name} has been saved` : `${saved.name} has been created`, editing ? 'Standing order saved' : 'Standing order created');
          onSaved(saved);
        },
        onError: (err) => {
          if (isApiError(err, 400) && err.body?.errors) {
            setErrors(formErrorsFrom(err.body.errors, sentLines));
          } else if (isApiError(err, 404) && typeof err.body?.details?.productId === 'string') {
            // 'This product is not available': at the product's row
            setErrors({ ...NO_ERRORS, byProduct: { [String(err.body.details.productId).toLowerCase()]: err.serverMessage ?? 'This product is not available' } });
          } else if (isApiError(err, 409) || isApiError(err, 404) || isApiError(err, 403)) {
            setRefusal(err.serverMessage ?? 'The standing order could not be saved');
          } else {
            notify.failed(editing ? 'Failed to save the standing order' : 'Failed to create the standing order', err);
          }
        },
      },
    );
  };

  const lineError = (line: DraftLine) => errors.byProduct[line.productId] ?? errors.byProduct[line.productId.toLowerCase()];

  return (
    <form
      className={mobile ? 'standing-order-form standing-order-form-mobile' : 'standing-order-form'}
      aria-label={editing ? 'Edit standing order' : 'New standing order'}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} />}
      <div className="field">
        <label htmlFor="so-name">Name</label>
        <Input
          id="so-name"
          value={draft.name}
          onChange={(e) => change({ ...draft, name: e.target.value })}
          placeholder="e.g. Weekday bread"
          status={fieldError('name') ? 'error' : undefined}
          aria-invalid={fieldError('name') ? true : undefined}
          aria-describedby={fieldError('name') ? 'so-name-error' : undefined}
        />
        <FieldError id="so-name-error" message={fieldError('name')} />
      </div>

      <fieldset className="so-days">
        <legend>Delivery days</legend>
        <div className="so-day-choices">
          {WEEKDAY_SHORT.map((short, day) => (
            <Checkbox key={short} checked={draft.days[day]} onChange={(e) => change(toggleDay(draft, day, e.target.checked))} className="so-day" aria-label={WEEKDAY_LONG[day]}>
              {short}
            </Checkbox>
          ))}
        </div>
      </fieldset>

      <section className="so-quantities" aria-labelledby="so-quantities-heading">
        <h3 id="so-quantities-heading" className="so-section-title">
          Quantities
        </h3>
        {errors.lines.length > 0 && <Alert type="error" showIcon role="alert" title={errors.lines.join(' ')} />}
        {draft.lines.length === 0 ? (
          <p className="muted">Add the products this standing order delivers.</p>
        ) : chosenDays.length === 0 ? (
          <p className="muted so-pick-days">Choose the delivery days above: each product’s quantity goes on each day, and any day can be changed.</p>
        ) : (
          <p className="muted so-notice">A product that needs notice (a lead time) starts from the first delivery the bakery has that notice for.</p>
        )}
        {draft.lines.length > 0 &&
          (mobile ? (
            <ul className="so-line-blocks" aria-label="Products">
              {draft.lines.map((line) => (
                <li key={line.productId} className="so-line-block" aria-label={line.name}>
                  <div className="so-line-head">
                    <span className="so-line-name">{line.name}</span>
                    <RemoveButton line={line} onRemove={() => change(removeProduct(draft, line.productId))} />
                  </div>
                  {chosenDays.length > 0 && (
                    <div className="so-line-days">
                      {chosenDays.map((day) => (
                        <label key={day} className="so-line-day">
                          <span>{WEEKDAY_SHORT[day]}</span>
                          <QuantityInput line={line} day={day} onChange={(q) => change(setQuantity(draft, line.productId, day, q))} />
                        </label>
                      ))}
                    </div>
                  )}
                  <FieldError message={lineError(line)} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="so-grid-scroll">
              <table className="so-grid">
                <caption className="visually-hidden">Quantity of each product on each delivery day</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    {chosenDays.map((day) => (
                      <th key={day} scope="col" className="num">
                        <abbr title={WEEKDAY_LONG[day]}>{WEEKDAY_SHORT[day]}</abbr>
                      </th>
                    ))}
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {draft.lines.map((line) => (
                    <tr key={line.productId}>
                      <th scope="row" className="so-line-name">
                        {line.name}
                        <FieldError message={lineError(line)} />
                      </th>
                      {chosenDays.map((day) => (
                        <td key={day} className="num">
                          <QuantityInput line={line} day={day} onChange={(q) => change(setQuantity(draft, line.productId, day, q))} />
                        </td>
                      ))}
                      <td>
                        <RemoveButton line={line} onRemove={() => change(removeProduct(draft, line.productId))} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        <div className="field">
          <label htmlFor="so-add-product">Add a product</label>
          <Select
            id="so-add-product"
            showSearch={{ optionFilterProp: 'label' }}
            value={null}
            placeholder="Choose a product"
            onChange={(id: string) => {
              const product = addable.find((p) => p.id === id);
              if (product) change(addProduct(draft, product));
            }}
            loading={products.isLoading}
            notFoundContent={products.isError ? 'The products could not be loaded' : undefined}
            options={addable.map((p) => ({ value: p.id, label: `${p.name} (${formatAmount(p.price)})` }))}
            className="full-width"
          />
        </div>
      </section>

      <div className="so-fields">
        <div className="field">
          <label htmlFor="so-start">Start date</label>
          <DatePicker
            id="so-start"
            value={draft.startDate ? dayjs(draft.startDate) : null}
            onChange={(value) => change({ ...draft, startDate: toIso(value) ?? '' })}
            format="YYYY-MM-DD"
            allowClear={false}
            status={fieldError('startDate') ? 'error' : undefined}
            aria-invalid={fieldError('startDate') ? true : undefined}
            className="full-width"
          />
          <FieldError message={fieldError('startDate')} />
        </div>
        <div className="field">
          <label htmlFor="so-end">End date (optional)</label>
          <DatePicker
            id="so-end"
            value={draft.endDate ? dayjs(draft.endDate) : null}
            onChange={(value) => change({ ...draft, endDate: toIso(value) })}
            format="YYYY-MM-DD"
            placeholder="No end date"
            disabledDate={(d) => Boolean(draft.startDate) && d.format('YYYY-MM-DD') < draft.startDate}
            status={fieldError('endDate') ? 'error' : undefined}
            aria-invalid={fieldError('endDate') ? true : undefined}
            className="full-width"
          />
          <FieldError message={fieldError('endDate')} />
        </div>
        <div className="field">
          <label htmlFor="so-cadence">Repeat</label>
          <Select
            id="so-cadence"
            value={draft.everyWeeks}
            onChange={(everyWeeks: number) => change({ ...draft, everyWeeks })}
            options={CADENCE_OPTIONS}
            status={fieldError('everyWeeks') ? 'error' : undefined}
            className="full-width"
          />
          <FieldError message={fieldError('everyWeeks')} />
        </div>
        <div className="field">
          <label htmlFor="so-slot">Delivery Time Slot</label>
          <Select
            id="so-slot"
            value={draft.deliveryTimeSlot ?? undefined}
            onChange={(slot?: DeliveryTimeSlot) => change({ ...draft, deliveryTimeSlot: slot ?? null })}
            allowClear
            placeholder="Any time slot"
            options={DELIVERY_TIME_SLOTS.map((s) => ({ value: s, label: s }))}
            status={fieldError('deliveryTimeSlot') ? 'error' : undefined}
            className="full-width"
          />
          <FieldError message={fieldError('deliveryTimeSlot')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="so-instructions">Special Instructions</label>
        <Input.TextArea
          id="so-instructions"
          value={draft.specialInstructions}
          onChange={(e) => change({ ...draft, specialInstructions: e.target.value })}
          rows={3}
          maxLength={SPECIAL_INSTRUCTIONS_MAX}
          placeholder="Gate code, where to leave the delivery..."
        />
        <FieldError message={fieldError('specialInstructions')} />
      </div>
      {fieldError('customerId') && <Alert type="error" showIcon role="alert" title={fieldError('customerId')} />}
      <div className="so-form-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {editing ? 'Save Changes' : 'Create Standing Order'}
        </Button>
      </div>
    </form>
  );
}

function QuantityInput({ line, day, onChange }: { line: DraftLine; day: number; onChange: (quantity: number) => void }) {
  return (
    <InputNumber
      className="so-qty"
      aria-label={`${line.name} on ${WEEKDAY_LONG[day]}`}
      min={0}
      max={CART_LINE_MAX}
      precision={0}
      controls={false}
      inputMode="numeric"
      value={line.quantities[day]}
      onChange={(value) => onChange(typeof value === 'number' ? value : 0)}
    />
  );
}

function RemoveButton({ line, onRemove }: { line: DraftLine; onRemove: () => void }) {
  return <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${line.name}`} onClick={onRemove} className="so-remove" />;
}

function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {message}
    </div>
  );
}
