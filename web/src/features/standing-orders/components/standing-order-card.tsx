import { DeleteOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, DatePicker, Modal, Radio, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { StandingOrder } from '@contracts/standing-orders';
import { notify } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { shortDate } from '@/lib/bakery-time';
import { formatIsoDate } from '@/lib/dates';
import { useDeleteStandingOrder, usePauseStandingOrder, useResumeStandingOrder } from '../api/standing-orders';
import { cadenceText, deliveryDaysText, quantitiesText, statusText } from '../standing-order-form';

/**
 * One standing order: its status (active, paused until a date or until resumed, ended), cadence,
 * delivery days, dates, slot and what it delivers per product, with Edit, Pause or Resume, and
 * Delete (asked first). `today`: the bakery's date (whether it has ended; the earliest pause end).
 */
export function StandingOrderCard({
  so,
  nameOf,
  today,
  onEdit,
}: {
  so: StandingOrder;
  nameOf: (productId: string) => string;
  today: string | null;
  onEdit: () => void;
}) {
  const [pausing, setPausing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const resume = useResumeStandingOrder();
  const status = statusText(so, today, shortDate);
  const onResume = () =>
    resume.mutate(so.id, {
      onSuccess: () => notify.success(`${so.name} delivers again`, 'Standing order resumed'),
      onError: (err) => notify.failed('Failed to resume the standing order', err),
    });

  return (
    <li className="so-card" aria-label={so.name} data-standing-order-id={so.id}>
      <div className="so-card-head">
        <h3 className="so-card-name" title={so.name}>
          {so.name}
        </h3>
        <Tag color={status.color} className="so-status">
          {status.label}
        </Tag>
      </div>
      <p className="so-card-summary">
        {cadenceText(so.everyWeeks)} · {deliveryDaysText(so.lines)}
      </p>
      <p className="muted so-card-dates">
        From {formatIsoDate(so.startDate)}
        {so.endDate ? ` to ${formatIsoDate(so.endDate)}` : ''}
        {so.deliveryTimeSlot ? ` · ${so.deliveryTimeSlot}` : ''}
      </p>
      <ul className="so-card-lines" aria-label="Products">
        {so.lines.map((l) => (
          <li key={l.productId}>
            <span className="so-card-line-name">{nameOf(l.productId)}</span>: <span className="so-card-line-qty">{quantitiesText(l.quantities) || 'none'}</span>
          </li>
        ))}
      </ul>
      {so.specialInstructions && <p className="muted so-card-instructions">{so.specialInstructions}</p>}
      <div className="so-card-actions">
        <Button icon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${so.name}`}>
          Edit
        </Button>
        {so.status === 'paused' ? (
          <Button icon={<PlayCircleOutlined />} onClick={onResume} loading={resume.isPending} aria-label={`Resume ${so.name}`}>
            Resume
          </Button>
        ) : (
          <Button icon={<PauseCircleOutlined />} onClick={() => setPausing(true)} aria-label={`Pause ${so.name}`}>
            Pause
          </Button>
        )}
        <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)} aria-label={`Delete ${so.name}`}>
          Delete
        </Button>
      </div>
      {pausing && <PauseDialog so={so} today={today} onClose={() => setPausing(false)} />}
      {deleting && <DeleteDialog so={so} onClose={() => setDeleting(false)} />}
    </li>
  );
}

/** Pause until resumed, or until a date: deliveries start again on that date. */
function PauseDialog({ so, today, onClose }: { so: StandingOrder; today: string | null; onClose: () => void }) {
  const [mode, setMode] = useState<'resumed' | 'date'>('resumed');
  const [until, setUntil] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pause = usePauseStandingOrder();
  const onConfirm = () => {
    if (mode === 'date' && !until) {
      setError('Choose the date deliveries start again');
      return;
    }
    pause.mutate(
      { id: so.id, until: mode === 'date' ? until : null },
      {
        onSuccess: (saved) => {
          notify.success(saved.pausedUntil ? `${so.name} is paused until ${shortDate(saved.pausedUntil)}` : `${so.name} is paused until you resume it`, 'Standing order paused');
          onClose();
        },
        onError: (err) => {
          const field = isApiError(err, 400) ? err.body?.errors?.until?.[0] : undefined;
          if (field) setError(field);
          else notify.failed('Failed to pause the standing order', err);
        },
      },
    );
  };
  return (
    <Modal
      title={`Pause ${so.name}`}
      open
      onCancel={onClose}
      footer={[
        <Button key="keep" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="pause" type="primary" loading={pause.isPending} onClick={onConfirm}>
          Pause
        </Button>,
      ]}
    >
      <div className="so-pause">
        <Radio.Group
          value={mode}
          onChange={(e) => {
            setMode(e.target.value as 'resumed' | 'date');
            setError(null);
          }}
          className="so-pause-choices"
          aria-label="How long"
          options={[
            { value: 'resumed', label: 'Until I resume it' },
            { value: 'date', label: 'Until a date' },
          ]}
        />
        {mode === 'date' && (
          <div className="field">
            <label htmlFor="so-pause-until">Deliveries start again on</label>
            <DatePicker
              id="so-pause-until"
              value={until ? dayjs(until) : null}
              onChange={(value) => {
                setUntil(value ? value.format('YYYY-MM-DD') : null);
                setError(null);
              }}
              format="YYYY-MM-DD"
              disabledDate={(d) => today !== null && d.format('YYYY-MM-DD') <= today}
              defaultPickerValue={today ? dayjs(today) : undefined}
              status={error ? 'error' : undefined}
              className="full-width"
            />
          </div>
        )}
        {error && (
          <div className="field-error" role="alert">
            {error}
          </div>
        )}
        <p className="muted">No orders are made from it while it is paused; deliveries already being prepared still come.</p>
      </div>
    </Modal>
  );
}

function DeleteDialog({ so, onClose }: { so: StandingOrder; onClose: () => void }) {
  const remove = useDeleteStandingOrder();
  const onConfirm = () =>
    remove.mutate(so.id, {
      onSuccess: () => {
        notify.success(`${so.name} has been deleted`, 'Standing order deleted');
        onClose();
      },
      onError: (err) => {
        notify.failed('Failed to delete the standing order', err);
        onClose();
      },
    });
  return (
    <Modal
      title="Delete this standing order?"
      open
      onCancel={onClose}
      footer={[
        <Button key="keep" onClick={onClose}>
          Keep it
        </Button>,
        <Button key="delete" type="primary" danger loading={remove.isPending} onClick={onConfirm}>
          Delete
        </Button>,
      ]}
    >
      <p>
        {so.name} and its coming deliveries will be removed. Orders already made from it stay. This cannot be undone.
      </p>
    </Modal>
  );
}
