import { CalendarOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Skeleton, Switch, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { addDays, isCalendarDate } from '@contracts/calendar';
import { DELIVERY_TIME_SLOTS, type DeliveryTimeSlot } from '@contracts/constants';
import {
  closureOn,
  DEFAULT_DELIVERY_SCHEDULE,
  DeliveryMessages,
  ruleFor,
  SCHEDULE_LIMITS,
  WEEKDAYS,
  type CalendarDay,
  type Closure,
  type DeliverySchedule,
  type WeekdayRule,
} from '@contracts/delivery-rules';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { cutoffText, shortDate, useBakeryClock, useServerNow } from '@/lib/bakery-time';
import { toIsoDate } from '@/lib/dates';
import { rule } from '@/lib/form-rule';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useAddClosure, useCalendarPreview, useClosures, useDeliverySchedule, useRemoveClosure, useSaveSchedule } from '../api/schedule';
import {
  formFieldOf,
  ruleSummary,
  toSchedule,
  validateCutoffTime,
  validateLeadDays,
  validateSlots,
  WEEKDAY_NAMES,
} from '../schedule-form';
import { MonthView, type DayMark } from './month-view';
import './schedule.css';

/** How many days the preview shows. */
export const PREVIEW_DAYS = 14;

/**
 * The bakery's ordering windows (issue 16): the seven weekday rules and the two settings in one
 * form, the closures with a month view, and the next 14 days as customers will see them (GET
 * /api/delivery/calendar, the server's own judgement). Every change reads the preview again.
 */
export function DeliverySchedulePage() {
  const mobile = useIsMobile();
  const schedule = useDeliverySchedule();
  const { calendar, offsetMs, timeZone } = useBakeryClock();
  const today = calendar.data?.today ?? null;

  return (
    <div className={mobile ? 'schedule schedule-mobile' : 'schedule'}>
      <Card title={<h2 className="card-heading">Weekly Schedule</h2>} className="schedule-weekly">
        {schedule.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : schedule.isError || !schedule.data ? (
          <LoadError inline title="The delivery schedule could not be loaded" query={schedule} />
        ) : (
          <ScheduleForm saved={schedule.data} />
        )}
      </Card>
      <div className="schedule-side">
        <PreviewCard today={today} calendarQuery={calendar} offsetMs={offsetMs} timeZone={timeZone} />
        <ClosuresCard today={today} schedule={schedule.data} />
      </div>
    </div>
  );
}

/** A weekday's slots as checkboxes, in a labelled group (Form.Item gives value and onChange). */
function SlotsField({
  id,
  value,
  onChange,
  disabled,
  label,
}: {
  id?: string;
  value?: DeliveryTimeSlot[];
  onChange?: (slots: DeliveryTimeSlot[]) => void;
  disabled: boolean;
  label: string;
}) {
  const chosen = value ?? [];
  return (
    <div id={id} role="group" aria-label={label} className="slot-choices">
      {DELIVERY_TIME_SLOTS.map((slot) => (
        <Checkbox
          key={slot}
          checked={chosen.includes(slot)}
          disabled={disabled}
          onChange={(e) => onChange?.(DELIVERY_TIME_SLOTS.filter((s) => (s === slot ? e.target.checked : chosen.includes(s))))}
        >
          {slot}
        </Checkbox>
      ))}
    </div>
  );
}

function WeekdayFields({ index, rule: current }: { index: number; rule: WeekdayRule | undefined }) {
  const weekday = WEEKDAYS[index];
  const name = WEEKDAY_NAMES[weekday];
  const delivers = current?.delivers ?? false;
  const field = (key: keyof WeekdayRule) => ['weekdays', index, key];
  return (
    <fieldset className={delivers ? 'weekday-rule' : 'weekday-rule weekday-rule-off'}>
      <legend className="weekday-name">{name}</legend>
      <div className="weekday-fields">
        {/* the label beside the switch on a phone (the row is the tap target), above it on a desktop */}
        <div className="rule-delivers">
          <label htmlFor={`weekday-${weekday}-delivers`}>Deliveries</label>
          <Form.Item name={field('delivers')} valuePropName="checked" noStyle>
            <Switch id={`weekday-${weekday}-delivers`} />
          </Form.Item>
        </div>
        <Form.Item name={field('leadDays')} label="Lead days" rules={[rule(validateLeadDays)]} className="rule-lead">
          <InputNumber min={0} max={SCHEDULE_LIMITS.leadDaysMax} precision={0} disabled={!delivers} className="full-width" />
        </Form.Item>
        <Form.Item name={field('cutoffTime')} label="Cut-off time" rules={[rule(validateCutoffTime)]} className="rule-cutoff">
          <Input placeholder="14:00" maxLength={5} inputMode="numeric" autoComplete="off" disabled={!delivers} />
        </Form.Item>
        <Form.Item
          name={field('slots')}
          label="Time slots"
          dependencies={[field('delivers')]}
          rules={[({ getFieldValue }) => rule<DeliveryTimeSlot[] | undefined>((slots) => validateSlots(slots, Boolean(getFieldValue(field('delivers')))))]}
          className="rule-slots"
        >
          <SlotsField disabled={!delivers} label={`${name} time slots`} />
        </Form.Item>
      </div>
      <p className="rule-summary">{current ? ruleSummary(current) : ''}</p>
    </fieldset>
  );
}

/** A setting's switch, its label (the whole row's height: a phone's tap target) and what off means. */
function SettingRow({ name, label, hint }: { name: 'requireDeliveryDate' | 'autoConfirmAtCutoff'; label: string; hint: string }) {
  const id = `schedule-${name}`;
  return (
    <div className="setting-row">
      <label htmlFor={id}>{label}</label>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch id={id} aria-describedby={`${id}-hint`} />
      </Form.Item>
      <span id={`${id}-hint`} className="setting-hint">
        {hint}
      </span>
    </div>
  );
}

/** The seven weekday rules and the settings; Save replaces the schedule (PUT), the server's field errors go to their fields. */
function ScheduleForm({ saved }: { saved: DeliverySchedule }) {
  const [form] = Form.useForm<DeliverySchedule>();
  const save = useSaveSchedule();
  const [problem, setProblem] = useState<string | null>(null);
  const rules = Form.useWatch('weekdays', form) as WeekdayRule[] | undefined;

  useEffect(() => form.setFieldsValue(saved), [saved, form]);

  const onFinish = (values: DeliverySchedule) => {
    setProblem(null);
    save.mutate(toSchedule(values), {
      onSuccess: (answer) => {
        form.setFieldsValue(answer);
        notify.success('Delivery schedule saved');
      },
      onError: (err) => {
        if (isApiError(err, 400) && err.body?.errors) {
          const general: string[] = [];
          const fields = Object.entries(err.body.errors).flatMap(([key, errors]) => {
            const name = formFieldOf(key);
            if (!name) general.push(...errors);
            return name ? [{ name, errors }] : [];
          });
          // the paths formFieldOf answers are the form's own (weekdays, index, field)
          form.setFields(fields as Parameters<typeof form.setFields>[0]);
          setProblem(general.length > 0 ? general.join(' ') : null);
          notify.error('Please correct the highlighted fields', 'The schedule was not saved');
        } else {
          notify.failed('Failed to save the delivery schedule', err);
        }
      },
    });
  };

  return (
    <Form<DeliverySchedule> form={form} name="delivery-schedule" layout="vertical" requiredMark={false} noValidate initialValues={saved} onFinish={onFinish}>
      {problem && <Alert type="error" showIcon role="alert" title={problem} className="schedule-problem" />}
      <p className="muted schedule-intro">
        Each delivery day's cut-off is its lead days before it, at its cut-off time (bakery time); 24:00 is the end of the day.
      </p>
      <div className="weekday-rules">
        {WEEKDAYS.map((weekday, i) => (
          <WeekdayFields key={weekday} index={i} rule={rules?.[i]} />
        ))}
      </div>
      <h3 className="schedule-subheading">Settings</h3>
      <SettingRow name="requireDeliveryDate" label="Customers must choose a delivery date" hint="Off: the date is optional" />
      <SettingRow name="autoConfirmAtCutoff" label="Confirm pending orders automatically at their cut-off" hint="Off: you set each order's status" />
      <div className="schedule-actions">
        <Button onClick={() => form.setFieldsValue(DEFAULT_DELIVERY_SCHEDULE)} disabled={save.isPending}>
          Use Default Rules
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Schedule'}
        </Button>
      </div>
    </Form>
  );
}

interface ClosureFormValues {
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  message?: string;
}

/** "Thu 24 Dec – Sat 26 Dec", or one date. */
function closureDates(closure: Pick<Closure, 'from' | 'to'>): string {
  return closure.from === closure.to ? shortDate(closure.from) : `${shortDate(closure.from)} – ${shortDate(closure.to)}`;
}

/** The closures: the list with Remove, Add (a date range and the message customers see), and the month view. */
function ClosuresCard({ today, schedule }: { today: string | null; schedule: DeliverySchedule | undefined }) {
  const closures = useClosures();
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const [form] = Form.useForm<ClosureFormValues>();
  const thisMonth = (today ?? toIsoDate(new Date())).slice(0, 7);
  const [month, setMonth] = useState<string | null>(null);
  const shownMonth = month ?? thisMonth;
  const list = useMemo(() => closures.data ?? [], [closures.data]);

  const markOf = (date: string): DayMark | null => {
    const closure = closureOn(date, list);
    if (closure) return { kind: 'closure', label: closure.message };
    if (schedule && !ruleFor(schedule, date).delivers) return { kind: 'no-delivery', label: 'No deliveries' };
    return null;
  };

  const onAdd = (values: ClosureFormValues) => {
    const input = { from: values.from!, to: values.to!, message: (values.message ?? '').trim() };
    add.mutate(input, {
      onSuccess: () => {
        notify.success(`Closed ${closureDates(input)}`, 'Closure added');
        form.resetFields();
        setMonth(input.from.slice(0, 7));
      },
      onError: (err) => {
        if (isApiError(err, 400) && err.body?.errors) {
          const fields = Object.entries(err.body.errors).filter(([key]) => ['from', 'to', 'message'].includes(key));
          form.setFields(fields.map(([name, errors]) => ({ name: name as keyof ClosureFormValues, errors })));
          const other = Object.entries(err.body.errors).filter(([key]) => !['from', 'to', 'message'].includes(key));
          notify.error(other.length > 0 ? other.flatMap(([, e]) => e).join(' ') : 'Please correct the highlighted fields', 'The closure was not added');
        } else {
          notify.failed('Failed to add the closure', err);
        }
      },
    });
  };

  const onRemove = (closure: Closure) =>
    remove.mutate(closure.id, {
      onSuccess: () => notify.success(`${closureDates(closure)} can be ordered again where the weekly rules allow`, 'Closure removed'),
      onError: (err) => notify.failed('Failed to remove the closure', err),
    });

  return (
    <Card title={<h2 className="card-heading">Closures</h2>} className="schedule-closures">
      {closures.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : closures.isError ? (
        <LoadError inline title="The closures could not be loaded" query={closures} />
      ) : list.length === 0 ? (
        <p className="muted">No closures planned.</p>
      ) : (
        <ul className="closure-list" aria-label="Planned closures">
          {list.map((closure) => (
            <li key={closure.id} className="closure-item" aria-label={closureDates(closure)}>
              <div className="closure-text">
                <div className="closure-dates">{closureDates(closure)}</div>
                <div className="closure-message" title={closure.message}>
                  {closure.message}
                </div>
              </div>
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`Remove closure ${closureDates(closure)}`}
                loading={remove.isPending && remove.variables === closure.id}
                onClick={() => onRemove(closure)}
              />
            </li>
          ))}
        </ul>
      )}

      <Form<ClosureFormValues> form={form} name="add-closure" layout="vertical" requiredMark={false} noValidate onFinish={onAdd} className="closure-form">
        <h3 className="schedule-subheading">Add a closure</h3>
        <div className="form-row">
          {/* the browser's own date input: its picker is the phone's, and it types as a keyboard expects */}
          <Form.Item name="from" label="From" rules={[rule<string | undefined>((v) => (isCalendarDate(v ?? '') ? undefined : DeliveryMessages.closureDate))]}>
            <Input type="date" min={today ?? undefined} />
          </Form.Item>
          <Form.Item
            name="to"
            label="To"
            dependencies={['from']}
            rules={[
              ({ getFieldValue }) =>
                rule<string | undefined>((to) => {
                  if (!isCalendarDate(to ?? '')) return DeliveryMessages.closureDate;
                  const from = getFieldValue('from') as string | undefined;
                  return from && isCalendarDate(from) && to! < from ? DeliveryMessages.closureOrder : undefined;
                }),
            ]}
          >
            <Input type="date" min={today ?? undefined} />
          </Form.Item>
        </div>
        <Form.Item
          name="message"
          label="Message to customers"
          rules={[
            rule<string | undefined>((v) => {
              const length = (v ?? '').trim().length;
              return length < 1 || length > SCHEDULE_LIMITS.closureMessageMax ? DeliveryMessages.closureMessage : undefined;
            }),
          ]}
        >
          <Input maxLength={SCHEDULE_LIMITS.closureMessageMax} placeholder="e.g. Closed for Christmas" autoComplete="off" />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
          Add Closure
        </Button>
      </Form>

      <MonthView month={shownMonth} minMonth={thisMonth} today={today ?? ''} markOf={markOf} onMonthChange={setMonth} />
    </Card>
  );
}

/** A day's slots: "all slots", or the ones it offers. */
const slotsText = (slots: readonly DeliveryTimeSlot[]) => (slots.length === DELIVERY_TIME_SLOTS.length ? 'all slots' : slots.join(', '));

const REFUSAL_TAGS: Record<NonNullable<CalendarDay['reason']>, string> = {
  closed_weekday: 'No deliveries',
  closure: 'Closed',
  cutoff_passed: 'Cut-off passed',
  lead_time: 'Lead time',
};

/** The next 14 days as customers see them, the server's own judgement; read again after every change. */
function PreviewCard({
  today,
  calendarQuery,
  offsetMs,
  timeZone,
}: {
  today: string | null;
  calendarQuery: { isError: boolean; isFetching: boolean; refetch: () => unknown };
  offsetMs: number;
  timeZone: string;
}) {
  const preview = useCalendarPreview(today ? { from: today, to: addDays(today, PREVIEW_DAYS - 1) } : null);
  const now = useServerNow(offsetMs, 60_000);
  const days = preview.data ?? [];
  return (
    <Card title={<h2 className="card-heading">Next {PREVIEW_DAYS} Days</h2>} extra={<span className="muted">as customers see them</span>} className="schedule-preview">
      {calendarQuery.isError ? (
        <LoadError inline title="The bakery's calendar could not be loaded" query={calendarQuery} />
      ) : preview.isError ? (
        <LoadError inline title="The preview could not be loaded" query={preview} />
      ) : !today || preview.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : days.length === 0 ? (
        <EmptyState icon={<CalendarOutlined />} title="No dates to show" />
      ) : (
        <ol className="preview-list" aria-label={`Next ${PREVIEW_DAYS} days as customers see them`}>
          {days.map((day) => (
            <li key={day.date} className={day.orderable ? 'preview-day' : 'preview-day preview-day-closed'} aria-label={shortDate(day.date)}>
              <span className="preview-date">{shortDate(day.date)}</span>
              {day.orderable ? (
                <Tag color="green" className="preview-tag">
                  Orderable
                </Tag>
              ) : (
                <Tag className="preview-tag">{day.reason ? REFUSAL_TAGS[day.reason] : 'Closed'}</Tag>
              )}
              <span className="preview-detail">
                {day.orderable && day.cutoffAt ? `Order by ${cutoffText(day.cutoffAt, timeZone, now)} · ${slotsText(day.slots)}` : (day.message ?? '')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export default DeliverySchedulePage;
