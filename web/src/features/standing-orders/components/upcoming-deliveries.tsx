import { CalendarOutlined, ClockCircleOutlined, EditOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { CART_LINE_MAX } from '@contracts/constants';
import { DeliveryMessages } from '@contracts/delivery-rules';
import type { StandingOrder, UpcomingDelivery } from '@contracts/standing-orders';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { cutoffText, shortDate, useBakeryClock, useServerNow } from '@/lib/bakery-time';
import { useChangeDelivery, UPCOMING_WEEKS, useUpcomingDeliveries } from '../api/standing-orders';
import { calendarWeeks, changedForDate, deliveryState, linesText, weekTitle } from '../upcoming';

/** How often the calendar looks at the clock: Skip and Change go within seconds of a cut-off. */
const CUTOFF_TICK_MS = 5_000;

/**
 * The next four weeks of deliveries, week by week: per date each standing order's quantities and
 * cut-off, with Skip / Unskip and Change (that date's quantities only) until the cut-off, by the
 * server's clock in the bakery's zone; after it, the order is being prepared.
 */
export function UpcomingDeliveries({
  standingOrders,
  nameOf,
  customerId,
}: {
  standingOrders: StandingOrder[];
  nameOf: (productId: string) => string;
  customerId?: string;
}) {
  const upcoming = useUpcomingDeliveries(customerId);
  const { calendar, offsetMs, timeZone } = useBakeryClock();
  const now = useServerNow(offsetMs, CUTOFF_TICK_MS);
  const [changing, setChanging] = useState<UpcomingDelivery | null>(null);
  const byId = new Map(standingOrders.map((so) => [so.id, so]));
  const today = calendar.data?.today ?? null;

  if (upcoming.isError) return <LoadError inline title="The coming deliveries could not be loaded" query={upcoming} />;
  if (calendar.isError) return <LoadError inline title="The bakery's calendar could not be loaded" query={calendar} />;
  if (upcoming.isLoading || !today) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  const deliveries = upcoming.data ?? [];
  if (deliveries.length === 0) {
    return (
      <EmptyState
        icon={<CalendarOutlined />}
        title="No deliveries in the next 4 weeks"
        hint={standingOrders.length === 0 ? 'Create a standing order and its deliveries show here.' : 'Paused or ended standing orders have no coming deliveries.'}
      />
    );
  }
  const weeks = calendarWeeks(deliveries, today, UPCOMING_WEEKS);
  const changingSo = changing ? byId.get(changing.standingOrderId) : undefined;
  return (
    <div className="so-calendar">
      {weeks.map((week) => (
        <section key={week.monday} className="so-week" aria-labelledby={`so-week-${week.monday}`}>
          <h3 id={`so-week-${week.monday}`} className="so-week-title">
            {weekTitle(week.monday, today, shortDate)}
          </h3>
          {week.dates.length === 0 ? (
            <p className="muted so-week-empty">No deliveries this week.</p>
          ) : (
            <ol className="so-dates" aria-label={`Deliveries ${weekTitle(week.monday, today, shortDate).toLowerCase()}`}>
              {week.dates.map(({ date, deliveries: onDate }) => (
                <li key={date} className="so-date" aria-label={shortDate(date)}>
                  <div className="so-date-label">{shortDate(date)}</div>
                  <ul className="so-date-deliveries">
                    {onDate.map((d) => (
                      <DeliveryRow
                        key={d.standingOrderId}
                        delivery={d}
                        so={byId.get(d.standingOrderId)}
                        nameOf={nameOf}
                        now={now}
                        timeZone={timeZone}
                        onChange={() => setChanging(d)}
                      />
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
      {changing && changingSo && <ChangeDeliveryDialog delivery={changing} so={changingSo} nameOf={nameOf} onClose={() => setChanging(null)} />}
    </div>
  );
}

function DeliveryRow({
  delivery,
  so,
  nameOf,
  now,
  timeZone,
  onChange,
}: {
  delivery: UpcomingDelivery;
  so: StandingOrder | undefined;
  nameOf: (productId: string) => string;
  now: number;
  timeZone: string;
  onChange: () => void;
}) {
  const change = useChangeDelivery();
  const state = deliveryState(delivery, now);
  const open = state === 'open' || state === 'skipped';
  const name = so?.name ?? 'Standing order';
  const when = shortDate(delivery.date);
  const changed = so ? changedForDate(delivery, so) : false;
  const setSkip = (skip: boolean) =>
    change.mutate(
      { standingOrderId: delivery.standingOrderId, date: delivery.date, change: { skip } },
      {
        onSuccess: () => notify.success(skip ? `${name} will not deliver on ${when}` : `${name} delivers on ${when} again`, skip ? 'Delivery skipped' : 'Delivery restored'),
        onError: (err) => notify.failed(skip ? 'Failed to skip the delivery' : 'Failed to restore the delivery', err),
      },
    );
  return (
    <li className={`so-delivery so-delivery-${state}`} aria-label={name} data-standing-order-id={delivery.standingOrderId} data-date={delivery.date}>
      <div className="so-delivery-main">
        <div className="so-delivery-head">
          <span className="so-delivery-name">{name}</span>
          {state === 'skipped' || state === 'skipped-closed' ? (
            <Tag className="so-delivery-tag">Skipped</Tag>
          ) : state === 'closed' ? (
            <Tag color="blue" className="so-delivery-tag">
              Being prepared
            </Tag>
          ) : changed ? (
            <Tag color="gold" className="so-delivery-tag">
              Changed for this date
            </Tag>
          ) : null}
        </div>
        <div className={state === 'skipped' || state === 'skipped-closed' ? 'so-delivery-lines so-delivery-lines-skipped' : 'so-delivery-lines'}>
          {linesText(delivery.lines, nameOf)}
        </div>
        <div className="muted so-delivery-cutoff">
          <ClockCircleOutlined aria-hidden="true" />{' '}
          {open ? `Change or skip until ${cutoffText(delivery.cutoffAt, timeZone, now)}` : state === 'closed' ? DeliveryMessages.orderBeingPrepared : `Orders closed ${cutoffText(delivery.cutoffAt, timeZone, now)}`}
        </div>
      </div>
      {open && (
        <div className="so-delivery-actions">
          {state === 'skipped' ? (
            <Button icon={<UndoOutlined />} onClick={() => setSkip(false)} loading={change.isPending} aria-label={`Unskip ${name} on ${when}`}>
              Unskip
            </Button>
          ) : (
            <>
              <Button icon={<EditOutlined />} onClick={onChange} disabled={!so} aria-label={`Change ${name} on ${when}`}>
                Change
              </Button>
              <Button icon={<StopOutlined />} onClick={() => setSkip(true)} loading={change.isPending} aria-label={`Skip ${name} on ${when}`}>
                Skip
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * One date's quantities: every product of the standing order, at what that date has now (0 for
 * one it does not deliver). A 409 (the cut-off passed meanwhile) shows the server's message.
 */
function ChangeDeliveryDialog({
  delivery,
  so,
  nameOf,
  onClose,
}: {
  delivery: UpcomingDelivery;
  so: StandingOrder;
  nameOf: (productId: string) => string;
  onClose: () => void;
}) {
  const [quantities, setQuantities] = useState<Record<string, number>>(() => {
    const now = new Map(delivery.lines.map((l) => [l.productId, l.quantity]));
    return Object.fromEntries(so.lines.map((l) => [l.productId, now.get(l.productId) ?? 0]));
  });
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeDelivery();
  const when = shortDate(delivery.date);
  const onSave = () => {
    setProblem(null);
    change.mutate(
      { standingOrderId: so.id, date: delivery.date, change: { lines: Object.entries(quantities).map(([productId, quantity]) => ({ productId, quantity })) } },
      {
        onSuccess: () => {
          notify.success(`${so.name} on ${when} has been changed`, 'Delivery changed');
          onClose();
        },
        onError: (err) => {
          if (isApiError(err, 400) && err.body?.errors) setProblem(Object.values(err.body.errors).flat().join(' '));
          else if (isApiError(err, 409) || isApiError(err, 404)) setProblem(err.serverMessage ?? 'The delivery could not be changed');
          else notify.failed('Failed to change the delivery', err);
        },
      },
    );
  };
  return (
    <Modal
      title={`Change ${so.name} on ${when}`}
      open
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={change.isPending} onClick={onSave}>
          Save
        </Button>,
      ]}
    >
      <div className="so-change">
        <p className="muted">Only this date changes; the other deliveries keep their usual quantities.</p>
        {problem && <Alert type="error" showIcon role="alert" title={problem} />}
        <ul className="so-change-lines" aria-label="Products">
          {so.lines.map((l) => (
            <li key={l.productId} className="so-change-line">
              <span className="so-change-name">{nameOf(l.productId)}</span>
              <QuantityStepper
                value={quantities[l.productId] ?? 0}
                min={0}
                max={CART_LINE_MAX}
                onChange={(q) => setQuantities((all) => ({ ...all, [l.productId]: q }))}
                itemName={`${nameOf(l.productId)} on ${when}`}
                editable
                size="small"
              />
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
